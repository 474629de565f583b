#!/usr/bin/env node
// Prints the size of each file of the built web app, raw and gzipped (run `npm run build` first).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dist = path.resolve("apps/web/dist");
const files = [];
(function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else files.push(full);
  }
})(dist);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
let total = 0;
let totalGzip = 0;
for (const file of files.sort()) {
  const content = readFileSync(file);
  const gzip = gzipSync(content).length;
  total += content.length;
  totalGzip += gzip;
  console.log(
    `${path.relative(dist, file).padEnd(40)} ${kb(content.length).padStart(10)} ${kb(gzip).padStart(10)} gzip`,
  );
}
console.log(`${"total".padEnd(40)} ${kb(total).padStart(10)} ${kb(totalGzip).padStart(10)} gzip`);
