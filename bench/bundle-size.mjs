#!/usr/bin/env node
// Prints what the built web app costs to download (run `npm run build` first).
//   1. A customer's first load, against its budget: what index.html itself loads (its module script
//      and every modulepreload link), then the chunks the router fetches for /login and for
//      /customer/orders with everything those chunks import before running. JavaScript, gzip.
//   2. What is loaded only when opened: the back office and the card-payment page, apart.
//   3. Each file: raw, gzip and brotli (the server sends the build's precompressed copies, so brotli
//      is what a current browser downloads).
// Asserts nothing: it says how far from the budget the build is.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { backOfficeFeatures } from "../apps/web/back-office-features.mjs";

const dist = path.resolve("apps/web/dist");
/** The customer first-load budget: its JavaScript, gzip, at most (decision 013). */
const CUSTOMER_FIRST_LOAD_BUDGET = 135 * 1024;

/**
 * A customer's first visit: the sign-in page, then the orders list once the link is followed. Each
 * URL lists the lazy route modules the router loads to render it (layouts included).
 */
const customerFirstLoadPages = {
  "/login": ["src/features/auth/pages/login-page.tsx"],
  "/customer/orders": ["src/features/customer/pages/orders-page.tsx"],
};
/** Loaded only when opened: kept apart from the first load, and said so if they leak into it. */
const onDemand = {
  "back office": (src) =>
    src.startsWith("src/features/admin-") ||
    backOfficeFeatures.some((feature) => src.startsWith(`src/features/${feature}/`)) ||
    src === "src/app/admin-sections.ts" ||
    src === "src/app/admin-shell.tsx" ||
    src === "src/app/admin-routes.tsx",
  "card payment": (src) => src === "src/features/customer/pages/payment-page.tsx",
};

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const sizeOf = (file) => {
  const content = readFileSync(path.join(dist, file));
  return { raw: content.length, gzip: gzipSync(content).length, br: brotliCompressSync(content).length };
};
const line = (label, { raw, gzip, br }) =>
  `${label.padEnd(44)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(10)} gzip ${kb(br).padStart(10)} br`;
const add = (a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, br: a.br + b.br });
const zero = { raw: 0, gzip: 0, br: 0 };
const total = (files) => [...files].map(sizeOf).reduce(add, zero);
const isScript = (file) => file.endsWith(".js");

/** Vite's manifest: one record per chunk, keyed by its source, with the chunks it imports. */
const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

/** The files these chunks load before running: themselves and their static imports, recursively. */
function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !(key in manifest)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return new Set([...seen].map((key) => manifest[key].file));
}

// What the browser fetches from index.html alone, read from the HTML rather than assumed.
const html = readFileSync(path.join(dist, "index.html"), "utf8");
const attributeOf = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
const htmlFiles = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)]
  .map(([tag]) => {
    const rel = attributeOf(tag, "rel");
    const url = tag.startsWith("<script") ? attributeOf(tag, "src") : attributeOf(tag, "href");
    const loads = tag.startsWith("<script") || rel === "modulepreload" || rel === "stylesheet";
    return loads && url?.startsWith("/") ? url.slice(1) : undefined;
  })
  .filter((file) => file !== undefined);
const htmlScripts = htmlFiles.filter(isScript);
const moduleScripts = [...html.matchAll(/<script\b[^>]*\ssrc="\/([^"]+)"/g)].map(([, file]) => file);
// A module script runs only once its own imports are in.
const entryFiles = new Set([
  ...moduleScripts,
  ...staticClosure(moduleScripts.map((file) => keyOfFile.get(file)).filter(Boolean)),
]);

const firstLoad = new Set([...entryFiles, ...htmlScripts]);
const pageRows = Object.entries(customerFirstLoadPages).map(([url, sources]) => {
  const missing = sources.filter((src) => !(src in manifest));
  const own = [...staticClosure(sources)].filter((file) => !entryFiles.has(file) && isScript(file));
  own.forEach((file) => firstLoad.add(file));
  return { url, own, missing, preloaded: own.every((file) => htmlScripts.includes(file)) };
});
const pageFiles = new Set(pageRows.flatMap(({ own }) => own));
const otherPreloads = htmlScripts.filter((file) => !entryFiles.has(file) && !pageFiles.has(file));

console.log("Customer first load (JavaScript)");
console.log(line(`entry and its static imports (${entryFiles.size})`, total(entryFiles)));
for (const { url, own, missing, preloaded } of pageRows) {
  const notes = [
    ...(missing.length > 0 ? [`in the entry file: ${missing.join(", ")}`] : []),
    ...(own.length > 0 && preloaded ? ["modulepreload'ed by index.html"] : []),
  ];
  console.log(
    line(`  + ${url} route chunks (${own.length})`, total(own)) +
      (notes.length > 0 ? ` (${notes.join("; ")})` : ""),
  );
}
if (otherPreloads.length > 0) {
  console.log(line(`  + other modulepreloads of index.html (${otherPreloads.length})`, total(otherPreloads)));
}
const firstLoadSize = total(firstLoad);
console.log(line(`customer first load (${firstLoad.size} files)`, firstLoadSize));
const left = CUSTOMER_FIRST_LOAD_BUDGET - firstLoadSize.gzip;
console.log(
  `budget ${kb(CUSTOMER_FIRST_LOAD_BUDGET)} gzip: ${left >= 0 ? `${kb(left)} left` : `${kb(-left)} OVER`}`,
);
const css = htmlFiles.filter((file) => file.endsWith(".css"));
console.log(line("stylesheet of index.html (not in the budget)", total(css)));
console.log();

console.log("Loaded only when opened (JavaScript not already in the first load)");
for (const [label, isPart] of Object.entries(onDemand)) {
  const keys = Object.keys(manifest).filter((key) => isPart(manifest[key].src ?? ""));
  const files = [...staticClosure(keys)].filter(isScript);
  const leaked = files.filter(
    (file) => firstLoad.has(file) && keys.some((key) => manifest[key].file === file),
  );
  const apart = files.filter((file) => !firstLoad.has(file));
  console.log(
    line(`${label} (${apart.length} files)`, total(apart)) +
      (leaked.length > 0 ? `  IN THE FIRST LOAD: ${leaked.join(", ")}` : ""),
  );
}
console.log();

const files = [];
(function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    // Vite's build metadata and our build hash are never sent; compressed copies are counted above.
    if (entry.startsWith(".") || /\.(br|gz)$/.test(entry)) continue;
    if (statSync(full).isDirectory()) walk(full);
    else files.push(path.relative(dist, full));
  }
})(dist);

let all = zero;
for (const file of files.sort()) {
  const size = sizeOf(file);
  all = add(all, size);
  console.log(line(`${firstLoad.has(file) ? "* " : "  "}${file}`, size));
}
console.log(line("  total (* = customer first load)", all));
