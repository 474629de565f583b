import type { RouteObject } from "react-router";
import { paths } from "../../lib/paths";

/** The static pages written in the back office that the site links to. */
export const contentPageRoutes: RouteObject[] = [
  {
    path: paths.legalNotice.pattern,
    lazy: async () => ({ Component: (await import("./pages/content-page")).LegalNoticePage }),
  },
  {
    path: paths.termsOfSale.pattern,
    lazy: async () => ({ Component: (await import("./pages/content-page")).TermsOfSalePage }),
  },
];
