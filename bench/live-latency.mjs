#!/usr/bin/env node
// Comment-to-screen latency over server-sent events (decision 018). Starts the server as `npm start`
// does, opens 20 feed streams as 20 sidebars would (GET /api/admin/live-feed/stream), and posts
// comments at 1,000/s through the ingestion API in small batches (every 10 ms). Each comment's
// latency is from just before its request leaves to its arrival on each stream; p50 / p95 / p99
// over all streams. Beside it, in the same run, the floor: a bare LISTEN/NOTIFY round trip on the
// same PostgreSQL at the same rate. Target: p95 <= 100 ms.
// Usage: npm run bench:live-latency -- [seconds=20] [clients=20] [rate=1000]
import { loadavg } from "node:os";
import pg from "pg";
import { createCommentStream } from "../scripts/live/comment-stream.mjs";
import { createIngestClient } from "../scripts/live/ingest-client.mjs";
import { startDemoServer } from "./support/demo-server.mjs";

const seconds = Number(process.argv[2] ?? 20);
const clients = Number(process.argv[3] ?? 20);
const rate = Number(process.argv[4] ?? 1_000);
const TICK_MS = 10;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
};
const COMMENT_NUMBER = /#(\d+)","createTime"/;
const ms = (value) => `${value.toFixed(1)} ms`;

/** The floor: NOTIFY from one connection, LISTEN on another, `rate` per second for a few seconds. */
async function notifyFloor(databaseUrl, floorSeconds) {
  const listener = new pg.Client({ connectionString: databaseUrl });
  const sender = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([listener.connect(), sender.connect()]);
  const latencies = [];
  listener.on("notification", (message) => latencies.push(performance.now() - Number(message.payload)));
  await listener.query("LISTEN bench_floor");
  const started = performance.now();
  let sent = 0;
  while (performance.now() - started < floorSeconds * 1000) {
    const due = Math.floor((rate * (performance.now() - started)) / 1000) - sent;
    // One NOTIFY per batch of comments, as ingestion does (one per 25 ms batch at most).
    if (due > 0) {
      sent += due;
      await sender.query("SELECT pg_notify('bench_floor', $1)", [String(performance.now())]);
    }
    await sleep(TICK_MS);
  }
  await sleep(200);
  await Promise.all([listener.end(), sender.end()]);
  return summary(latencies);
}

/** A feed stream that records, for each comment, when it arrived. */
async function openStream(url, cookie, sentAt, latencies) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { cookie }, signal: controller.signal });
  if (!response.ok) throw new Error(`stream refused: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const now = performance.now();
        buffer += value;
        let end;
        // The comment's number is enough to find its send time: no JSON parsing on the measuring side,
        // whose own event loop would otherwise add to the figure.
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.startsWith("event: live-event")) continue;
          const match = COMMENT_NUMBER.exec(block);
          const sent = match ? sentAt[Number(match[1])] : undefined;
          if (sent !== undefined) latencies.push(now - sent);
        }
      }
    } catch {
      // closed
    }
  })();
  return () => controller.abort();
}

const server = await startDemoServer("latency", 44_000);
try {
  console.log(
    `Comment-to-screen latency benchmark (load average before: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")})`,
  );
  const floor = await notifyFloor(server.databaseUrl, 5);
  console.log(
    `Floor: bare LISTEN/NOTIFY round trip: p50 ${ms(floor.p50)}, p95 ${ms(floor.p95)}, p99 ${ms(floor.p99)} (${floor.n} notifications)`,
  );

  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  const { rows } = await db.query(
    "INSERT INTO lives (ref, title, live_date, is_active) VALUES ('benchlat', 'Bench latence', now(), true) RETURNING id",
  );
  await db.end();
  const liveId = rows[0].id;
  const cookie = await server.adminCookie();
  const sentAt = [];
  const latencies = [];
  const closers = [];
  for (let i = 0; i < clients; i++) {
    closers.push(
      await openStream(
        `${server.origin}/api/admin/live-feed/stream?liveId=${liveId}`,
        cookie,
        sentAt,
        latencies,
      ),
    );
  }
  await sleep(300);

  const ingest = createIngestClient({ url: server.origin, liveRef: "benchlat" });
  const stream = createCommentStream({ viewers: 500, seed: 3, runId: "lat" });
  const inFlight = new Set();
  let sent = 0;
  let failed = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const due = Math.floor((rate * (performance.now() - started)) / 1000) - sent;
    if (due > 0) {
      const events = Array.from({ length: due }, (_, i) => {
        const event = stream.chat();
        // A unique text per comment: the streams find its send time by it.
        event.comment = `${event.comment} #${sent + i}`;
        return event;
      });
      sent += due;
      const now = performance.now();
      for (let i = 0; i < events.length; i++) sentAt[sent - events.length + i] = now;
      const request = ingest
        .sendEvents(events)
        .catch((error) => {
          failed += events.length;
          if (failed === events.length) console.log(`first failed request: ${error.message}`);
        })
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    }
    await sleep(TICK_MS);
  }
  await Promise.all(inFlight);
  await sleep(1_000);
  for (const close of closers) close();

  const result = summary(latencies);
  const expected = sent * clients;
  console.log(
    `Vitrine: ${sent} comments at ${Math.round(sent / seconds)}/s to ${clients} SSE clients: ` +
      `p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, p99 ${ms(result.p99)} ` +
      `(${result.n} of ${expected} deliveries received, ${failed} comments failed); target p95 <= 100 ms`,
  );
  console.log(`p95 is ${(result.p95 / Math.max(floor.p95, 0.1)).toFixed(1)} x the floor's p95`);
  console.log(
    `Load average after: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
} finally {
  await server.stop();
}
