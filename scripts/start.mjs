#!/usr/bin/env node
// `npm start`: rebuilds the web app and the server bundle when their sources changed since the
// last build, then runs the server in this process (it starts the embedded PostgreSQL unless
// DATABASE_URL is set).
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildIfChanged } from "./build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
try {
  await buildIfChanged(undefined, (message) => console.log(`[vitrine] ${message}`));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import(pathToFileURL(path.join(root, "apps/server/dist/main.mjs")).href);
