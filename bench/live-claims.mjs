#!/usr/bin/env node
// Claims decided on the server (decision 030), under a live's load. Starts the server as `npm start`
// does (embedded PostgreSQL in a fresh data folder, or DATABASE_URL's server) and posts the
// simulator's comment stream (scripts/live/comment-stream.mjs: real-size events, each what the
// TikTok bridge builds from a tiktok-live-connector 2.5.0 event) with 30 % claims and un-claims
// ("je prends le 12", "le 12 en M stp", "12 + 14", "je passe le 12"...) of the live's 999 pieces,
// the live in automatic mode:
//   (a) 1,000 comments/s for 60 s (after 10 s of the same on another live, to warm up), the claims
//       on the 40 pieces being shown, a window moving through the 999: from a claim comment's
//       receipt (the start of the ingest request that carries it) to the moment its claim is
//       committed, seen from outside through the
//       database (woken by the server's NOTIFY, else every 20 ms): p50/p95/p99 of the claims given
//       at once (an order line) and of every claim decided (waitlisted included); and the claims
//       lost (claim comments without a claim row, as live:check counts them). Beside it, the floor:
//       the same requests' acknowledgement latency (the ingestion the claims ride on).
//   (b) 11,000 comments/s for 60 s (10,000/s, the target, with a margin), claims on: the rate
//       acknowledged, stored without loss, how long the claims took to catch up once the offer
//       stopped, and the claims lost; beside it the floor: bare batched inserts through pg.
// Targets: (a) p95 <= 100 ms, 0 lost; (b) >= 10,000 comments/s accepted without loss.
// Usage: npm run bench:claims -- [--seconds=60] [--rate=1000] [--ingest-rate=11000] [--claims=0.3]
//                               [--phase=a|b|both] [--warm-up=10]
import { loadavg, cpus } from "node:os";
import pg from "pg";
import { createAutomaticLive } from "../scripts/live/automatic-live.mjs";
import { checkLive } from "../scripts/live/check.mjs";
import { createCommentStream } from "../scripts/live/comment-stream.mjs";
import { createIngestClient } from "../scripts/live/ingest-client.mjs";
import { startDemoServer } from "./support/demo-server.mjs";
import { benchOptions, latencyStats } from "./support/measure.mjs";
import { rawInsertFloor } from "./support/ingest-floor.mjs";

const options = benchOptions();
const SECONDS = Number(options.seconds ?? 60);
const RATE = Number(options.rate ?? 1000);
const INGEST_RATE = Number(options["ingest-rate"] ?? 11_000);
const CLAIMS = Number(options.claims ?? 0.3);
const PHASE = options.phase ?? "both";
const WARM_UP_SECONDS = Number(options["warm-up"] ?? 10);
const PIECES = 999;
const BATCH = 500;
const MAX_IN_FLIGHT = 8;
const TICK_MS = 50;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value) => `${Number.isFinite(value) ? value.toFixed(0) : "-"} ms`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

const automaticLive = (db, ref) => createAutomaticLive(db, { ref, title: `Bench ${ref}`, pieces: PIECES });

/**
 * Offers `rate` comments/s for `seconds` as a well-behaved source does (requests of up to 500
 * events, at most 8 in flight, the rest waiting on the source's side); `onPost(events, at)` hears
 * each request as it starts (epoch ms). Waits for every answer.
 */
async function offer(client, stream, rate, seconds, onPost = () => {}, onTick = () => {}) {
  const ackLatencies = [];
  const backlog = [];
  let generated = 0;
  let acked = 0;
  let failed = 0;
  const inFlight = new Set();
  const pump = () => {
    while (backlog.length > 0 && inFlight.size < MAX_IN_FLIGHT) {
      const events = backlog.splice(0, BATCH);
      const postedAt = Date.now();
      onPost(events, postedAt);
      const request = client
        .sendEvents(events)
        .then(() => {
          ackLatencies.push(Date.now() - postedAt);
          acked += events.length;
        })
        .catch(() => (failed += events.length))
        .finally(() => {
          inFlight.delete(request);
          pump();
        });
      inFlight.add(request);
    }
  };
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    onTick((performance.now() - started) / 1000);
    const due = Math.floor((rate * (performance.now() - started)) / 1000) - generated;
    for (let i = 0; i < due; i++) backlog.push(stream.chat());
    generated += Math.max(due, 0);
    pump();
    await sleep(TICK_MS);
  }
  const offeredFor = (performance.now() - started) / 1000;
  const ackedDuringOffer = acked;
  while (backlog.length > 0 || inFlight.size > 0) {
    pump();
    await Promise.race([...inFlight, sleep(TICK_MS)]);
  }
  return {
    sent: generated,
    acked,
    failed,
    offeredPerSecond: Math.round(generated / offeredFor),
    ackedPerSecondDuringOffer: Math.round(ackedDuringOffer / offeredFor),
    ack: latencyStats(ackLatencies),
  };
}

/**
 * Watches a live's claims from outside: each claim row the first time it is seen committed (woken
 * by the server's NOTIFY on its live channel, else every 20 ms), with the instant it was seen.
 */
async function watchClaims(databaseUrl, liveId, onFirstSight) {
  const listener = new pg.Client({ connectionString: databaseUrl });
  const reader = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([listener.connect(), reader.connect()]);
  let wake = () => {};
  listener.on("notification", () => wake());
  await listener.query("LISTEN vitrine_live");
  const seen = new Set();
  let version = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await reader.query(
        `SELECT c.id, c.version, c.state, c.order_id IS NOT NULL AS given, e.msg_id
           FROM live_claims c JOIN tiktok_events e ON e.id = c.event_id
          WHERE c.live_id = $1 AND c.version > $2 ORDER BY c.version`,
        [liveId, version],
      );
      const at = Date.now();
      for (const row of rows) {
        version = Math.max(version, Number(row.version));
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        onFirstSight(row, at);
      }
      await Promise.race([new Promise((resolve) => (wake = resolve)), sleep(20)]);
    }
  })();
  return {
    async stop() {
      running = false;
      wake();
      await loop;
      await Promise.all([listener.end(), reader.end()]);
    },
  };
}

/** Seconds until the live's claim cursor reaches its last chat comment (null: not within `limit`). */
async function catchUp(db, liveId, limit = 180) {
  const started = Date.now();
  while (Date.now() - started < limit * 1000) {
    const {
      rows: [state],
    } = await db.query(
      `SELECT (SELECT last_seq FROM live_claim_state WHERE live_id = $1) AS read,
              (SELECT max(seq) FROM tiktok_events WHERE live_id = $1 AND event_type = 'chat') AS last`,
      [liveId],
    );
    if (state.last === null || Number(state.read) >= Number(state.last)) return (Date.now() - started) / 1000;
    await sleep(100);
  }
  return null;
}

/** The claims live:check finds lost, and its verdict on the rest. */
async function lostClaims(databaseUrl, ref) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await checkLive(client, ref);
    const lost = result.invariants.find((item) => item.name.startsWith("every comment was read"));
    const failing = result.invariants.filter((item) => item.violations > 0).map((item) => item.name);
    return { lost: lost.violations, claimsRead: lost.checked, failing, examples: lost.examples };
  } finally {
    await client.end();
  }
}

/**
 * The pieces viewers claim at `elapsed` seconds into a phase of `seconds`: as in a real live, the
 * ones being shown, a window of SHOWN pieces moving through the live's 999 from the first to the
 * last. Each new piece's first claimer gets it at once, all along the phase (with every piece
 * claimable from the start, they would all be taken in the first seconds and the rest waitlisted).
 */
const SHOWN = 40;
function showing(refs, elapsed, seconds) {
  const first = Math.min(PIECES - SHOWN, Math.floor((elapsed / seconds) * (PIECES - SHOWN)));
  refs.splice(0, refs.length, ...Array.from({ length: SHOWN }, (_, i) => first + i + 1));
}

/** The same load on a live of its own first: the server's code warm, its pools open. */
async function warmUp(server, db, seconds) {
  const live = await automaticLive(db, "benchclmw");
  const client = createIngestClient({ url: server.origin, liveRef: live.ref, maxAttempts: 20 });
  const refs = [];
  showing(refs, 0, seconds);
  const stream = createCommentStream({
    viewers: 2_000,
    seed: 28,
    runId: "claimsw",
    claimShare: CLAIMS,
    refs,
  });
  await offer(
    client,
    stream,
    RATE,
    seconds,
    () => {},
    (elapsed) => showing(refs, elapsed, seconds),
  );
  await catchUp(db, live.id);
}

async function phaseA(server, db) {
  await warmUp(server, db, WARM_UP_SECONDS);
  const live = await automaticLive(db, "benchclma");
  const client = createIngestClient({ url: server.origin, liveRef: live.ref, maxAttempts: 20 });
  const refs = [];
  showing(refs, 0, SECONDS);
  const stream = createCommentStream({
    viewers: 2_000,
    seed: 29,
    runId: "claimsa",
    claimShare: CLAIMS,
    refs,
  });
  const postedAt = new Map();
  let claimComments = 0;
  const given = [];
  const decided = [];
  const watcher = await watchClaims(server.databaseUrl, live.id, (row, at) => {
    const start = postedAt.get(row.msg_id);
    if (start === undefined) return;
    decided.push(at - start);
    if (row.given) given.push(at - start);
  });
  const result = await offer(
    client,
    stream,
    RATE,
    SECONDS,
    (events, at) => {
      for (const event of events)
        if (stream.intentOf(event) === "claim") {
          postedAt.set(event.msgId, at);
          claimComments += 1;
        }
    },
    (elapsed) => showing(refs, elapsed, SECONDS),
  );
  const caughtUp = await catchUp(db, live.id);
  await sleep(200);
  await watcher.stop();
  const check = await lostClaims(server.databaseUrl, live.ref);
  const order = latencyStats(given);
  const all = latencyStats(decided);
  console.log(
    `(a) automatic mode, ${result.offeredPerSecond} comments/s offered for ${SECONDS} s after ${WARM_UP_SECONDS} s of warm-up, ` +
      `${Math.round(CLAIMS * 100)} % claims and un-claims of the ${SHOWN} pieces being shown (moving through the live's ${PIECES}) ` +
      `(${claimComments} claim comments of ${result.sent}; ${result.acked} acknowledged, ${result.failed} failed)`,
  );
  console.log(
    `    project: claim -> order line (given at once, ${order.n}): p50 ${ms(order.p50)}  p95 ${ms(order.p95)}  p99 ${ms(order.p99)}`,
  );
  console.log(
    `    project: claim -> claim decided (any state, ${all.n}):   p50 ${ms(all.p50)}  p95 ${ms(all.p95)}  p99 ${ms(all.p99)}`,
  );
  console.log(
    `    floor:   ingest acknowledgement (${result.ack.n} requests):     p50 ${ms(result.ack.p50)}  p95 ${ms(result.ack.p95)}  p99 ${ms(result.ack.p99)}`,
  );
  console.log(
    `    claims lost: ${check.lost} of ${check.claimsRead} claims read (live:check)` +
      `${check.examples.length ? `, e.g. ${check.examples[0]}` : ""}; claims caught up ${caughtUp === null ? "NOT within 180 s" : `${caughtUp.toFixed(1)} s after the last acknowledgement`}` +
      `${check.failing.length ? `; live:check also fails: ${check.failing.join("; ")}` : "; live:check clean"}`,
  );
  console.log(
    `    target p95 <= 100 ms, 0 lost -> ${order.p95 <= 100 && check.lost === 0 ? "met" : "NOT met"}; ` +
      `project p95 / floor p95: ${(order.p95 / result.ack.p95).toFixed(2)}x`,
  );
}

async function phaseB(server, db) {
  const floorLive = await automaticLive(db, "benchclmf");
  const floorOne = await rawInsertFloor(server.databaseUrl, floorLive.id, 10, 1);
  const floorTwo = await rawInsertFloor(server.databaseUrl, floorLive.id, 10, 2);
  const live = await automaticLive(db, "benchclmb");
  const client = createIngestClient({ url: server.origin, liveRef: live.ref, maxAttempts: 20 });
  const stream = createCommentStream({
    viewers: 2_000,
    seed: 30,
    runId: "claimsb",
    claimShare: CLAIMS,
    refs: Array.from({ length: PIECES }, (_, i) => i + 1),
  });
  const result = await offer(client, stream, INGEST_RATE, SECONDS);
  const stored = (
    await db.query("SELECT count(*)::int AS n FROM tiktok_events WHERE live_id = $1", [live.id])
  ).rows[0].n;
  const caughtUp = await catchUp(db, live.id, 300);
  const check = await lostClaims(server.databaseUrl, live.ref);
  const lossless = result.failed === 0 && stored === result.sent;
  console.log(
    `(b) ingestion with claims on (automatic mode, ${Math.round(CLAIMS * 100)} % claims), offered ${result.offeredPerSecond}/s for ${SECONDS} s:`,
  );
  console.log(
    `    project: acknowledged ${result.ackedPerSecondDuringOffer} comments/s while offered; stored ${stored} of ${result.sent}, failed ${result.failed} -> ${lossless ? "no loss" : "LOSS"}; ` +
      `request p50 ${ms(result.ack.p50)}, p95 ${ms(result.ack.p95)}`,
  );
  console.log(
    `    floor:   bare batched inserts through pg: ${floorOne} events/s with one writer, ${floorTwo} with two ` +
      `(project at ${Math.round((result.ackedPerSecondDuringOffer / floorOne) * 100)} % of the one-writer floor)`,
  );
  console.log(
    `    claims: ${check.claimsRead} read, ${check.lost} lost; caught up ${caughtUp === null ? "NOT within 300 s" : `${caughtUp.toFixed(1)} s after the last acknowledgement`}` +
      `${check.failing.length ? `; live:check fails: ${check.failing.join("; ")}` : "; live:check clean"}`,
  );
  console.log(
    `    target >= 10,000 comments/s without loss -> ${lossless && result.ackedPerSecondDuringOffer >= 10_000 ? "met" : "NOT met"}`,
  );
}

const server = await startDemoServer("claims", 44_000, { databaseUrl: process.env.DATABASE_URL });
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
try {
  console.log(`Claims benchmark on ${cpus().length} cores (shared), load average before: ${load()}`);
  if (PHASE !== "b") await phaseA(server, db);
  if (PHASE !== "a") await phaseB(server, db);
  console.log(`Load average after: ${load()}`);
} finally {
  await db.end();
  await server.stop();
}
