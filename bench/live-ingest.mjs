#!/usr/bin/env node
// Live ingestion throughput (decision 018). Starts the server as `npm start` does (embedded
// PostgreSQL in a fresh data folder, or DATABASE_URL's server), then posts a realistic comment
// stream (scripts/live/comment-stream.mjs: each event is what the TikTok bridge builds from a real
// tiktok-live-connector 2.5.0 event, bridges/tiktok/fixtures, about 0.8 kB of JSON with the raw
// event as payload) to POST /api/live-ingest/events in batches of 500:
// a sustained phase at 11,000 comments/s (the target, 10,000/s, with a margin: offered exactly,
// the rate acknowledged while offering always trails it by the requests still in flight), then a
// burst at 20,000/s. A phase passes when every event is acknowledged (the server answers once
// committed) and stored, and the acknowledged rate keeps up with the offered one (the source
// keeps at most 8 requests in flight and holds the rest, as the simulator and the TikTok bridge
// do). Beside it, in the same run, the floor: the same events in the same multi-row insert as the
// server's (one JSON array read by json_to_recordset, ON CONFLICT DO NOTHING) straight through pg,
// without the server.
// Usage: npm run bench:ingest -- [sustainSeconds=60] [burstSeconds=10]
import { loadavg } from "node:os";
import pg from "pg";
import { createCommentStream } from "../scripts/live/comment-stream.mjs";
import { createIngestClient } from "../scripts/live/ingest-client.mjs";
import { startDemoServer } from "./support/demo-server.mjs";
import { rawInsertFloor } from "./support/ingest-floor.mjs";

const sustainSeconds = Number(process.argv[2] ?? 60);
const burstSeconds = Number(process.argv[3] ?? 10);
const BATCH = 500;
const TICK_MS = 50;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function createLive(databaseUrl, ref) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    "INSERT INTO lives (ref, title, live_date, is_active) VALUES ($1, $2, now(), true) RETURNING id",
    [ref, `Bench ${ref}`],
  );
  await client.end();
  return rows[0].id;
}

/**
 * Offers `rate` events/s for `seconds`, as a well-behaved source does: requests of up to 500
 * events, at most MAX_IN_FLIGHT at a time; what the server has not taken yet waits on the
 * source's side (its backlog) and is sent as soon as a request returns. Waits for every answer.
 */
const MAX_IN_FLIGHT = 8;
async function offer(client, stream, rate, seconds) {
  const latencies = [];
  const backlog = [];
  let generated = 0;
  let acked = 0;
  let accepted = 0;
  let failed = 0;
  let maxBacklog = 0;
  const inFlight = new Set();
  const pump = () => {
    while (backlog.length > 0 && inFlight.size < MAX_IN_FLIGHT) {
      const events = backlog.splice(0, BATCH);
      const postedAt = performance.now();
      const request = client
        .sendEvents(events)
        .then((result) => {
          latencies.push(performance.now() - postedAt);
          acked += events.length;
          accepted += result.accepted;
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
    const due = Math.floor((rate * (performance.now() - started)) / 1000) - generated;
    for (let i = 0; i < due; i++) backlog.push(stream.chat());
    generated += Math.max(due, 0);
    maxBacklog = Math.max(maxBacklog, backlog.length);
    pump();
    await sleep(TICK_MS);
  }
  const offeredFor = (performance.now() - started) / 1000;
  const ackedDuringOffer = acked;
  while (backlog.length > 0 || inFlight.size > 0) {
    pump();
    await Promise.race([...inFlight, sleep(TICK_MS)]);
  }
  const total = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    sent: generated,
    acked,
    accepted,
    failed,
    offeredPerSecond: Math.round(generated / offeredFor),
    ackedPerSecondDuringOffer: Math.round(ackedDuringOffer / offeredFor),
    ackedPerSecond: Math.round(acked / total),
    drainSeconds: total - offeredFor,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    maxBacklog,
  };
}

async function storedCount(databaseUrl, liveId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query("SELECT count(*)::int AS n FROM tiktok_events WHERE live_id = $1", [
    liveId,
  ]);
  await client.end();
  return rows[0].n;
}

const server = await startDemoServer("ingest", 43_000);
try {
  console.log(
    `Live ingestion benchmark (load average before: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")})`,
  );
  const sample = createCommentStream({ viewers: 2_000, seed: 1, runId: "size" });
  const sizes = Array.from({ length: 1_000 }, () => Buffer.byteLength(JSON.stringify(sample.chat())));
  console.log(
    `Events as the TikTok bridge builds them: chat comments of ${Math.min(...sizes)} to ${Math.max(...sizes)} bytes of JSON ` +
      `(mean ${Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length)}), raw connector event included`,
  );
  const floorLive = await createLive(server.databaseUrl, "benchfloor");
  // One writer is what ingestion's ordered commits allow; two show what the machine's PostgreSQL takes.
  const floorOne = await rawInsertFloor(server.databaseUrl, floorLive, 10, 1);
  const floor = await rawInsertFloor(server.databaseUrl, floorLive, 10, 2);
  console.log(
    `Floor: raw batched inserts through pg, batches of ${BATCH}: ${floorOne} events/s with one writer, ${floor} with two`,
  );

  const phases = [
    { name: "sustained", rate: Number(process.env.BENCH_RATE ?? 11_000), seconds: sustainSeconds },
    { name: "burst", rate: 20_000, seconds: burstSeconds },
  ];
  for (const phase of phases) {
    const ref = `bench${phase.name.slice(0, 4)}`;
    const liveId = await createLive(server.databaseUrl, ref);
    const client = createIngestClient({ url: server.origin, liveRef: ref, maxAttempts: 20 });
    const stream = createCommentStream({ viewers: 2_000, seed: phase.rate, runId: phase.name });
    const result = await offer(client, stream, phase.rate, phase.seconds);
    const stored = await storedCount(server.databaseUrl, liveId);
    const lossless = result.failed === 0 && stored === result.sent && result.acked === result.sent;
    console.log(
      `${phase.name}: offered ${result.offeredPerSecond}/s for ${phase.seconds} s (${result.sent} comments); ` +
        `acknowledged ${result.ackedPerSecondDuringOffer}/s meanwhile, ${result.ackedPerSecond}/s overall ` +
        `(source backlog up to ${result.maxBacklog}, drained ${result.drainSeconds.toFixed(1)} s after the offer); ` +
        `stored ${stored}, failed ${result.failed}; request p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms -> ` +
        `${lossless ? "no loss" : "LOSS"}; ${Math.round((result.ackedPerSecondDuringOffer / floorOne) * 100)} % of the one-writer floor, ` +
        `${Math.round((result.ackedPerSecondDuringOffer / floor) * 100)} % of the two-writer one`,
    );
  }
  console.log(
    `Load average after: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
} finally {
  await server.stop();
}
