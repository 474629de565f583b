#!/usr/bin/env node
/**
 * npm run live:soak -- [--seconds 300] [--rate 200] [--claims 0.3] [--burst-rate 2000]
 *                      [--burst-every 30] [--burst-seconds 2] [--hold 5] [--products 60]
 *                      [--kill] [--port 3294] [--built]
 * A live's claims under a long, bursty load on two server instances, then proven by live:check.
 * On a fresh embedded PostgreSQL (or DATABASE_URL), starts TWO instances of the server on two
 * ports on that one database, makes an active live of --products pieces in automatic mode with a
 * hold of --hold seconds, and runs the simulator against both (half the rate and half the bursts
 * each, one audience: the same viewers claim the same pieces through either instance). With
 * --kill, one instance is killed (SIGKILL) half-way and started again. Once the sources stop, it
 * waits for the engine to settle (every comment read, no hold past due), then runs the checker
 * and exits with its verdict (0 clean, 1 violations, 2 the run itself failed).
 * The instances run the server's sources through tsx, as the benchmarks do; --built runs the
 * production bundle instead (built first when its sources changed, as `npm start` does).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { startEmbeddedDatabase } from "../../apps/server/src/db/embedded";
import { createAutomaticLive } from "./automatic-live.mjs";
import { checkLive, formatCheck } from "./check.mjs";
import { createViewers } from "./comment-stream.mjs";
import { DEMO_LIVE_INGEST_TOKEN } from "./ingest-client.mjs";
import { runSimulation } from "./simulate.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message) => console.log(`[live:soak ${new Date().toISOString().slice(11, 19)}] ${message}`);

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "300" },
    rate: { type: "string", default: "200" },
    claims: { type: "string", default: "0.3" },
    "burst-rate": { type: "string", default: "2000" },
    "burst-every": { type: "string", default: "30" },
    "burst-seconds": { type: "string", default: "2" },
    hold: { type: "string", default: "5" },
    products: { type: "string", default: "60" },
    viewers: { type: "string", default: "300" },
    kill: { type: "boolean", default: false },
    port: { type: "string", default: "3294" },
    built: { type: "boolean", default: false },
    "settle-seconds": { type: "string", default: "180" },
  },
});
const number = (name) => {
  const value = Number(args[name]);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`[live:soak] --${name} must be a positive number, not "${args[name]}"`);
    process.exit(2);
  }
  return value;
};
const SECONDS = number("seconds");
const RATE = number("rate");
const CLAIMS = Number(args.claims);
const BURST = { rate: number("burst-rate"), every: number("burst-every"), seconds: number("burst-seconds") };
const HOLD = number("hold");
const PRODUCTS = number("products");
const VIEWERS = number("viewers");
const BASE_PORT = number("port");
const SETTLE_SECONDS = number("settle-seconds");

const workDir = mkdtempSync(path.join(tmpdir(), "vitrine-soak-"));
const cleanups = [];

/** The server, as `npm start` runs it (bundle) or as the benchmarks do (sources through tsx). */
async function serverCommand() {
  if (!args.built) return ["--max-semi-space-size=64", "--import", "tsx", "apps/server/src/main.ts"];
  const { buildIfChanged } = await import("../build.mjs");
  await buildIfChanged(undefined, (message) => log(message));
  return ["--max-semi-space-size=64", "apps/server/dist/main.mjs"];
}

function startInstance(name, port, databaseUrl, command) {
  const origin = `http://127.0.0.1:${port}`;
  const logFile = path.join(workDir, `${name}.log`);
  const out = createWriteStream(logFile, { flags: "a" });
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "development",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: origin,
      DATA_DIR: path.join(workDir, name),
      LIVE_INGEST_TOKEN: DEMO_LIVE_INGEST_TOKEN,
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const instance = {
    name,
    origin,
    child,
    logFile,
    async ready() {
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`${name} exited while starting:\n${tail(logFile)}`);
        const up = await fetch(`${origin}/api/auth/session`).then(
          (response) => response.ok,
          () => false,
        );
        if (up) return;
        await sleep(200);
      }
      throw new Error(`${name} did not answer within 120 s:\n${tail(logFile)}`);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(15_000).then(() => child.kill("SIGKILL"))]);
    },
  };
  return instance;
}

function tail(file, lines = 30) {
  try {
    return readFileSync(file, "utf8").trim().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/** Says a repeated message (a source retrying while its instance restarts) once a second at most. */
function quieted(say) {
  let last = "";
  let lastAt = 0;
  let repeats = 0;
  return (message) => {
    if (message === last && Date.now() - lastAt < 1000) {
      repeats += 1;
      return;
    }
    say(repeats > 0 ? `${message} (and ${repeats} more like the last)` : message);
    last = message;
    lastAt = Date.now();
    repeats = 0;
  };
}

function makeLive(db) {
  const ref = `soak${randomBytes(2).toString("hex")}`;
  return createAutomaticLive(db, { ref, title: `Soak ${ref}`, pieces: PRODUCTS, holdSeconds: HOLD });
}

/** Waits until every comment was read and no hold is past due (by more than its expiry's slack). */
async function settle(db, liveId) {
  const deadline = Date.now() + SETTLE_SECONDS * 1000;
  let last = "";
  for (;;) {
    const {
      rows: [state],
    } = await db.query(
      `SELECT (SELECT last_seq FROM live_claim_state WHERE live_id = $1) AS last_seq,
              (SELECT max(seq) FROM tiktok_events WHERE live_id = $1 AND event_type = 'chat') AS last_chat,
              (SELECT count(*)::int FROM live_claims c JOIN orders o ON o.id = c.order_id
                WHERE c.live_id = $1 AND c.state = 'in-order' AND o.status IN ('to-validate', 'to-pay')
                  AND c.held_until < now() - interval '10 seconds') AS overdue,
              (SELECT count(*)::int FROM live_claim_inbox WHERE live_id = $1) AS inbox`,
      [liveId],
    );
    const caughtUp = state.last_chat === null || Number(state.last_seq) >= Number(state.last_chat);
    if (caughtUp && state.overdue === 0 && state.inbox === 0) return true;
    const now = `cursor ${state.last_seq} of ${state.last_chat}, ${state.overdue} holds past due, ${state.inbox} in the inbox`;
    if (now !== last) log(`settling: ${now}`);
    last = now;
    if (Date.now() > deadline) return false;
    await sleep(1000);
  }
}

async function summary(db, liveId) {
  const { rows } = await db.query(
    `SELECT
       (SELECT count(*)::int FROM tiktok_events WHERE live_id = $1 AND event_type = 'chat') AS comments,
       (SELECT count(*)::int FROM live_claims WHERE live_id = $1) AS claims,
       (SELECT json_object_agg(k, n) FROM (
          SELECT coalesce(release_reason, state) AS k, count(*)::int AS n FROM live_claims WHERE live_id = $1
          GROUP BY 1) s) AS by_state,
       (SELECT count(*)::int FROM orders WHERE live_id = $1) AS orders,
       (SELECT count(*)::int FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE o.live_id = $1 AND NOT i.is_released) AS lines`,
    [liveId],
  );
  return rows[0];
}

let exitCode = 2;
try {
  log(
    `${SECONDS} s at ${RATE} comments/s with bursts of ${BURST.rate}/s for ${BURST.seconds} s every ${BURST.every} s, ` +
      `${Math.round(CLAIMS * 100)} % claims and un-claims, ${PRODUCTS} pieces, hold ${HOLD} s, two instances` +
      `${args.kill ? ", one killed (SIGKILL) half-way and restarted" : ""}; ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}`,
  );
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const embedded = await startEmbeddedDatabase({
      dataDir: path.join(workDir, "db"),
      port: BASE_PORT + 20_000,
      log: () => {},
    });
    cleanups.push(() => embedded.stop());
    databaseUrl = embedded.url;
    log(`fresh embedded PostgreSQL on port ${BASE_PORT + 20_000}`);
  }
  const command = await serverCommand();
  const a = startInstance("instance-a", BASE_PORT, databaseUrl, command);
  cleanups.push(() => a.stop());
  await a.ready(); // the first one migrates the fresh database alone
  let b = startInstance("instance-b", BASE_PORT + 1, databaseUrl, command);
  cleanups.push(() => b.stop());
  await b.ready();
  log(`instances up: ${a.origin} and ${b.origin} (logs in ${workDir})`);

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.push(() => db.end());
  const live = await makeLive(db);
  log(`live "${live.ref}": ${PRODUCTS} pieces, automatic mode, hold ${HOLD} s`);

  const audience = createViewers(VIEWERS, 11);
  const half = { rate: RATE / 2, burst: { ...BURST, rate: BURST.rate / 2 } };
  const source = (instance, seed) => {
    let acked = 0;
    return runSimulation({
      url: instance.origin,
      liveRef: live.ref,
      rate: half.rate,
      burst: half.burst,
      durationSeconds: SECONDS,
      viewers: audience,
      seed,
      runId: `soak${seed}${randomBytes(2).toString("hex")}`,
      claimShare: CLAIMS,
      refs: Array.from({ length: PRODUCTS }, (_, i) => i + 1),
      log: quieted((message) => log(`${instance.name} source: ${message}`)),
      onAck: (events) => {
        const before = Math.floor(acked / 10_000);
        acked += events.length;
        if (Math.floor(acked / 10_000) > before) log(`${instance.name} source: ${acked} events acknowledged`);
      },
    });
  };
  // A restarted instance answers on the same port: its source retries there meanwhile.
  const sources = [source(a, 1), source(b, 2)];

  let killedAt = null;
  if (args.kill) {
    await sleep((SECONDS / 2) * 1000);
    killedAt = new Date();
    log(`kill -9 ${b.name} (pid ${b.child.pid})`);
    b.child.kill("SIGKILL");
    await new Promise((resolve) => b.child.once("exit", resolve));
    b = startInstance("instance-b", BASE_PORT + 1, databaseUrl, command);
    cleanups.push(() => b.stop());
    await b.ready();
    log(`${b.name} restarted, ${((Date.now() - killedAt.getTime()) / 1000).toFixed(1)} s after the kill`);
  }
  const stats = await Promise.all(sources);
  for (const [index, result] of stats.entries())
    log(
      `source ${index === 0 ? "A" : "B"}: ${result.comments} comments (${result.claims} claims, ${result.unclaims} un-claims), ` +
        `${result.sent} events sent, ${result.acked} acknowledged, ${result.failed} failed, in ${result.seconds.toFixed(0)} s`,
    );

  const settled = await settle(db, live.id);
  log(settled ? "engine settled" : `engine NOT settled after ${SETTLE_SECONDS} s`);
  const figures = await summary(db, live.id);
  log(
    `stored: ${figures.comments} comments, ${figures.claims} claims ${JSON.stringify(figures.by_state ?? {})}, ` +
      `${figures.orders} orders holding ${figures.lines} pieces`,
  );
  const checker = new pg.Client({ connectionString: databaseUrl });
  await checker.connect();
  const result = await checkLive(checker, live.ref);
  await checker.end();
  console.log(formatCheck(live.ref, result));
  exitCode = result.ok && settled ? 0 : 1;
  log(
    `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
} catch (error) {
  console.error(`[live:soak] ${error instanceof Error ? (error.stack ?? error.message) : error}`);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  if (exitCode === 0) rmSync(workDir, { recursive: true, force: true });
  else console.error(`[live:soak] instances' logs kept in ${workDir}`);
}
process.exit(exitCode);
