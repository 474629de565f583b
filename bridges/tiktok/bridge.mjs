/**
 * The TikTok bridge's logic, apart from the connector so it can be tested with a fake
 * one: maps tiktok-live-connector 2.x events to the ingestion contract, reconnects by itself with
 * exponential backoff and jitter when the connection drops, reports 'connected' / 'reconnecting' /
 * 'disconnected' / 'degraded' to the server, and keeps every event until the server acknowledged
 * it (a resend is harmless: the server ignores msgIds it already stored) or refused it for good
 * (then it is set aside, logged, and the source reported 'degraded'). With a spool (spool.mjs) the
 * events kept are on disk as well, written before they are sent, and a restarted bridge sends what
 * its spool holds first.
 */
import { randomUUID } from "node:crypto";

/** Connector event names (WebcastEvent / ControlEvent values in tiktok-live-connector 2.x). */
export const CONNECTOR_EVENTS = {
  chat: "chat",
  member: "member",
  gift: "gift",
  like: "like",
  connected: "connected",
  disconnected: "disconnected",
  streamEnd: "streamEnd",
  error: "error",
};

/**
 * The largest event the server accepts, payload included, as compact JSON in UTF-8 bytes
 * (LIVE_INGEST_MAX_EVENT_BYTES in packages/domain, which this package cannot import).
 */
export const MAX_EVENT_BYTES = 16 * 1024;
/** A request's events at most (LIVE_INGEST_MAX_EVENTS), and the bytes the bridge puts in one. */
export const BATCH_MAX_EVENTS = 500;
export const BATCH_MAX_BYTES = 2 * 1024 * 1024;

/** The text cut to `max` UTF-16 units, never between the two halves of an emoji. */
function cut(text, max) {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}
const str = (value, max) =>
  value === undefined || value === null || value === "" ? null : cut(String(value), max);
const byteLength = (text) => Buffer.byteLength(text);

/**
 * A field the connector filled with its protobuf default: proto3 does not transmit those, so the
 * decoder made them up ("" strings, "0" int64s, 0 numbers and enums, false, empty lists).
 */
const isProtoDefault = (value) =>
  value === "" ||
  value === "0" ||
  value === 0 ||
  value === false ||
  value === null ||
  (Array.isArray(value) && value.length === 0);

/**
 * The raw event as JSON (bigints as strings), without byte buffers and without the fields the
 * decoder filled with defaults: what TikTok actually sent, about a sixth of the decoded object
 * (a chat event's 3.2 kB become 0.5 kB). A summary instead when it would make the event larger
 * than `budget` bytes.
 */
function jsonPayload(data, budget) {
  let text;
  try {
    text = JSON.stringify(data, function (key, value) {
      // JSON.stringify hands a Buffer to the replacer already turned into { type, data }.
      if (this[key] instanceof Uint8Array) return undefined;
      if (typeof value === "bigint") return value.toString();
      // In a list, a value keeps its place.
      if (key !== "" && !Array.isArray(this) && isProtoDefault(value)) return undefined;
      return value;
    });
  } catch {
    text = undefined;
  }
  if (!text || byteLength(text) > budget) {
    return { truncated: true, method: str(data?.common?.method, 100) };
  }
  const parsed = JSON.parse(text);
  return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : { value: parsed };
}

/** The event's size as the server measures it: its compact JSON, in UTF-8 bytes. */
export const eventBytes = (event) => byteLength(JSON.stringify(event));

/**
 * One connector event as the ingestion API takes it, or null when it has no viewer or is a gift
 * streak still running (the connector repeats those; the streak's last event carries the count).
 * Reads both the 2.x shape (data.user, data.common) and the 1.x flat one.
 */
export function toIngestEvent(type, data, now = Date.now) {
  if (!data || typeof data !== "object") return null;
  const user = data.user && typeof data.user === "object" ? data.user : data;
  const uniqueId = str(user.uniqueId ?? user.displayId, 64);
  if (!uniqueId) return null;
  if (type === "gift") {
    const giftType = data.giftType ?? data.gift?.gift_type ?? data.giftDetails?.giftType;
    const repeatEnd = data.repeatEnd ?? data.gift?.repeat_end;
    if (giftType === 1 && !repeatEnd) return null;
  }
  const common = data.common ?? {};
  const createTime = Number(common.createTime ?? data.createTime ?? now());
  const avatar =
    user.profilePicture?.url?.[0] ??
    user.profilePicture?.urls?.[0] ??
    user.avatarThumb?.urlList?.[0] ??
    user.profilePictureUrl ??
    null;
  const event = {
    type,
    msgId: str(common.msgId ?? data.msgId, 128) ?? `bridge-${randomUUID()}`,
    createTime: Number.isFinite(createTime) && createTime >= 0 ? Math.floor(createTime) : now(),
    tiktokUserId: str(user.userId ?? user.id, 64),
    uniqueId,
    nickname: str(user.nickname, 200),
    avatarUrl: str(avatar, 2000),
    // 2.x hands the raw WebcastChatMessage (text in `content`), 1.x a flattened one (`comment`).
    comment: type === "chat" ? (str(data.content ?? data.comment, 1000) ?? "") : null,
    payload: {},
  };
  event.payload = jsonPayload(data, MAX_EVENT_BYTES - eventBytes(event) + 2);
  return event;
}

/** The wait before reconnection attempt `attempt` (0-based): exponential, capped, full jitter. */
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

/** msgIds remembered to skip the backlog the connector emits again after a reconnect. */
const RECENT_IDS_MAX = 20_000;

/**
 * createConnection() gives a new connector connection (on, connect, disconnect); ingest has
 * sendEvents(events) -> { accepted, duplicates } (rejecting with an error carrying the HTTP
 * `status` when the server refused), sendStatus(state, health) and sendGap(gap).
 * onSetAside(events, error) hears each group of events the server refused for good.
 *
 * Health (the live's page and the sidebar show it per source): with each state, and every
 * `healthEveryMs` while running, the time of the last event, the reconnections and the duplicates
 * dropped. Gaps: once a reconnection holds, the bridge waits `gapSettleMs` for the connector's
 * initial data (the recent comments it emits again) and reports the cut, from the drop to the
 * reconnection, with how many of those events it already had.
 */
export function createTikTokBridge({
  createConnection,
  ingest,
  log = () => {},
  onSetAside = () => {},
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
  let connection = null;
  let stopped = true;
  let attempt = 0;
  let reconnectTimer = null;
  let state = null;
  let degraded = false;
  /** { event, bytes }, oldest first. */
  const outbox = [];
  const recentIds = new Set();
  let sending = null;
  let flushTimer = null;
  let sendFailures = 0;
  let syncTimer = null;
  let healthTimer = null;
  let lastEventAt = null;
  let reconnects = 0;
  /** When the connection dropped, until a reconnection holds. */
  let droppedAt = null;
  /** Cuts waiting for the connector's initial data: timer -> the report. */
  const gapTimers = new Map();
  /**
   * duplicates: repeats the bridge skipped itself (the connector's backlog after a reconnect);
   * serverDuplicates: events the server answered it already had (resent from the spool).
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
    };
  }

  async function sendState() {
    try {
      await ingest.sendStatus(state, health());
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

  /** The cut from the drop to now, sent once the connector's initial data has come in. */
  function reportGap() {
    const from = droppedAt;
    droppedAt = null;
    if (from === null) return;
    const to = now();
    const skippedBefore = stats.duplicates;
    const send = async () => {
      gapTimers.delete(timer);
      const gap = { from, to, resent: stats.duplicates - skippedBefore };
      log(
        `cut of ${Math.round((to - from) / 1000)} s reported (${gap.resent} events sent again by the connector)`,
      );
      try {
        await ingest.sendGap?.(gap);
      } catch (error) {
        log(`could not report the cut: ${error.message}`);
      }
    };
    const timer = setTimer(send, gapSettleMs);
    gapTimers.set(timer, send);
  }

  function enqueue(event) {
    if (!event) return;
    if (recentIds.has(event.msgId)) {
      stats.duplicates += 1;
      return;
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
    onSetAside(events, error);
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
      const answer = await ingest.sendEvents(events);
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

  function scheduleReconnect() {
    if (stopped || reconnectTimer) return;
    const delay = backoffDelay(attempt, backoff, random);
    attempt += 1;
    log(`reconnecting in ${Math.round(delay / 100) / 10} s (attempt ${attempt})`);
    void report("reconnecting");
    reconnectTimer = setTimer(() => {
      reconnectTimer = null;
      void connect();
    }, delay);
  }

  async function connect() {
    if (stopped) return;
    const current = createConnection();
    connection = current;
    const mine = (handler) => (data) => {
      if (connection === current) handler(data);
    };
    for (const type of ["chat", "member", "gift", "like"]) {
      current.on(
        CONNECTOR_EVENTS[type],
        mine((data) => enqueue(toIngestEvent(type, data))),
      );
    }
    current.on(
      CONNECTOR_EVENTS.disconnected,
      mine(() => {
        connection = null;
        droppedAt ??= now();
        log("connection dropped");
        scheduleReconnect();
      }),
    );
    current.on(
      CONNECTOR_EVENTS.streamEnd,
      mine(() => log("the live ended on TikTok")),
    );
    current.on(
      CONNECTOR_EVENTS.error,
      mine((error) => log(`connector error: ${error?.message ?? error?.info ?? error}`)),
    );
    try {
      await current.connect();
    } catch (error) {
      if (connection !== current) return;
      connection = null;
      log(`cannot connect: ${error?.message ?? error}`);
      scheduleReconnect();
      return;
    }
    if (connection !== current || stopped) return;
    attempt = 0;
    log("connected");
    if (droppedAt !== null) {
      reconnects += 1;
      reportGap();
    }
    await report("connected");
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
    async start() {
      stopped = false;
      if (outbox.length > 0) {
        log(`spool: sending first the ${outbox.length} events a previous run left unacknowledged`);
        scheduleFlush(0);
      }
      // Also what keeps the process up until stopped when the connector holds nothing open.
      healthTimer = setInterval(() => {
        if (state !== null) void sendState();
      }, healthEveryMs);
      await connect();
    },
    /** Disconnects, sends what is still buffered (for `graceMs` at most), reports 'stopped'. */
    async stop(graceMs = 10_000) {
      stopped = true;
      if (reconnectTimer) clearTimer(reconnectTimer);
      reconnectTimer = null;
      clearInterval(healthTimer);
      healthTimer = null;
      // A cut still waiting for the connector's initial data is reported now.
      for (const [timer, send] of [...gapTimers]) {
        clearTimer(timer);
        await send();
      }
      const current = connection;
      connection = null;
      try {
        await current?.disconnect();
      } catch {
        // already gone
      }
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
