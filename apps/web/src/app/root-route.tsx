import { Suspense, useEffect } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { RouteErrorBoundary } from "./route-error-page";
import { SessionLoading } from "./session-fallbacks";

/** A new page opens at its top; back and forward keep the browser's own scroll restoration. */
function ScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

export function RootRoute() {
  return (
    <RouteErrorBoundary>
      {/* Shown on the first visit while the requested page's code loads. */}
      <Suspense fallback={<SessionLoading />}>
        <Outlet />
      </Suspense>
      <ScrollToTopOnNavigation />
    </RouteErrorBoundary>
  );
}
