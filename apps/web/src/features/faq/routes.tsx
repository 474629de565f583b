import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";
import { paths } from "../../lib/paths";

/** Public, yet part of the customer area: the frame around it follows the visitor. */
export const faqRoutes: RouteObject[] = [
  {
    path: paths.customer.faq.pattern,
    element: lazyPage(async () => ({ Component: (await import("./pages/faq-page")).FaqPage })),
  },
];
