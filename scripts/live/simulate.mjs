#!/usr/bin/env node
/**
 * npm run live:simulate -- --live <ref> --rate <comments/s> [--duration <s>] [--url <server>]
 *                          [--token ...] [--viewers 200] [--seed 1]   (--help: see USAGE)
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

export const USAGE = `Usage: npm run live:simulate -- --live <ref> [--rate <comments/s>] [--duration <s>]
                             [--url <server>] [--token <token>] [--viewers <n>] [--seed <n>]

Sends a realistic French comment stream into an active live through the ingestion API.

  --live <ref>        the live's reference (the demo's running live is "nouveautes")
  --rate <n>          chat comments per second (default 5)
  --duration <s>      stop after this many seconds (default: until Ctrl-C)
  --url <server>      the server (default: VITRINE_URL, else APP_URL, else http://localhost:$PORT,
                      PORT defaulting to 3000, as the server's own settings)
  --token <token>     the live ingestion token (default: LIVE_INGEST_TOKEN, else the demo's)
  --viewers <n>       how many distinct viewers comment (default 200)
  --seed <n>          the stream's random seed (default 1)
  -h, --help          this help`;

/** The server the simulator talks to without --url: where the README's settings put it. */
export function defaultServerUrl(env = process.env) {
  if (env.VITRINE_URL) return env.VITRINE_URL;
  if (env.APP_URL) return env.APP_URL;
  return `http://localhost:${env.PORT || 3000}`;
}

/**
 * Reads the command line: `{ help: true }`, `{ error }` (a message for the person who typed it),
 * or `{ options }` ready for runSimulation.
 */
export function readSimulatorArgs(args, env = process.env) {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        help: { type: "boolean", short: "h" },
        live: { type: "string" },
        rate: { type: "string", default: "5" },
        duration: { type: "string" },
        url: { type: "string" },
        token: { type: "string" },
        viewers: { type: "string", default: "200" },
        seed: { type: "string", default: "1" },
      },
    }));
  } catch (error) {
    return { error: error.message };
  }
  if (values.help) return { help: true };
  if (!values.live) return { error: "--live <ref> is required" };
  const positive = (text) => {
    const number = Number(text);
    return Number.isFinite(number) && number > 0 ? number : null;
  };
  const rate = positive(values.rate);
  if (rate === null) return { error: `--rate must be a positive number, not "${values.rate}"` };
  const durationSeconds = values.duration === undefined ? Infinity : positive(values.duration);
  if (durationSeconds === null)
    return { error: `--duration must be a positive number of seconds, not "${values.duration}"` };
  const viewers = Number(values.viewers);
  if (!Number.isInteger(viewers) || viewers < 1)
    return { error: `--viewers must be a positive whole number, not "${values.viewers}"` };
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) return { error: `--seed must be a whole number, not "${values.seed}"` };
  const url = values.url ?? defaultServerUrl(env);
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    return { error: `--url must be an address such as http://localhost:3000, not "${url}"` };
  return {
    options: {
      url,
      token: values.token ?? env.LIVE_INGEST_TOKEN ?? DEMO_LIVE_INGEST_TOKEN,
      liveRef: values.live,
      rate,
      durationSeconds,
      viewers,
      seed,
    },
  };
}

async function main() {
  const read = readSimulatorArgs(process.argv.slice(2));
  if (read.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (read.error) {
    console.error(`[live:simulate] ${read.error}\n\n${USAGE}`);
    process.exit(2);
  }
  const { options } = read;
  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  process.once("SIGTERM", () => controller.abort());
  console.log(
    `[live:simulate] ${options.rate} comments/s into live "${options.liveRef}" at ${options.url} (Ctrl-C to stop)`,
  );
  let last = Date.now();
  let acked = 0;
  const stats = await runSimulation({
    ...options,
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
