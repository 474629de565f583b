import type { RouteObject } from "react-router";
import { paths } from "../../lib/paths";

export const contactRoutes: RouteObject[] = [
  {
    path: paths.contact.pattern,
    lazy: async () => ({ Component: (await import("./pages/contact-page")).ContactPage }),
  },
];
