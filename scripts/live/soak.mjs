#!/usr/bin/env node
/**
 * npm run live:soak -- [--seconds 300] [--rate 200] [--claims 0.3] [--burst-rate 2000]
 *                      [--burst-every 30] [--burst-seconds 2] [--hold 5] [--doubt 5]
 *                      [--answer 0.5] [--products 60] [--kill] [--port 3294] [--built]
 *                      [--faults [--cut-seconds 20] [--database-seconds 30]]
 * A live's claims under a long, bursty load on two server instances, then proven by live:check.
 * On a fresh embedded PostgreSQL (or DATABASE_URL), starts TWO instances of the server on two
 * ports on that one database, makes an active live of --products pieces in automatic mode with a
 * hold of --hold seconds and a wait of --doubt seconds for doubtful claims, and runs the simulator
 * against both (half the rate and half the bursts each, one audience: the same viewers claim the
 * same pieces through either instance; about 5 % of the claim comments are doubtful). A simulated
 * staff member answers --answer of the doubts through the admin API, on either instance, a second
 * or few after they appear (half confirmed, half ignored); the others expire at their wait's end.
 * With --kill, one instance is killed (SIGKILL) half-way and started again. Once the sources stop,
 * it waits for the engine to settle (every comment read, no hold or doubt past due), then runs the
 * checker and exits with its verdict (0 clean, 1 violations or no doubt to check, 2 the run itself
 * failed).
 * With --faults (at least 600 s, on the embedded database), one of the two sources is the TikTok
 * bridge itself, a process on a connector that plays the stream (soak-connector.mjs), and the run
 * suffers, one after the other: three cuts of the bridge's connection (--cut-seconds each), the
 * bridge killed (SIGKILL) and started again, one instance killed and started again, and the
 * database stopped for --database-seconds. It then also requires: every comment the bridge
 * received stored, exactly one gap reported per cut (starting within 1 s of it), and the staff's
 * live feed back to a comment-to-screen p95 of 150 ms within 60 s of each fault.
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
import { MAX_CLAIM_DOUBT_SECONDS, MIN_CLAIM_DOUBT_SECONDS } from "../../packages/domain/src/live-claims";
import { DEMO_ADMIN } from "../../apps/server/src/config";
import { startEmbeddedDatabase } from "../../apps/server/src/db/embedded";
import { createAutomaticLive } from "./automatic-live.mjs";
import { checkLive, formatCheck } from "./check.mjs";
import { createViewers, seededRandom } from "./comment-stream.mjs";
import { DEMO_LIVE_INGEST_TOKEN } from "./ingest-client.mjs";
import { runSimulation } from "./simulate.mjs";
import {
  compareGaps,
  faultPlan,
  lostComments,
  percentile,
  readHanded,
  recoveryAfter,
  startBridge,
  startFeedMeter,
} from "./soak-faults.mjs";

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
    doubt: { type: "string", default: "5" },
    answer: { type: "string", default: "0.5" },
    products: { type: "string", default: "60" },
    viewers: { type: "string", default: "300" },
    kill: { type: "boolean", default: false },
    port: { type: "string", default: "3294" },
    built: { type: "boolean", default: false },
    "settle-seconds": { type: "string", default: "180" },
    faults: { type: "boolean", default: false },
    "cut-seconds": { type: "string", default: "20" },
    "database-seconds": { type: "string", default: "30" },
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
// Staff answers are mostly not simulated: a short wait makes the doubts nobody answers expire
// within the run, so the checker sees doubts released at their wait's end, not still waiting.
const DOUBT = number("doubt");
if (!Number.isInteger(DOUBT) || DOUBT < MIN_CLAIM_DOUBT_SECONDS || DOUBT > MAX_CLAIM_DOUBT_SECONDS) {
  // The bounds the claims settings API holds a live's doubt wait to.
  console.error(
    `[live:soak] --doubt must be whole seconds from ${MIN_CLAIM_DOUBT_SECONDS} to ${MAX_CLAIM_DOUBT_SECONDS}, not "${args.doubt}"`,
  );
  process.exit(2);
}
const ANSWER = Number(args.answer);
if (!(ANSWER >= 0 && ANSWER <= 1)) {
  console.error(`[live:soak] --answer must be a share between 0 and 1, not "${args.answer}"`);
  process.exit(2);
}
const PRODUCTS = number("products");
const VIEWERS = number("viewers");
const BASE_PORT = number("port");
const SETTLE_SECONDS = number("settle-seconds");
const FAULTS = args.faults
  ? faultPlan(SECONDS, { cutSeconds: number("cut-seconds"), databaseSeconds: number("database-seconds") })
  : null;
if (FAULTS && process.env.DATABASE_URL) {
  console.error("[live:soak] --faults stops the database: it runs on the embedded one, without DATABASE_URL");
  process.exit(2);
}
if (FAULTS && SECONDS < 600) {
  console.error("[live:soak] --faults needs --seconds 600 at least: a minute of calm after each fault");
  process.exit(2);
}

const workDir = mkdtempSync(path.join(tmpdir(), "vitrine-soak-"));
const cleanups = [];
// One secret for both instances, as a deployment of several sets it: the staff member's session
// cookie, signed by one instance, is then good on the other (each would otherwise make its own).
const AUTH_SECRET = randomBytes(32).toString("hex");

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
      AUTH_SECRET,
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
  return createAutomaticLive(db, {
    ref,
    title: `Soak ${ref}`,
    pieces: PRODUCTS,
    holdSeconds: HOLD,
    doubtSeconds: DOUBT,
  });
}

/** The administrator every instance creates at start outside production (DEMO_ADMIN), signed in. */
async function adminCookie(instance) {
  const response = await fetch(`${instance.origin}/api/auth/admin/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: instance.origin },
    body: JSON.stringify(DEMO_ADMIN),
  });
  const cookie = response.headers
    .getSetCookie()
    .find((line) => line.startsWith("vitrine.session_token="))
    ?.split(";")[0];
  if (!cookie) throw new Error(`the admin sign-in on ${instance.name} failed: ${response.status}`);
  return cookie;
}

/**
 * A member of staff working the sidebar: each doubt that appears is, for a share `answerShare` of
 * them (seeded), answered one to six seconds after it is seen, half 'Confirmer' and half 'Ignorer',
 * through the admin API of either instance (the other one when it does not answer: one is killed
 * with --kill). The rest are left to expire. With the default 5 s wait some answers come after the
 * doubt expired, on purpose, to race the expiry job: the server then refuses them (409), as it
 * would a person's late tap; so it does when the viewer gave the piece up meanwhile.
 */
function startStaff({ db, liveId, instances, cookie, answerShare, seed = 5 }) {
  const random = seededRandom(seed);
  const seen = new Set();
  const pending = new Set();
  const outcome = { seen: 0, left: 0, confirmed: 0, ignored: 0, refused: {}, unreachable: 0 };
  let stopped = false;
  const act = async (claimId, action) => {
    const first = random() < 0.5 ? 0 : 1;
    for (const index of [first, 1 - first]) {
      const { origin } = instances()[index];
      let response;
      try {
        response = await fetch(`${origin}/api/admin/lives/${liveId}/claims/${claimId}/${action}`, {
          method: "POST",
          headers: { cookie, origin },
        });
      } catch {
        continue; // that instance is down: the other one
      }
      if (response.ok) outcome[action === "confirm" ? "confirmed" : "ignored"] += 1;
      else {
        const body = await response.json().catch(() => ({}));
        const why = `${response.status} ${body.message ?? body.error ?? ""}`.trim();
        outcome.refused[why] = (outcome.refused[why] ?? 0) + 1;
      }
      return;
    }
    outcome.unreachable += 1;
  };
  // A failed read (the database stopped on purpose) is tried again a second later; anything else
  // stops the staff member, said at stop(), without ending the run's other parts.
  const loop = (async () => {
    while (!stopped) {
      let rows;
      try {
        ({ rows } = await db.query(
          `SELECT id FROM live_claims
            WHERE live_id = $1 AND doubt_reason IS NOT NULL AND confirmed_at IS NULL
              AND state IN ('pending', 'waitlisted')`,
          [liveId],
        ));
      } catch (error) {
        if (!isConnectionLoss(error)) throw error;
        outcome.readsFailed = (outcome.readsFailed ?? 0) + 1;
        await sleep(1000);
        continue;
      }
      for (const { id } of rows) {
        if (seen.has(id)) continue;
        seen.add(id);
        outcome.seen += 1;
        if (random() >= answerShare) {
          outcome.left += 1;
          continue;
        }
        const action = random() < 0.5 ? "confirm" : "ignore";
        const answer = sleep(1000 + random() * 5000).then(() => act(id, action));
        pending.add(answer);
        void answer.finally(() => pending.delete(answer));
      }
      await sleep(300);
    }
  })().catch((error) => {
    outcome.error = error.message;
  });
  return {
    outcome,
    /** Stops looking for doubts; resolves once every answer on its way was given. */
    async stop() {
      stopped = true;
      await loop;
      await Promise.all([...pending]);
      return outcome;
    },
  };
}

/** The database went away (stopped, restarting), as opposed to a query that is wrong. */
const isConnectionLoss = (error) =>
  ["57P01", "57P03", "08006", "08003", "ECONNREFUSED", "ECONNRESET"].includes(error?.code) ||
  /terminat|Connection terminated|connect ECONNREFUSED/i.test(String(error?.message));

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
              (SELECT count(*)::int FROM live_claims c
                WHERE c.live_id = $1 AND c.doubt_reason IS NOT NULL AND c.confirmed_at IS NULL
                  AND c.state IN ('pending', 'waitlisted')
                  AND c.doubt_until < now() - interval '10 seconds') AS doubts_overdue,
              (SELECT count(*)::int FROM live_claim_inbox WHERE live_id = $1) AS inbox`,
      [liveId],
    );
    const caughtUp = state.last_chat === null || Number(state.last_seq) >= Number(state.last_chat);
    if (caughtUp && state.overdue === 0 && state.doubts_overdue === 0 && state.inbox === 0) return true;
    const now =
      `cursor ${state.last_seq} of ${state.last_chat}, ${state.overdue} holds past due, ` +
      `${state.doubts_overdue} doubts past due, ${state.inbox} in the inbox`;
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
       (SELECT json_build_object(
          'all', count(*),
          'confirmed', count(*) FILTER (WHERE confirmed_at IS NOT NULL),
          'ignored', count(*) FILTER (WHERE release_reason = 'doubt-ignored'),
          'expired', count(*) FILTER (WHERE release_reason = 'doubt-expired'),
          'waiting', count(*) FILTER (WHERE confirmed_at IS NULL AND state IN ('pending', 'waitlisted')))
          FROM live_claims WHERE live_id = $1 AND doubt_reason IS NOT NULL) AS doubts,
       (SELECT json_object_agg(answer, n) FROM (
          SELECT answer, count(*)::int AS n FROM live_claim_doubt_answers a
            JOIN live_claims c ON c.id = a.claim_id WHERE c.live_id = $1 GROUP BY 1) s) AS answers,
       (SELECT count(*)::int FROM orders WHERE live_id = $1) AS orders,
       (SELECT count(*)::int FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE o.live_id = $1 AND NOT i.is_released) AS lines`,
    [liveId],
  );
  return rows[0];
}

/**
 * What --faults requires beyond live:check: every comment the bridge received stored, one gap
 * per injected cut, and the staff's live feed back to a comment-to-screen p95 of 150 ms within
 * 60 s of each fault. Says each figure; true when all hold.
 */
async function reportFaults({ db, liveId, startAt, faults, meter, handedFile }) {
  await meter.stop();
  const handed = readHanded(handedFile);
  const lost = await lostComments(db, liveId, handed);
  log(
    `bridge: ${handed.size} comments received from the connector, ${lost.length} not stored` +
      (lost.length > 0 ? ` (first: ${lost.slice(0, 5).join(", ")})` : ""),
  );
  const gaps = await compareGaps(db, liveId, startAt, FAULTS.cuts);
  log(`gaps: ${gaps.reported} reported for ${FAULTS.cuts.length} cuts injected`);
  for (const { injectedAt, seconds, gap } of gaps.matched)
    log(
      `  cut of ${seconds} s at ${new Date(injectedAt).toISOString().slice(11, 19)}: ` +
        (gap
          ? `gap reported ${gap.offsetMs} ms from it, lasting ${gap.lastedSeconds.toFixed(1)} s, ${gap.resent} re-sent`
          : "NO gap reported within 1 s"),
    );
  const latencies = meter.samples.map((sample) => sample.ms);
  log(
    `sidebar comment-to-screen over the run (${latencies.length} comments, ${meter.reconnects} stream reconnections): ` +
      `p50 ${percentile(latencies, 0.5)} ms, p95 ${percentile(latencies, 0.95)} ms, p99 ${percentile(latencies, 0.99)} ms`,
  );
  let recovered = true;
  for (const fault of faults.sort((x, y) => x.from - y.from)) {
    const recovery = recoveryAfter(meter.samples, fault.over);
    recovered &&= recovery !== null;
    log(
      `  ${fault.name} (${new Date(fault.from).toISOString().slice(11, 19)}, over after ${((fault.over - fault.from) / 1000).toFixed(1)} s): ` +
        (recovery
          ? `p95 ${recovery.p95} ms from ${recovery.afterSeconds} s after`
          : "p95 NOT back to 150 ms within 60 s"),
    );
  }
  return lost.length === 0 && gaps.ok && recovered;
}

let exitCode = 2;
try {
  log(
    `${SECONDS} s at ${RATE} comments/s with bursts of ${BURST.rate}/s for ${BURST.seconds} s every ${BURST.every} s, ` +
      `${Math.round(CLAIMS * 100)} % claims and un-claims (about 5 % of them doubtful), ${PRODUCTS} pieces, ` +
      `hold ${HOLD} s, doubt wait ${DOUBT} s, staff answering ${Math.round(ANSWER * 100)} % of the doubts, two instances` +
      `${args.kill ? ", one killed (SIGKILL) half-way and restarted" : ""}; ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}`,
  );
  let databaseUrl = process.env.DATABASE_URL;
  const embeddedOptions = { dataDir: path.join(workDir, "db"), port: BASE_PORT + 20_000, log: () => {} };
  let embedded = null;
  if (!databaseUrl) {
    embedded = await startEmbeddedDatabase(embeddedOptions);
    // The current cluster at the end: --faults stops it and starts it again mid-run.
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

  // A pool, not one client: it outlives the database stopped by --faults (a lost connection is
  // dropped and the next query opens another).
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on("error", () => {});
  cleanups.push(() => db.end());
  const live = await makeLive(db);
  log(`live "${live.ref}": ${PRODUCTS} pieces, automatic mode, hold ${HOLD} s, doubt wait ${DOUBT} s`);
  const staff =
    ANSWER > 0
      ? startStaff({
          db,
          liveId: live.id,
          // Read at each answer: instance B is a new process after the kill.
          instances: () => [a, b],
          cookie: await adminCookie(a),
          answerShare: ANSWER,
        })
      : null;

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
  const refs = Array.from({ length: PRODUCTS }, (_, i) => i + 1);
  const startAt = Date.now();
  const at = (second) => sleep(Math.max(0, startAt + second * 1000 - Date.now()));
  const handedFile = path.join(workDir, "bridge-handed.txt");
  const bridgeOptions = {
    origin: a.origin,
    liveRef: live.ref,
    token: DEMO_LIVE_INGEST_TOKEN,
    spoolDir: path.join(workDir, "spool"),
    setAside: path.join(workDir, "set-aside.jsonl"),
    logFile: path.join(workDir, "bridge.log"),
    connectorPlan: {
      startAt,
      seconds: SECONDS,
      rate: half.rate,
      burst: half.burst,
      viewers: VIEWERS,
      viewerSeed: 11,
      seed: 1,
      runId: `soakbridge${randomBytes(2).toString("hex")}`,
      refs,
      claimShare: CLAIMS,
      cuts: FAULTS?.cuts ?? [],
      // About what TikTok's room data holds of its recent comments.
      initialData: 50,
      handedFile,
    },
  };
  let bridge = null;
  let meter = null;
  if (FAULTS) {
    bridge = startBridge(bridgeOptions);
    cleanups.push(() => bridge.stop());
    meter = startFeedMeter({ origin: a.origin, cookie: await adminCookie(a), liveId: live.id });
    cleanups.push(() => meter.stop());
  }
  // A restarted instance answers on the same port: its source retries there meanwhile. With
  // --faults, instance A hears the bridge and instance B the simulator.
  const sources = FAULTS ? [source(b, 2)] : [source(a, 1), source(b, 2)];

  /** Faults as they happened: from when they began to when the system was whole again. */
  const faults = (FAULTS?.cuts ?? []).map((cut) => ({
    name: `cut of ${cut.seconds} s at ${cut.at} s`,
    from: startAt + cut.at * 1000,
    over: startAt + (cut.at + cut.seconds) * 1000,
  }));
  const restartB = async () => {
    const killedAt = Date.now();
    log(`kill -9 ${b.name} (pid ${b.child.pid})`);
    b.child.kill("SIGKILL");
    await new Promise((resolve) => b.child.once("exit", resolve));
    b = startInstance("instance-b", BASE_PORT + 1, databaseUrl, command);
    cleanups.push(() => b.stop());
    await b.ready();
    log(`${b.name} restarted, ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);
    faults.push({ name: "instance B killed", from: killedAt, over: Date.now() });
  };
  const timeline = [];
  if (FAULTS) {
    timeline.push(
      at(FAULTS.bridgeKill).then(async () => {
        const killedAt = Date.now();
        log(`kill -9 the bridge (pid ${bridge.child.pid})`);
        await bridge.kill();
        bridge = startBridge(bridgeOptions);
        faults.push({ name: "bridge killed", from: killedAt, over: Date.now() });
      }),
      at(FAULTS.instanceKill).then(restartB),
      at(FAULTS.databaseStop.at).then(async () => {
        const stoppedAt = Date.now();
        log(`PostgreSQL stopped for ${FAULTS.databaseStop.seconds} s`);
        await embedded.stop();
        await sleep(FAULTS.databaseStop.seconds * 1000);
        embedded = await startEmbeddedDatabase(embeddedOptions);
        log(`PostgreSQL started again, ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s after it stopped`);
        faults.push({ name: "database stopped", from: stoppedAt, over: Date.now() });
      }),
    );
  } else if (args.kill) timeline.push(at(SECONDS / 2).then(restartB));
  await Promise.all(timeline);
  const stats = await Promise.all(sources);
  for (const result of stats)
    log(
      `simulator: ${result.comments} comments (${result.claims} claims, ${result.unclaims} un-claims, ${result.doubts} doubtful), ` +
        `${result.sent} events sent, ${result.acked} acknowledged, ${result.failed} failed, in ${result.seconds.toFixed(0)} s`,
    );
  if (bridge) {
    await at(SECONDS + 2);
    await bridge.stop();
    log(`bridge: ${tail(bridgeOptions.logFile, 1)}`);
  }

  if (staff) {
    // Answers for the doubts of the last comments too: staff keep at it until the engine has read
    // what the sources sent, a few seconds at most.
    await sleep(2000);
    const answered = await staff.stop();
    log(
      `staff: ${answered.seen} doubts seen, ${answered.left} left to expire, ${answered.confirmed} confirmed, ` +
        `${answered.ignored} ignored, refused ${JSON.stringify(answered.refused)}, ${answered.unreachable} unreachable` +
        (answered.error ? `; stopped early: ${answered.error}` : ""),
    );
  }
  const settled = await settle(db, live.id);
  log(settled ? "engine settled" : `engine NOT settled after ${SETTLE_SECONDS} s`);
  const figures = await summary(db, live.id);
  log(
    `stored: ${figures.comments} comments, ${figures.claims} claims ${JSON.stringify(figures.by_state ?? {})}, ` +
      `${figures.orders} orders holding ${figures.lines} pieces; doubts ${JSON.stringify(figures.doubts)}, ` +
      `answers file ${JSON.stringify(figures.answers ?? {})}`,
  );
  const checker = new pg.Client({ connectionString: databaseUrl });
  await checker.connect();
  const result = await checkLive(checker, live.ref);
  await checker.end();
  console.log(formatCheck(live.ref, result));
  // The stream sends doubtful claims: a run whose checker saw none did not test them.
  const doubtsSent = stats.reduce((sum, source) => sum + source.doubts, 0);
  const doubtsChecked = result.invariants.find((item) => item.name.startsWith("every doubt"))?.checked ?? 0;
  const doubtsTested = doubtsSent === 0 || doubtsChecked > 0;
  if (!doubtsTested) log(`${doubtsSent} doubtful comments were sent, yet live:check found no doubt to check`);
  const faultsHeld = FAULTS
    ? await reportFaults({ db, liveId: live.id, startAt, faults, meter, handedFile })
    : true;
  exitCode = result.ok && settled && doubtsTested && faultsHeld ? 0 : 1;
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
