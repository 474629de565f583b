/**
 * What every bridge does once it holds a platform's comments as ingestion events: keeps each event
 * until the server acknowledged it (a resend is harmless: the server ignores the message ids it
 * already stored) or refused it for good (then it is set aside, logged, and the source reported
 * 'degraded'); sends them in batches of at most 500 events and 2 MiB, again in halves when the
 * server finds a batch too large (413), again with backoff when it fails for a moment; writes them
 * to the spool (spool.mjs) before sending; reports the source's state with its health, again every
 * 10 s while it runs; and reports each cut of the platform's connection once it is back.
 *
 * A bridge feeds it events (`enqueue`) and says what its connection does (`report`,
 * `connectionLost`, `connectionBack`); how it reads its platform is its own business.
 */
import { appendFileSync } from "node:fs";
import { createIngestClient } from "./ingest-client.mjs";

/**
 * The largest event the server accepts, payload included, as compact JSON in UTF-8 bytes
 * (LIVE_INGEST_MAX_EVENT_BYTES in packages/domain, which a bridge package cannot import).
 */
export const MAX_EVENT_BYTES = 16 * 1024;
/** A request's events at most (LIVE_INGEST_MAX_EVENTS), and the bytes a bridge puts in one. */
export const BATCH_MAX_EVENTS = 500;
export const BATCH_MAX_BYTES = 2 * 1024 * 1024;

/** The text cut to `max` UTF-16 units, never between the two halves of an emoji. */
function cut(text, max) {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** A platform's value as a text of at most `max` units, or null when it has none. */
export const boundedText = (value, max) =>
  value === undefined || value === null || value === "" ? null : cut(String(value), max);

/** The event's size as the server measures it: its compact JSON, in UTF-8 bytes. */
export const eventBytes = (event) => Buffer.byteLength(JSON.stringify(event));

/** The wait before attempt `attempt` (0-based): exponential, capped, full jitter. */
export function backoffDelay(attempt, { minMs = 1_000, maxMs = 60_000 } = {}, random = Math.random) {
  const ceiling = Math.min(maxMs, minMs * 2 ** attempt);
  return Math.round(minMs / 2 + random() * (ceiling - minMs / 2));
}

/**
 * A refusal the server will repeat whatever the number of resends: a 4xx other than 408 (timeout)
 * and 429 (too many requests). 413 is split first (see deliver).
 */
export const isPermanentRefusal = (status) =>
  Number.isInteger(status) && status >= 400 && status < 500 && status !== 408 && status !== 429;

/** msgIds remembered to skip what a platform hands again after a reconnect. */
const RECENT_IDS_MAX = 20_000;

/**
 * Appends each event the server refused for good to `file`, one JSON line with the server's
 * answer, so the operator can see and replay them.
 */
export const setAsideToFile = (file, liveRef) => (events, error) => {
  const refusal = { status: error.status ?? null, reason: error.message, at: new Date().toISOString() };
  const lines = events.map((event) => JSON.stringify({ ...refusal, live: liveRef, event }));
  appendFileSync(file, `${lines.join("\n")}\n`);
};

/**
 * `ingest` has sendEvents(events) -> { accepted, duplicates } (rejecting with an error carrying
 * the HTTP `status` when the server refused), sendStatus(state, health) and sendGap(gap); without
 * it one is made from `url`, `token` and `liveRef`. `source` names the source in its states and
 * cuts (the server's default, 'tiktok', when left out). `onSetAside(events, error)` hears each
 * group of events refused for good; `setAsidePath` appends them to that file instead.
 *
 * Health (the live's page and the sidebar show it per source): with each state, and every
 * `healthEveryMs` while running, the time of the last event, the reconnections and the duplicates
 * dropped. Cuts: `connectionBack` waits `gapSettleMs` for what the platform hands again, then
 * reports the cut, from `connectionLost` to the reconnection, with how many of those events the
 * sender already had.
 */
export function createIngestSender({
  ingest,
  url,
  token,
  liveRef,
  source,
  log = () => {},
  onSetAside,
  setAsidePath,
  backoff = { minMs: 1_000, maxMs: 60_000 },
  random = Math.random,
  flushMs = 200,
  batchMax = BATCH_MAX_EVENTS,
  batchMaxBytes = BATCH_MAX_BYTES,
  maxBuffered = 50_000,
  setTimer = setTimeout,
  clearTimer = clearTimeout,
  spool = null,
  spoolSyncMs = 50,
  healthEveryMs = 10_000,
  gapSettleMs = 3_000,
  now = Date.now,
}) {
  const client = ingest ?? createIngestClient({ url, token, liveRef });
  const setAsideHandler = onSetAside ?? (setAsidePath ? setAsideToFile(setAsidePath, liveRef) : () => {});
  const named = source === undefined ? {} : { source };
  let state = null;
  let degraded = false;
  /** { event, bytes, segment }, oldest first. */
  const outbox = [];
  const recentIds = new Set();
  let sending = null;
  let flushTimer = null;
  /** Set by stop(): nothing is scheduled after it. */
  let stopped = false;
  let sendFailures = 0;
  let syncTimer = null;
  let healthTimer = null;
  let lastEventAt = null;
  let reconnects = 0;
  /** When the connection dropped, until a reconnection holds. */
  let droppedAt = null;
  /** Cuts waiting for what the platform hands again: timer -> the report. */
  const gapTimers = new Map();
  /**
   * duplicates: repeats the sender skipped itself (what the platform handed again after a
   * reconnect); serverDuplicates: events the server answered it already had (resent from the spool).
   */
  const stats = {
    received: 0,
    acknowledged: 0,
    dropped: 0,
    duplicates: 0,
    serverDuplicates: 0,
    setAside: 0,
    fromSpool: 0,
  };

  for (const { event, segment } of spool?.pending ?? []) {
    if (recentIds.has(event.msgId)) {
      spool.acknowledge(segment);
      continue;
    }
    recentIds.add(event.msgId);
    outbox.push({ event, bytes: eventBytes(event), segment });
    stats.fromSpool += 1;
  }

  /** Writes the appended events to the spool's disk: before each send, and every spoolSyncMs. */
  function syncSpool() {
    if (syncTimer) clearTimer(syncTimer);
    syncTimer = null;
    if (!spool) return;
    try {
      spool.sync();
    } catch (error) {
      log(`spool: could not write (${error.message}); the events stay in memory`);
    }
  }

  /** The events settled or dropped leave the spool. */
  function releaseFromSpool(entries) {
    if (!spool) return;
    for (const entry of entries) if (entry.segment !== undefined) spool.acknowledge(entry.segment);
  }

  function health() {
    return {
      ...(lastEventAt === null ? {} : { lastEventAt }),
      reconnects,
      duplicatesDropped: stats.duplicates + stats.serverDuplicates,
      ...named,
    };
  }

  async function sendState() {
    try {
      await client.sendStatus(state, health());
    } catch (error) {
      log(`could not report the state ${state}: ${error.message}`);
    }
  }

  async function report(next) {
    // Once events were refused for good, the connection being up is reported as 'degraded'.
    const shown = next === "connected" && degraded ? "degraded" : next;
    if (state === shown) return;
    state = shown;
    await sendState();
  }

  /** The cut from the drop to now, sent once what the platform hands again has come in. */
  function reportGap() {
    const from = droppedAt;
    droppedAt = null;
    if (from === null) return;
    const to = now();
    const skippedBefore = stats.duplicates;
    const send = async () => {
      gapTimers.delete(timer);
      const gap = { from, to, resent: stats.duplicates - skippedBefore, ...named };
      log(
        `cut of ${Math.round((to - from) / 1000)} s reported (${gap.resent} events sent again by the platform)`,
      );
      try {
        await client.sendGap?.(gap);
      } catch (error) {
        log(`could not report the cut: ${error.message}`);
      }
    };
    const timer = setTimer(send, gapSettleMs);
    gapTimers.set(timer, send);
  }

  /** Keeps `event` for sending; false when it is a repeat of one the sender already has. */
  function enqueue(event) {
    if (!event) return false;
    if (recentIds.has(event.msgId)) {
      stats.duplicates += 1;
      return false;
    }
    recentIds.add(event.msgId);
    if (recentIds.size > RECENT_IDS_MAX) recentIds.delete(recentIds.values().next().value);
    stats.received += 1;
    lastEventAt = now();
    if (outbox.length >= maxBuffered) {
      // Out of memory only: its spool line stays, its segment with it, and the next start sends it.
      outbox.shift();
      stats.dropped += 1;
    }
    let segment;
    if (spool) {
      try {
        segment = spool.append(event);
      } catch (error) {
        log(`spool: could not append (${error.message}); the event stays in memory`);
      }
      if (!syncTimer) syncTimer = setTimer(syncSpool, spoolSyncMs);
    }
    outbox.push({ event, bytes: eventBytes(event), segment });
    scheduleFlush(outbox.length >= batchMax ? 0 : flushMs);
    return true;
  }

  function scheduleFlush(delay) {
    // A stopped bridge sends nothing more: what its stop could not deliver stays in the spool.
    if (flushTimer || sending || stopped) return;
    flushTimer = setTimer(() => {
      flushTimer = null;
      void flush();
    }, delay);
  }

  /** The oldest events, up to batchMax of them and batchMaxBytes of JSON (at least one). */
  function nextBatch() {
    const batch = [];
    let bytes = 0;
    for (const entry of outbox) {
      if (batch.length >= batchMax || (batch.length > 0 && bytes + entry.bytes + 1 > batchMaxBytes)) break;
      batch.push(entry.event);
      bytes += entry.bytes + 1;
    }
    return batch;
  }

  function setAside(events, error) {
    stats.setAside += events.length;
    const ids = events.length === 1 ? events[0].msgId : `${events[0].msgId} … ${events.at(-1).msgId}`;
    log(`${events.length} events set aside, refused by the server for good (${error.message}): ${ids}`);
    setAsideHandler(events, error);
    if (!degraded) {
      degraded = true;
      if (state === "connected") void report("connected");
    }
  }

  /**
   * Sends `events`; resolves with how many of the first ones are settled (stored, or set aside
   * after a refusal for good). A batch too large for the server (413) is sent again in halves.
   */
  async function deliver(events) {
    try {
      const answer = await client.sendEvents(events);
      stats.acknowledged += events.length;
      stats.serverDuplicates += Number(answer?.duplicates) || 0;
      return events.length;
    } catch (error) {
      if (error?.status === 413 && events.length > 1) {
        const half = Math.ceil(events.length / 2);
        log(`batch of ${events.length} events too large for the server; sending it in halves`);
        const first = await deliver(events.slice(0, half));
        return first < half ? first : half + (await deliver(events.slice(half)));
      }
      if (isPermanentRefusal(error?.status)) {
        setAside(events, error);
        return events.length;
      }
      log(`batch of ${events.length} events not acknowledged (${error.message}); kept for a resend`);
      return 0;
    }
  }

  /** Sends the oldest events; they leave the outbox only once acknowledged or set aside. */
  async function flush() {
    if (sending || outbox.length === 0) return sending;
    // Nothing is sent that the spool could still lose.
    syncSpool();
    const batch = nextBatch();
    sending = (async () => {
      const settled = await deliver(batch);
      releaseFromSpool(outbox.splice(0, settled));
      sendFailures = settled < batch.length ? sendFailures + 1 : 0;
    })();
    await sending;
    sending = null;
    if (outbox.length > 0)
      scheduleFlush(sendFailures > 0 ? backoffDelay(sendFailures - 1, backoff, random) : 0);
  }

  /** Reports the cuts still waiting for the platform, and stops the health reports. */
  async function settle() {
    clearInterval(healthTimer);
    healthTimer = null;
    for (const [timer, send] of [...gapTimers]) {
      clearTimer(timer);
      await send();
    }
  }

  return {
    stats,
    /** Whether events were refused for good since the start (the state then says 'degraded'). */
    get degraded() {
      return degraded;
    },
    get state() {
      return state;
    },
    get buffered() {
      return outbox.length;
    },
    enqueue,
    /** Whether an event with this msgId was kept lately (sent, or waiting to be). */
    has: (msgId) => recentIds.has(msgId),
    /** Reports the connection's state ('connected' shows 'degraded' once events were set aside). */
    report,
    /** The platform's connection dropped: the cut starts now, unless one is already open. */
    connectionLost() {
      droppedAt ??= now();
    },
    /** A reconnection holds: counted, and the cut reported once `gapSettleMs` has passed. */
    connectionBack() {
      if (droppedAt === null) return;
      reconnects += 1;
      reportGap();
    },
    /** Writes to the spool's disk what was enqueued (a bridge's own progress may then be saved). */
    syncSpool,
    /** Sends first what the spool held, and the health every `healthEveryMs` from now. */
    start() {
      if (outbox.length > 0) {
        log(`spool: sending first the ${outbox.length} events a previous run left unacknowledged`);
        scheduleFlush(0);
      }
      // Also what keeps the process up until stopped when the platform's client holds nothing open.
      healthTimer = setInterval(() => {
        if (state !== null) void sendState();
      }, healthEveryMs);
    },
    settle,
    /**
     * Reports the cuts still waiting, sends what is still buffered (for `graceMs` at most), closes
     * the spool with what it could not send, and reports 'stopped'.
     */
    async stop(graceMs = 10_000) {
      await settle();
      stopped = true;
      if (flushTimer) clearTimer(flushTimer);
      flushTimer = null;
      const deadline = Date.now() + graceMs;
      while (outbox.length > 0 && Date.now() < deadline) {
        await flush();
        if (sendFailures > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      syncSpool();
      spool?.close();
      await report("stopped");
    },
    /** Sends what is buffered now (tests). */
    flush,
  };
}
