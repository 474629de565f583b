import { type RouteObject, useRoutes } from "react-router";
import { authRoutes } from "../features/auth/routes";
import { contactRoutes } from "../features/contact/routes";
import { customerRoutes } from "../features/customer/routes";
import { faqRoutes } from "../features/faq/routes";
import { contentPageRoutes } from "../features/pages/routes";
import { paths } from "../lib/paths";
import { CustomerShell } from "./customer-shell";
import { RequireAdmin, RequireCustomer } from "./guards";
import { lazyPage } from "../lib/lazy-page";
import { NotFoundPage } from "./not-found-page";
import { PublicLayout } from "./public-layout";
import { RootRoute } from "./root-route";
import { SessionAwareLayout } from "./session-aware-layout";

/**
 * The layouts and guards of the app, each filled with the routes that the features export. The
 * app reads its data with TanStack Query, not with route loaders, so it uses React Router's
 * declarative mode: the data router would add 17 kB (gzip) to every first load for nothing
 * (decision 014).
 */
const appRoutes: RouteObject[] = [
  {
    element: <RootRoute />,
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
            path: `${paths.admin.home.pattern}/*`,
            element: lazyPage(async () => ({
              Component: (await import("./admin-routes")).AdminRoutes,
            })),
          },
        ],
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(appRoutes);
}
