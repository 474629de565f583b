import { brotliCompressSync, gzipSync } from "node:zlib";

/**
 * What a first page asks the API for as soon as its scripts run, announced in the page itself so
 * the browser fetches it beside the scripts rather than after them (issue 14: a customer on a
 * mobile network saves a round trip). The app's own fetch of the same URL takes the preloaded answer.
 */
const pagePreloads: { pathnames: readonly string[]; urls: readonly string[] }[] = [
  // The orders list (and /customer, which shows it): the orders, and the shop's contact address.
  { pathnames: ["/customer", "/customer/orders"], urls: ["/api/customer/orders", "/api/shop"] },
];

/** index.html with the preload links of the given API answers, before the end of its head. */
export function withPreloads(indexHtml: string, urls: readonly string[]): string {
  const links = urls.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin>`).join("");
  return indexHtml.replace("</head>", `${links}</head>`);
}

export interface PageWithPreloads {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** The pages that preload data, by pathname: their index.html made once, plain and compressed. */
export function pagesWithPreloadsOf(indexHtml: string): Map<string, PageWithPreloads> {
  const pages = new Map<string, PageWithPreloads>();
  if (!indexHtml.includes("</head>")) return pages;
  for (const { pathnames, urls } of pagePreloads) {
    const html = withPreloads(indexHtml, urls);
    const page = { html, br: brotliCompressSync(html), gzip: gzipSync(html) };
    for (const pathname of pathnames) pages.set(pathname, page);
  }
  return pages;
}
