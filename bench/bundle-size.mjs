#!/usr/bin/env node
// Prints what the built web app costs to download (run `npm run build` first): the JavaScript a
// customer loads first, the back office chunks apart, then each file: raw, gzip and brotli (the
// server sends the build's precompressed copies, so brotli is what a current browser downloads).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

const dist = path.resolve("apps/web/dist");
// A customer's first visit: the sign-in page, then the orders list once the link is followed.
const customerFirstLoadPages = {
  "/login": "src/features/auth/pages/login-page.tsx",
  "/customer/orders": "src/features/customer/pages/orders-page.tsx",
};
const isBackOfficeSource = (src) =>
  src.startsWith("src/features/admin/") || src === "src/app/admin-shell.tsx";

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const sizeOf = (file) => {
  const content = readFileSync(path.join(dist, file));
  return { raw: content.length, gzip: gzipSync(content).length, br: brotliCompressSync(content).length };
};
const line = (label, { raw, gzip, br }) =>
  `${label.padEnd(40)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(10)} gzip ${kb(br).padStart(10)} br`;
const add = (a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, br: a.br + b.br });
const zero = { raw: 0, gzip: 0, br: 0 };

/** Vite's manifest: one record per chunk, keyed by its source, with the chunks it imports. */
const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));

/** The chunks these manifest keys load before running: themselves and their static imports. */
function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !(key in manifest)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

function total(keys) {
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith(".js"));
  return files.map(sizeOf).reduce(add, zero);
}

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const entryChunks = staticClosure(entries);
const pageKeys = Object.values(customerFirstLoadPages).filter((src) => src in manifest);
const customerFirstLoad = staticClosure([...entries, ...pageKeys]);
const backOfficeKeys = Object.keys(manifest).filter((key) => isBackOfficeSource(manifest[key].src ?? ""));
const backOffice = [...staticClosure(backOfficeKeys)].filter((key) => !customerFirstLoad.has(key));

console.log("JavaScript");
console.log(line(`entry and its imports (${entryChunks.size} chunks)`, total(entryChunks)));
for (const [route, src] of Object.entries(customerFirstLoadPages)) {
  const own = [...staticClosure([src])].filter((key) => !entryChunks.has(key));
  console.log(line(`  + ${route} page`, total(own)) + (src in manifest ? "" : " (inside the entry)"));
}
console.log(line(`customer first load (${customerFirstLoad.size} chunks)`, total(customerFirstLoad)));
console.log(line(`back office apart (${backOffice.length} chunks)`, total(backOffice)));
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
  console.log(line(file, size));
}
console.log(line("total", all));
