import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";
import { paths } from "../../lib/paths";

export const contactRoutes: RouteObject[] = [
  {
    path: paths.contact.pattern,
    element: lazyPage(async () => ({ Component: (await import("./pages/contact-page")).ContactPage })),
  },
];
