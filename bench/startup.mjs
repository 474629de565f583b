#!/usr/bin/env node
// Measures how long the server takes from process start to answering HTTP on the embedded
// PostgreSQL: once for the first run (cluster creation, migrations, demo data), then for warm
// restarts. Prints numbers; asserts nothing.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const runs = Number(process.argv[2] ?? 5);
const port = 3300 + Math.floor(Math.random() * 500);
const dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-bench-"));
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port + 20000) };
delete env.DATABASE_URL;

async function startOnce() {
  const started = performance.now();
  const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    env,
    stdio: "ignore",
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/auth/session`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (server.exitCode !== null) throw new Error("server exited");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const elapsed = performance.now() - started;
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  return elapsed;
}

const first = await startOnce();
const warm = [];
for (let i = 0; i < runs; i++) warm.push(await startOnce());
rmSync(dataDir, { recursive: true, force: true });
warm.sort((a, b) => a - b);
const median = warm[Math.floor(warm.length / 2)];
console.log(`first run (initdb + migrations + demo data): ${first.toFixed(0)} ms`);
console.log(
  `warm start to first HTTP answer, ${runs} runs: median ${median.toFixed(0)} ms, min ${warm[0].toFixed(0)} ms, max ${warm.at(-1).toFixed(0)} ms`,
);
