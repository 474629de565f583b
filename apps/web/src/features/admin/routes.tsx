import type { RouteObject } from "react-router";
import { paths } from "../../lib/paths";
import { type AdminPage, adminPages, type LazyPage } from "./admin-sections";

function placeholder(title: string): LazyPage {
  return async () => {
    const { AdminSectionPlaceholderPage } = await import("./pages/admin-section-placeholder-page");
    return { Component: () => <AdminSectionPlaceholderPage title={title} /> };
  };
}

function toRoute(page: AdminPage): RouteObject {
  const lazy = "load" in page ? page.load : placeholder(page.placeholderTitle);
  // The back office frame's route owns /admin: its own page is the frame's index.
  return page.path.pattern === paths.admin.home.pattern
    ? { index: true, lazy }
    : { path: page.path.pattern, lazy };
}

/** Pages shown inside the back office frame, which owns /admin. */
export const adminRoutes: RouteObject[] = adminPages.filter((page) => !page.fullScreen).map(toRoute);

/** Back office pages that fill the screen on their own, still for admins only. */
export const adminFullScreenRoutes: RouteObject[] = adminPages.filter((page) => page.fullScreen).map(toRoute);
