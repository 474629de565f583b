import { type RouteObject, useRoutes } from "react-router";
import { type AdminPage, adminPages } from "./admin-sections";
import { AdminShell } from "./admin-shell";
import { lazyPage } from "../lib/lazy-page";
import { NotFoundPage } from "./not-found-page";
import { paths } from "../lib/paths";

const adminHome = paths.admin.home.pattern;

/** The route of a page, relative to /admin where the back office's routes are mounted. */
function toRoute(page: AdminPage): RouteObject {
  const element = lazyPage(page.load);
  if (page.path.pattern === adminHome) return { index: true, element };
  if (!page.path.pattern.startsWith(`${adminHome}/`)) {
    throw new Error(`${page.path.pattern} is a back office page outside ${adminHome}`);
  }
  return { path: page.path.pattern.slice(adminHome.length + 1), element };
}

const adminRoutes: RouteObject[] = [
  {
    element: <AdminShell />,
    // An unknown back-office path keeps the admin frame around the not-found page.
    children: [
      ...adminPages.filter((page) => !page.fullScreen).map(toRoute),
      {
        path: "*",
        element: <NotFoundPage home={{ to: paths.admin.home(), label: "Retour au tableau de bord" }} />,
      },
    ],
  },
  // Pages that fill the screen on their own, beside the live stream.
  ...adminPages.filter((page) => page.fullScreen).map(toRoute),
];

/**
 * Everything under /admin, loaded with the back office's first page so that its menu and route
 * table stay out of the customer's first load.
 */
export function AdminRoutes() {
  return useRoutes(adminRoutes);
}
