import { Navigate, Outlet, useLocation } from "react-router";
import { paths } from "../lib/paths";
import { useSessionState } from "../lib/session";
import { SessionLoadError, SessionLoading } from "./session-fallbacks";

/**
 * Customer area: anonymous visitors go to the magic-link sign-in, which brings them back to the
 * page they asked for (a mail's 'Voir ma commande' opens that order, not the list).
 */
export function RequireCustomer() {
  const session = useSessionState();
  const location = useLocation();
  if (session.status === "loading") return <SessionLoading />;
  if (session.status === "error") return <SessionLoadError onRetry={session.retry} />;
  if (!session.user) {
    return <Navigate to={paths.login({ next: `${location.pathname}${location.search}` })} replace />;
  }
  return <Outlet />;
}

/** Back office: anyone but an admin goes to the admin sign-in, which sends them back afterwards. */
export function RequireAdmin() {
  const session = useSessionState();
  const location = useLocation();
  if (session.status === "loading") return <SessionLoading />;
  if (session.status === "error") return <SessionLoadError onRetry={session.retry} />;
  if (!session.user?.isAdmin) {
    return <Navigate to={paths.admin.login()} replace state={{ from: location }} />;
  }
  return <Outlet />;
}
