/**
 * The TikTok bridge's logic (issue 16), apart from the connector so it can be tested with a fake
 * one: maps tiktok-live-connector 2.x events to the ingestion contract, reconnects by itself with
 * exponential backoff and jitter when the connection drops, reports 'connected' / 'reconnecting' /
 * 'disconnected' to the server, and keeps every event until the server acknowledged it (a resend
 * is harmless: the server ignores msgIds it already stored).
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

const MAX_PAYLOAD_CHARS = 16_000;
const str = (value, max) =>
  value === undefined || value === null || value === "" ? null : String(value).slice(0, max);

/** The raw event as JSON (bigints and Longs as strings), or a summary when it is too large. */
function jsonPayload(data) {
  let text;
  try {
    text = JSON.stringify(data, (_key, value) => {
      if (typeof value === "bigint") return value.toString();
      if (value instanceof Uint8Array) return undefined;
      return value;
    });
  } catch {
    text = undefined;
  }
  if (!text || text.length > MAX_PAYLOAD_CHARS) return { truncated: true };
  const parsed = JSON.parse(text);
  return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : { value: parsed };
}

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
  return {
    type,
    msgId: str(common.msgId ?? data.msgId, 128) ?? `bridge-${randomUUID()}`,
    createTime: Number.isFinite(createTime) && createTime >= 0 ? Math.floor(createTime) : now(),
    tiktokUserId: str(user.userId ?? user.id, 64),
    uniqueId,
    nickname: str(user.nickname, 200),
    avatarUrl: str(avatar, 2000),
    comment: type === "chat" ? (str(data.comment ?? data.content, 1000) ?? "") : null,
    payload: jsonPayload(data),
  };
}

/** The wait before reconnection attempt `attempt` (0-based): exponential, capped, full jitter. */
export function backoffDelay(attempt, { minMs = 1_000, maxMs = 60_000 } = {}, random = Math.random) {
  const ceiling = Math.min(maxMs, minMs * 2 ** attempt);
  return Math.round(minMs / 2 + random() * (ceiling - minMs / 2));
}

/**
 * createConnection() gives a new connector connection (on, connect, disconnect); ingest has
 * sendEvents(events) -> { accepted, duplicates } and sendStatus(state).
 */
export function createTikTokBridge({
  createConnection,
  ingest,
  log = () => {},
  backoff = { minMs: 1_000, maxMs: 60_000 },
  random = Math.random,
  flushMs = 200,
  batchMax = 500,
  maxBuffered = 50_000,
  setTimer = setTimeout,
  clearTimer = clearTimeout,
}) {
  let connection = null;
  let stopped = true;
  let attempt = 0;
  let reconnectTimer = null;
  let state = null;
  const outbox = [];
  let sending = null;
  let flushTimer = null;
  let sendFailures = 0;
  const stats = { received: 0, acknowledged: 0, dropped: 0 };

  async function report(next) {
    if (state === next) return;
    state = next;
    try {
      await ingest.sendStatus(next);
    } catch (error) {
      log(`could not report the state ${next}: ${error.message}`);
    }
  }

  function enqueue(event) {
    if (!event) return;
    stats.received += 1;
    if (outbox.length >= maxBuffered) {
      outbox.shift();
      stats.dropped += 1;
    }
    outbox.push(event);
    scheduleFlush(outbox.length >= batchMax ? 0 : flushMs);
  }

  function scheduleFlush(delay) {
    if (flushTimer || sending) return;
    flushTimer = setTimer(() => {
      flushTimer = null;
      void flush();
    }, delay);
  }

  /** Sends the oldest events; they leave the outbox only once acknowledged. */
  async function flush() {
    if (sending || outbox.length === 0) return sending;
    const batch = outbox.slice(0, batchMax);
    sending = (async () => {
      try {
        await ingest.sendEvents(batch);
        outbox.splice(0, batch.length);
        stats.acknowledged += batch.length;
        sendFailures = 0;
      } catch (error) {
        sendFailures += 1;
        log(`batch of ${batch.length} events not acknowledged (${error.message}); kept for a resend`);
      }
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
    await report("connected");
  }

  return {
    stats,
    get state() {
      return state;
    },
    get buffered() {
      return outbox.length;
    },
    async start() {
      stopped = false;
      await connect();
    },
    /** Disconnects, sends what is still buffered (for `graceMs` at most), reports 'disconnected'. */
    async stop(graceMs = 10_000) {
      stopped = true;
      if (reconnectTimer) clearTimer(reconnectTimer);
      reconnectTimer = null;
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
      await report("disconnected");
    },
    /** Sends what is buffered now (tests). */
    flush,
  };
}
