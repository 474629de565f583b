/**
 * The TikTok bridge's logic, apart from the connector so it can be tested with a fake
 * one: maps tiktok-live-connector 2.x events to the ingestion contract and reconnects by itself
 * with exponential backoff and jitter when the connection drops. What every bridge does with the
 * events (batches, resends, set-aside, spool, states, health and cuts) is the bridge kit's
 * sender (bridges/kit/sender.mjs).
 */
import { randomUUID } from "node:crypto";
import {
  backoffDelay,
  boundedText as str,
  createIngestSender,
  eventBytes,
  MAX_EVENT_BYTES,
} from "@vitrine/bridge-kit/sender";

export {
  BATCH_MAX_BYTES,
  BATCH_MAX_EVENTS,
  backoffDelay,
  eventBytes,
  isPermanentRefusal,
  MAX_EVENT_BYTES,
} from "@vitrine/bridge-kit/sender";

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

/**
 * createConnection() gives a new connector connection (on, connect, disconnect). The other
 * options are the kit's sender's (createIngestSender): `ingest` (or `url`, `token`, `liveRef`),
 * `onSetAside` or `setAsidePath`, `spool`, the batch limits, `healthEveryMs`, `gapSettleMs`...
 * `backoff` and `random` pace the reconnections as well as the resends.
 *
 * Cuts: once a reconnection holds, the sender waits `gapSettleMs` (3 s) for the connector's
 * initial data (the recent comments it emits again) and reports the cut, from the drop to the
 * reconnection, with how many of those events it already had.
 */
export function createTikTokBridge({
  createConnection,
  log = () => {},
  backoff = { minMs: 1_000, maxMs: 60_000 },
  random = Math.random,
  setTimer = setTimeout,
  clearTimer = clearTimeout,
  ...senderOptions
}) {
  const sender = createIngestSender({ ...senderOptions, log, backoff, random, setTimer, clearTimer });
  let connection = null;
  let stopped = true;
  let attempt = 0;
  let reconnectTimer = null;

  function scheduleReconnect() {
    if (stopped || reconnectTimer) return;
    const delay = backoffDelay(attempt, backoff, random);
    attempt += 1;
    log(`reconnecting in ${Math.round(delay / 100) / 10} s (attempt ${attempt})`);
    void sender.report("reconnecting");
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
        mine((data) => sender.enqueue(toIngestEvent(type, data))),
      );
    }
    current.on(
      CONNECTOR_EVENTS.disconnected,
      mine(() => {
        connection = null;
        sender.connectionLost();
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
    sender.connectionBack();
    await sender.report("connected");
  }

  return {
    stats: sender.stats,
    /** Whether events were refused for good since the start (the state then says 'degraded'). */
    get degraded() {
      return sender.degraded;
    },
    get state() {
      return sender.state;
    },
    get buffered() {
      return sender.buffered;
    },
    async start() {
      stopped = false;
      sender.start();
      await connect();
    },
    /** Disconnects, sends what is still buffered (for `graceMs` at most), reports 'stopped'. */
    async stop(graceMs = 10_000) {
      stopped = true;
      if (reconnectTimer) clearTimer(reconnectTimer);
      reconnectTimer = null;
      // A cut still waiting for the connector's initial data is reported now.
      await sender.settle();
      const current = connection;
      connection = null;
      try {
        await current?.disconnect();
      } catch {
        // already gone
      }
      await sender.stop(graceMs);
    },
    /** Sends what is buffered now (tests). */
    flush: sender.flush,
  };
}
