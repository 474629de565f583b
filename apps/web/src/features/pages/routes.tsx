import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";
import { paths } from "../../lib/paths";

/** The static pages written in the back office that the site links to. */
export const contentPageRoutes: RouteObject[] = [
  {
    path: paths.legalNotice.pattern,
    element: lazyPage(async () => ({ Component: (await import("./pages/content-page")).LegalNoticePage })),
  },
  {
    path: paths.termsOfSale.pattern,
    element: lazyPage(async () => ({ Component: (await import("./pages/content-page")).TermsOfSalePage })),
  },
  {
    path: paths.publishedPage.pattern,
    element: lazyPage(async () => ({ Component: (await import("./pages/content-page")).PublishedPage })),
  },
];
