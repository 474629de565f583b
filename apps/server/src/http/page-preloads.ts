import { ERROR_REPORTING_ELEMENT_ID, type BrowserErrorReporting } from "@vitrine/domain";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * What the pages customers land on ask the API for as soon as their scripts run (their first
 * load has a budget: decision 013). The
 * server asks itself and writes the answers into the page, so the browser has them with the page
 * instead of fetching them beside the scripts: on a mobile network every request shares the
 * bandwidth the entry script needs, and costs a round trip. The app's first fetch of each URL takes
 * its written answer (apps/web/src/lib/api-client.ts).
 */
const pageAnswers: { pathnames: readonly string[]; urls: readonly string[] }[] = [
  { pathnames: ["/login"], urls: ["/api/auth/session"] },
  // The orders list (and /customer, which shows it): who is signed in, the orders, and the shop's
  // contact address.
  {
    pathnames: ["/customer", "/customer/orders"],
    urls: ["/api/auth/session", "/api/customer/orders", "/api/shop"],
  },
];

const urlsByPathname = new Map(
  pageAnswers.flatMap(({ pathnames, urls }) => pathnames.map((pathname) => [pathname, urls] as const)),
);

/** The API URLs whose answers the page at this pathname carries, if any. */
export function answeredUrlsOf(pathname: string): readonly string[] | undefined {
  return urlsByPathname.get(pathname.replace(/(.)\/+$/, "$1"));
}

/** One API answer as the page carries it: what the app's fetch would have received. */
export interface PageAnswer {
  status: number;
  body: unknown;
}

/** The id of the script element holding the answers; the web app reads the same id. */
export const PAGE_ANSWERS_ELEMENT_ID = "vitrine-api-answers";

// index.html preloads the session for every page (apps/web/index.html); a page carrying it drops that link.
const sessionPreloadLink = /<link rel="preload" href="\/api\/auth\/session" as="fetch" crossorigin\s*\/?>/;

/**
 * index.html with the given answers in a JSON script element (inert: never run, so the content
 * security policy stays as it is), and a preload link for each URL that has no answer.
 */
export function withAnswers(
  indexHtml: string,
  answers: ReadonlyMap<string, PageAnswer>,
  preloadUrls: readonly string[],
): string {
  const json = JSON.stringify(Object.fromEntries(answers))
    // Nothing in the data can close the script element or open a comment.
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  const script = `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${json}</script>`;
  const links = preloadUrls
    .map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin>`)
    .join("");
  const html = answers.has("/api/auth/session") ? indexHtml.replace(sessionPreloadLink, "") : indexHtml;
  return html.replace("</head>", `${script}${links}</head>`);
}

/** The page in the encoding the browser accepts best (brotli, gzip, or none). */
export function encodePage(
  html: string,
  acceptEncoding: string,
): { body: string | Buffer; encoding?: string } {
  if (/\bbr\b/.test(acceptEncoding)) {
    // Made for each request: a quick setting, for a page of a few kilobytes.
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return { body, encoding: "br" };
  }
  if (/\bgzip\b/.test(acceptEncoding)) return { body: gzipSync(html), encoding: "gzip" };
  return { body: html };
}

/**
 * index.html with the pages' error reporting settings (VITE_SENTRY_DSN) in an inert JSON element
 * the web app reads at start-up (apps/web/src/lib/error-reporting.ts): one build serves any shop.
 */
export function withErrorReporting(indexHtml: string, settings: BrowserErrorReporting): string {
  const json = JSON.stringify(settings).replace(/</g, "\\u003c");
  return indexHtml.replace(
    "</head>",
    `<script type="application/json" id="${ERROR_REPORTING_ELEMENT_ID}">${json}</script></head>`,
  );
}

/** A page that is the same for everyone, compressed once rather than on every request. */
export function precompressedPage(
  html: string,
): (acceptEncoding: string) => { body: string | Buffer; encoding?: string } {
  const br = encodePage(html, "br");
  const gzip = encodePage(html, "gzip");
  return (acceptEncoding) =>
    /\bbr\b/.test(acceptEncoding) ? br : /\bgzip\b/.test(acceptEncoding) ? gzip : { body: html };
}
