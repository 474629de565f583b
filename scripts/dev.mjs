#!/usr/bin/env node
// `npm run dev`: the API server (restarted on change by tsx watch) and Vite's dev server with hot
// reload on http://localhost:5173, proxying /api to the server.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "apps/server/src/main.ts"], {
    cwd: root,
    stdio: "inherit",
  }),
  spawn("npm", ["run", "dev", "-w", "@vitrine/web"], { cwd: root, stdio: "inherit" }),
];
const stopAll = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(signal));
for (const child of children)
  child.on("exit", (code) => {
    stopAll("SIGTERM");
    process.exit(code ?? 0);
  });
