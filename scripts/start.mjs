#!/usr/bin/env node
// `npm start`: builds the web app when its sources changed since the last build, then runs the
// server (which starts the embedded PostgreSQL unless DATABASE_URL is set).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webIndex = path.join(root, "apps/web/dist/index.html");
const webSources = [
  "apps/web/src",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/public",
  "packages/domain/src",
];

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (latest, entry) => Math.max(latest, newestChange(path.join(target, entry))),
    stat.mtimeMs,
  );
}

const builtAt = existsSync(webIndex) ? statSync(webIndex).mtimeMs : 0;
const sourcesChangedAt = Math.max(...webSources.map((source) => newestChange(path.join(root, source))));
if (sourcesChangedAt > builtAt) {
  console.log("[vitrine] Building the web app...");
  const build = spawnSync("npm", ["run", "build", "--silent", "-w", "@vitrine/web"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
