import { createBrowserRouter } from "react-router";
import { adminFullScreenRoutes, adminRoutes } from "../features/admin/routes";
import { authRoutes } from "../features/auth/routes";
import { contactRoutes } from "../features/contact/routes";
import { customerRoutes } from "../features/customer/routes";
import { faqRoutes } from "../features/faq/routes";
import { contentPageRoutes } from "../features/pages/routes";
import { paths } from "../lib/paths";
import { CustomerShell } from "./customer-shell";
import { RequireAdmin, RequireCustomer } from "./guards";
import { NotFoundPage } from "./not-found-page";
import { PublicLayout } from "./public-layout";
import { RootRoute } from "./root-route";
import { RouteErrorPage } from "./route-error-page";
import { SessionAwareLayout } from "./session-aware-layout";
import { SessionLoading } from "./session-fallbacks";

/** The layouts and guards of the app, each filled with the routes that the features export. */
export const router = createBrowserRouter([
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    // Shown on the first visit while the requested page's code loads.
    HydrateFallback: SessionLoading,
    children: [
      {
        element: <PublicLayout />,
        children: [
          ...authRoutes,
          ...contentPageRoutes,
          ...contactRoutes,
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      { element: <SessionAwareLayout />, children: faqRoutes },
      {
        element: <RequireCustomer />,
        children: [{ element: <CustomerShell />, children: customerRoutes }],
      },
      {
        element: <RequireAdmin />,
        children: [
          {
            path: paths.admin.home.pattern,
            lazy: async () => ({ Component: (await import("./admin-shell")).AdminShell }),
            // An unknown back-office path keeps the admin frame around the not-found page.
            children: [...adminRoutes, { path: "*", element: <NotFoundPage /> }],
          },
          ...adminFullScreenRoutes,
        ],
      },
    ],
  },
]);
