/**
 * How the server tells a page where to report its errors (VITE_SENTRY_DSN): an inert JSON element
 * it writes into the page. Apart from the scrubber (error-report.ts) so that the page's first load
 * carries only this, the scrubber coming with the Sentry SDK when it is loaded.
 */

/** The id of the inert JSON element through which the server tells the page its error reporting. */
export const ERROR_REPORTING_ELEMENT_ID = "vitrine-error-reporting";

/** What the page learns from that element: where to report, under which environment name. */
export interface BrowserErrorReporting {
  dsn: string;
  environment: string;
}
