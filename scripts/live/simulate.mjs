#!/usr/bin/env node
/**
 * npm run live:simulate -- --live <ref> --rate <comments/s> [--duration <s>] [--url <server>]
 *                          [--token ...] [--viewers 200] [--seed 1] [--claims 0.3] [--refs 1-60]
 *                          [--burst-rate 2000 --burst-every 30 --burst-seconds 2]   (--help: USAGE)
 * Replays a realistic French comment stream into a live through the ingestion API, as a live
 * source does: 'connected' at start, 'stopped' ('Arrêté') at exit, batches acknowledged once stored.
 */
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { createCommentStream } from "./comment-stream.mjs";
import { createIngestClient, DEMO_LIVE_INGEST_TOKEN } from "./ingest-client.mjs";

const TICK_MS = 50;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How many comments are due `elapsed` seconds into the run: `rate` per second, and `burst.rate`
 * per second during the bursts, each `burst.seconds` long, starting every `burst.every` seconds
 * (the first one `burst.every` seconds in).
 */
export function commentsDue(elapsed, rate, burst = null) {
  if (!burst) return Math.floor(rate * elapsed);
  const whole = Math.floor(elapsed / burst.every);
  const inCurrent = whole >= 1 ? Math.min(burst.seconds, elapsed - whole * burst.every) : 0;
  const burstTime = Math.max(0, whole - 1) * Math.min(burst.seconds, burst.every) + inCurrent;
  return Math.floor(rate * (elapsed - burstTime) + burst.rate * burstTime);
}

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
  claimShare = null,
  refs,
  burst = null,
  runId,
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
  const stream = createCommentStream({
    viewers,
    seed,
    claimShare,
    ...(refs ? { refs } : {}),
    ...(runId ? { runId } : {}),
  });
  const stats = {
    sent: 0,
    acked: 0,
    accepted: 0,
    duplicates: 0,
    failed: 0,
    comments: 0,
    claims: 0,
    unclaims: 0,
    doubts: 0,
  };
  const buffer = [];
  const inFlight = new Set();
  // A refusal the server will repeat (a live not active, a bad token): the simulation stops.
  let refusal = null;
  const isRefusalForGood = (error) =>
    error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
  if (reportStatus) {
    await client.sendStatus("connected").catch((error) => {
      if (!isRefusalForGood(error)) throw error;
      refusal = error;
    });
  }
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
        if (isRefusalForGood(error)) refusal ??= error;
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
    const due = commentsDue(elapsed, rate, burst) - comments;
    for (let i = 0; i < due; i++) {
      let event = stream.next();
      while (event.type !== "chat") {
        buffer.push(event);
        event = stream.next();
      }
      buffer.push(event);
      comments += 1;
      const intent = stream.intentOf(event);
      if (intent === "claim") stats.claims += 1;
      else if (intent === "unclaim") stats.unclaims += 1;
      else if (intent === "doubt") stats.doubts += 1;
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
  if (reportStatus) await client.sendStatus("stopped").catch(() => {});
  return { ...stats, refusal: refusal?.message ?? null, seconds: (performance.now() - started) / 1000 };
}

export const USAGE = `Usage: npm run live:simulate -- --live <ref> [--rate <comments/s>] [--duration <s>]
                             [--url <server>] [--token <token>] [--viewers <n>] [--seed <n>]
                             [--claims <share>] [--refs <list>|live]
                             [--burst-rate <n> --burst-every <s> --burst-seconds <s>]

Sends a realistic French comment stream into an active live through the ingestion API.

  --live <ref>        the live's reference (the demo's running live is "nouveautes")
  --rate <n>          chat comments per second (default 5)
  --duration <s>      stop after this many seconds (default: until Ctrl-C)
  --url <server>      the server (default: VITRINE_URL, else APP_URL, else http://localhost:$PORT,
                      PORT defaulting to 3000, as the server's own settings)
  --token <token>     the live ingestion token (default: LIVE_INGEST_TOKEN, else the demo's)
  --viewers <n>       how many distinct viewers comment (default 200)
  --seed <n>          the stream's random seed (default 1)
  --claims <share>    the share of comments (0 to 1) that claim or give up references of the live
                      ("je prends le 12", "le 12 en M stp", "12 + 14", "je passe le 12"...),
                      about 5 % of them doubtful ("le 12 pour moi si mon mari est d'accord");
                      without it, the original mix (about a third look like claims)
  --refs <list>       the references claimed: "1-60" (default), "1-10,15,20-22", or "live" to read
                      the live's products from the database (DATABASE_URL)
  --burst-rate <n>    comments per second during bursts (with --burst-every and --burst-seconds)
  --burst-every <s>   a burst starts every this many seconds (the first one this far in)
  --burst-seconds <s> how long each burst lasts
  -h, --help          this help`;

/** "1-60", "1-10,15,20-22": the references, in order, once each; null when it does not read. */
export function parseRefs(text) {
  const refs = new Set();
  for (const part of text.split(",")) {
    const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!match) return null;
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    if (from < 1 || to < from || to - from > 100_000) return null;
    for (let ref = from; ref <= to; ref++) refs.add(ref);
  }
  return [...refs];
}

/** The references of a live's products, read from its database. */
export async function refsOfLive(databaseUrl, liveRef) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT p.ref FROM products p JOIN lives l ON l.id = p.live_id WHERE l.ref = $1 ORDER BY p.ref",
      [liveRef],
    );
    return rows.map((row) => row.ref);
  } finally {
    await client.end();
  }
}

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
        claims: { type: "string" },
        refs: { type: "string" },
        "burst-rate": { type: "string" },
        "burst-every": { type: "string" },
        "burst-seconds": { type: "string" },
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
  let claimShare = null;
  if (values.claims !== undefined) {
    claimShare = Number(values.claims);
    if (values.claims.trim() === "" || !(claimShare >= 0 && claimShare <= 1))
      return { error: `--claims must be a share between 0 and 1, not "${values.claims}"` };
  }
  let refs;
  if (values.refs === "live") {
    if (!env.DATABASE_URL) return { error: "--refs live reads the live's products: set DATABASE_URL" };
    refs = "live";
  } else if (values.refs !== undefined) {
    refs = parseRefs(values.refs);
    if (!refs) return { error: `--refs must be references such as 1-60 or 1-10,15, not "${values.refs}"` };
  }
  const burstValues = [values["burst-rate"], values["burst-every"], values["burst-seconds"]];
  let burst = null;
  if (burstValues.some((value) => value !== undefined)) {
    if (burstValues.some((value) => value === undefined))
      return { error: "--burst-rate, --burst-every and --burst-seconds go together" };
    const [burstRate, every, seconds] = burstValues.map(positive);
    if (burstRate === null)
      return { error: `--burst-rate must be a positive number, not "${burstValues[0]}"` };
    if (every === null)
      return { error: `--burst-every must be a positive number of seconds, not "${burstValues[1]}"` };
    if (seconds === null || seconds > every)
      return { error: `--burst-seconds must be positive and at most --burst-every, not "${burstValues[2]}"` };
    burst = { rate: burstRate, every, seconds };
  }
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
      ...(claimShare !== null ? { claimShare } : {}),
      ...(refs ? { refs } : {}),
      ...(burst ? { burst } : {}),
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
  if (options.refs === "live") {
    options.refs = await refsOfLive(process.env.DATABASE_URL, options.liveRef);
    if (options.refs.length === 0) {
      console.error(`[live:simulate] live "${options.liveRef}" has no products to claim`);
      process.exit(2);
    }
  }
  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  process.once("SIGTERM", () => controller.abort());
  console.log(
    `[live:simulate] ${options.rate} comments/s into live "${options.liveRef}" at ${options.url}` +
      (options.claimShare !== undefined
        ? `, ${Math.round(options.claimShare * 100)} % claims and un-claims`
        : "") +
      (options.burst
        ? `, bursts of ${options.burst.rate}/s for ${options.burst.seconds} s every ${options.burst.every} s`
        : "") +
      " (Ctrl-C to stop)",
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
      `(${stats.accepted} new, ${stats.duplicates} duplicates), failed ${stats.failed}, in ${stats.seconds.toFixed(1)} s` +
      (options.claimShare !== undefined
        ? `; ${stats.claims} claims, ${stats.unclaims} un-claims and ${stats.doubts} doubtful claims among the comments`
        : ""),
  );
  process.exit(stats.failed > 0 ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
