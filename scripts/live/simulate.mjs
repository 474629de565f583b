#!/usr/bin/env node
/**
 * npm run live:simulate -- --live <ref> --rate <comments/s> [--duration <s>] [--url http://localhost:3000]
 *                          [--token ...] [--viewers 200] [--seed 1]
 * Replays a realistic French comment stream into a live through the ingestion API, as a live
 * source does: 'connected' at start, 'disconnected' at exit, batches acknowledged once stored.
 */
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { createCommentStream } from "./comment-stream.mjs";
import { createIngestClient, DEMO_LIVE_INGEST_TOKEN } from "./ingest-client.mjs";

const TICK_MS = 50;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `rate` chat comments per second (plus about one member, like or gift event per nine
 * comments) until `durationSeconds` pass or `signal` aborts. `onAck(events, result)` hears each
 * acknowledged batch. Resolves with the counts once every batch sent is answered.
 */
export async function runSimulation({
  url = "http://localhost:3000",
  token = DEMO_LIVE_INGEST_TOKEN,
  liveRef,
  rate = 10,
  durationSeconds = Infinity,
  viewers = 200,
  seed = 1,
  batchMax = 500,
  concurrency = 4,
  signal,
  onAck = () => {},
  log = () => {},
  reportStatus = true,
}) {
  const client = createIngestClient({
    url,
    token,
    liveRef,
    onRetry: ({ reason }) => log(`retry (${reason})`),
  });
  const stream = createCommentStream({ viewers, seed });
  const stats = { sent: 0, acked: 0, accepted: 0, duplicates: 0, failed: 0, comments: 0 };
  const buffer = [];
  const inFlight = new Set();
  // A refusal the server will repeat (a live not active, a bad token): the simulation stops.
  let refusal = null;
  if (reportStatus) await client.sendStatus("connected");
  const started = performance.now();
  let comments = 0;

  const send = (events) => {
    stats.sent += events.length;
    const request = client
      .sendEvents(events)
      .then((result) => {
        stats.acked += events.length;
        stats.accepted += result.accepted;
        stats.duplicates += result.duplicates;
        onAck(events, result);
      })
      .catch((error) => {
        stats.failed += events.length;
        log(`a batch of ${events.length} events was not acknowledged: ${error.message}`);
        if (error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429)
          refusal ??= error;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  const pump = () => {
    while (buffer.length > 0 && inFlight.size < concurrency) send(buffer.splice(0, batchMax));
  };

  while (!signal?.aborted && !refusal) {
    const elapsed = (performance.now() - started) / 1000;
    if (elapsed >= durationSeconds) break;
    const due = Math.floor(rate * elapsed) - comments;
    for (let i = 0; i < due; i++) {
      let event = stream.next();
      while (event.type !== "chat") {
        buffer.push(event);
        event = stream.next();
      }
      buffer.push(event);
      comments += 1;
    }
    pump();
    await sleep(TICK_MS);
  }
  stats.comments = comments;
  if (refusal) buffer.length = 0;
  while (buffer.length > 0 || inFlight.size > 0) {
    pump();
    await Promise.race([...inFlight, sleep(TICK_MS)]);
  }
  if (reportStatus) await client.sendStatus("disconnected").catch(() => {});
  return { ...stats, refusal: refusal?.message ?? null, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  const { values } = parseArgs({
    options: {
      live: { type: "string" },
      rate: { type: "string", default: "5" },
      duration: { type: "string" },
      url: { type: "string", default: process.env.VITRINE_URL ?? "http://localhost:3000" },
      token: { type: "string", default: process.env.LIVE_INGEST_TOKEN ?? DEMO_LIVE_INGEST_TOKEN },
      viewers: { type: "string", default: "200" },
      seed: { type: "string", default: "1" },
    },
  });
  if (!values.live) {
    console.error(
      "Usage: npm run live:simulate -- --live <ref> --rate <comments/s> [--duration <s>] [--url ...] [--token ...] [--viewers 200]",
    );
    process.exit(2);
  }
  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  process.once("SIGTERM", () => controller.abort());
  const rate = Number(values.rate);
  console.log(
    `[live:simulate] ${rate} comments/s into live "${values.live}" at ${values.url} (Ctrl-C to stop)`,
  );
  let last = Date.now();
  let acked = 0;
  const stats = await runSimulation({
    url: values.url,
    token: values.token,
    liveRef: values.live,
    rate,
    durationSeconds: values.duration ? Number(values.duration) : Infinity,
    viewers: Number(values.viewers),
    seed: Number(values.seed),
    signal: controller.signal,
    log: (message) => console.log(`[live:simulate] ${message}`),
    onAck: (events) => {
      acked += events.length;
      if (Date.now() - last > 5_000) {
        last = Date.now();
        console.log(`[live:simulate] ${acked} events acknowledged so far`);
      }
    },
  }).catch((error) => {
    console.error(`[live:simulate] ${error.message}`);
    process.exit(1);
  });
  if (stats.refusal) console.error(`[live:simulate] stopped: ${stats.refusal}`);
  console.log(
    `[live:simulate] sent ${stats.sent} events (${stats.comments} comments), acknowledged ${stats.acked} ` +
      `(${stats.accepted} new, ${stats.duplicates} duplicates), failed ${stats.failed}, in ${stats.seconds.toFixed(1)} s`,
  );
  process.exit(stats.failed > 0 ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
