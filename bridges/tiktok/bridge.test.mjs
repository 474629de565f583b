import { LIVE_INGEST_MAX_EVENT_BYTES, LIVE_INGEST_MAX_EVENTS } from "@vitrine/domain";
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { bridgeBuiltEvent, createCommentStream } from "../../scripts/live/comment-stream.mjs";
import { IngestError } from "../../scripts/live/ingest-client.mjs";
import {
  BATCH_MAX_EVENTS,
  MAX_EVENT_BYTES,
  createTikTokBridge,
  eventBytes,
  toIngestEvent,
} from "./bridge.mjs";
import { connectorEvent, connectorFixture } from "./fixtures/connector-events.mjs";

/** A stand-in for tiktok-live-connector's TikTokLiveConnection. */
class FakeConnection extends EventEmitter {
  constructor(behaviour = {}) {
    super();
    this.behaviour = behaviour;
    this.disconnected = false;
  }
  async connect() {
    if (this.behaviour.fail) throw new Error("room offline");
    setImmediate(() => this.emit("connected", { roomId: "1" }));
    return { roomId: "1" };
  }
  async disconnect() {
    this.disconnected = true;
  }
  drop() {
    this.emit("disconnected", { code: 1006, reason: "gone" });
  }
}

const chat = (msgId, comment, uniqueId = "Marie_Dupont") => ({
  comment,
  user: {
    userId: "7012345678901234567",
    uniqueId,
    nickname: "Marie 🌸",
    profilePicture: { url: ["https://p16.example/marie.jpeg"] },
  },
  common: { msgId, createTime: "1700000000000" },
});

const until = async (check, timeoutMs = 2_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/**
 * A server's answers: `failures` transient ones first; `refuse(events)` may name a status the
 * server answers (413, 409...) instead of storing.
 */
function fakeIngest({ failures = 0, refuse = () => null } = {}) {
  const ingest = { statuses: [], batches: [], stored: new Map(), failuresLeft: failures };
  ingest.sendStatus = async (state) => void ingest.statuses.push(state);
  ingest.sendEvents = async (events) => {
    ingest.batches.push(events.map((e) => e.msgId));
    if (ingest.failuresLeft > 0) {
      ingest.failuresLeft -= 1;
      throw new IngestError(503, "busy");
    }
    const status = refuse(events);
    if (status) throw new IngestError(status, `refused with ${status}`);
    for (const event of events) ingest.stored.set(event.msgId, event);
    return { accepted: events.length, duplicates: 0 };
  };
  return ingest;
}

const PROTO_DEFAULTS = new Set(["", "0", 0, false, null]);

/**
 * What TikTok sent of a decoded event: no byte buffers, and no field holding the default the
 * decoder fills in ("", "0", 0, false, null, []); list items keep their place.
 */
function asSent(value) {
  if (Array.isArray(value)) return value.map(asSent);
  if (value === null || typeof value !== "object") return value;
  const kept = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry instanceof Uint8Array || PROTO_DEFAULTS.has(entry)) continue;
    if (Array.isArray(entry) && entry.length === 0) continue;
    kept[key] = asSent(entry);
  }
  return kept;
}

describe("toIngestEvent with what tiktok-live-connector 2.5.0 hands a listener", () => {
  it("maps a real chat event: text in content, handle in displayId, ids and time as strings", () => {
    const raw = connectorFixture("chat");
    const event = toIngestEvent("chat", raw);
    expect(event).toEqual({
      type: "chat",
      msgId: "7412345678900000001",
      createTime: 1_726_500_000_123,
      tiktokUserId: "6813181309701719620",
      uniqueId: "marie_dupont75",
      nickname: "Marie 🌸",
      avatarUrl: "https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/abc~c5_100x100.webp",
      comment: "je prends le 12 en M",
      payload: asSent(raw),
    });
    // No byte buffer reaches the payload, not even as { type: "Buffer", data: [] }.
    expect(JSON.stringify(event?.payload)).not.toContain('"Buffer"');
    // What TikTok sent is all there; the decoder's defaults are not.
    expect(event?.payload).toMatchObject({
      content: "je prends le 12 en M",
      contentLanguage: "fr",
      common: { method: "WebcastChatMessage", msgId: "7412345678900000001", createTime: "1726500000123" },
      user: { displayId: "marie_dupont75", followInfo: { followingCount: "12", followerCount: "34" } },
    });
    expect(event?.payload).not.toHaveProperty("user.deprecated1");
    expect(event?.payload).not.toHaveProperty("emotes");
  });

  it.each(["member", "gift", "like"])("maps a real %s event, without a comment", (type) => {
    const raw = connectorFixture(type);
    expect(toIngestEvent(type, raw)).toMatchObject({
      type,
      msgId: raw.common.msgId,
      createTime: Number(raw.common.createTime),
      tiktokUserId: raw.user.id,
      uniqueId: raw.user.displayId,
      nickname: raw.user.nickname,
      comment: null,
      payload: asSent(raw),
    });
  });

  it("builds events within the contract's largest event, a fraction of the decoded object", () => {
    expect(MAX_EVENT_BYTES).toBe(LIVE_INGEST_MAX_EVENT_BYTES);
    expect(BATCH_MAX_EVENTS).toBe(LIVE_INGEST_MAX_EVENTS);
    for (const type of ["chat", "member", "gift", "like"]) {
      const raw = connectorFixture(type);
      expect(JSON.stringify(raw).length).toBeGreaterThan(2_900);
      const bytes = eventBytes(toIngestEvent(type, raw));
      expect(bytes).toBeGreaterThan(700);
      expect(bytes).toBeLessThan(1_000);
    }
  });

  it("sends a summary instead of a raw event that would exceed the largest event", () => {
    const raw = connectorFixture("chat");
    raw.user.bioDescription = "é".repeat(MAX_EVENT_BYTES);
    const event = toIngestEvent("chat", raw);
    expect(event?.payload).toEqual({ truncated: true, method: "WebcastChatMessage" });
    expect(event?.comment).toBe("je prends le 12 en M");
    expect(eventBytes(event)).toBeLessThanOrEqual(MAX_EVENT_BYTES);
  });

  it("never cuts an emoji in half when it shortens a text", () => {
    const raw = connectorEvent("chat", { nickname: `${"a".repeat(199)}🌸` });
    expect(toIngestEvent("chat", raw)?.nickname).toBe("a".repeat(199));
  });

  it("is what the simulator and the benchmarks send (scripts/live/comment-stream.mjs)", () => {
    const values = {
      msgId: "7412345678900000099",
      createTime: 1_726_500_009_000,
      userId: "7000000000000000042",
      handle: "lea_b",
      nickname: "Léa ✨",
      avatarUrl: "https://p16.example/lea.jpeg",
      content: "12 taille M",
    };
    for (const type of ["chat", "member", "gift", "like"]) {
      const fromBridge = toIngestEvent(type, connectorEvent(type, values));
      const simulated = bridgeBuiltEvent(type, values);
      expect(simulated).toEqual(fromBridge);
      expect(eventBytes(simulated)).toBe(eventBytes(fromBridge));
    }
    const stream = createCommentStream({ viewers: 20, seed: 4 });
    for (let i = 0; i < 50; i++) {
      const event = stream.next();
      const payload = /** @type {any} */ (event.payload);
      const raw = connectorEvent(event.type, {
        msgId: event.msgId,
        createTime: event.createTime,
        userId: event.tiktokUserId,
        handle: event.uniqueId,
        nickname: event.nickname,
        avatarUrl: event.avatarUrl,
        content: event.type === "chat" ? payload.content : undefined,
      });
      expect(event).toEqual(toIngestEvent(event.type, raw));
    }
  });
});

describe("toIngestEvent", () => {
  it("maps a 1.x-style chat event to the ingestion contract, keeping the raw event", () => {
    expect(toIngestEvent("chat", chat("7301", "je prends le 12"))).toEqual({
      type: "chat",
      msgId: "7301",
      createTime: 1_700_000_000_000,
      tiktokUserId: "7012345678901234567",
      uniqueId: "Marie_Dupont",
      nickname: "Marie 🌸",
      avatarUrl: "https://p16.example/marie.jpeg",
      comment: "je prends le 12",
      payload: chat("7301", "je prends le 12"),
    });
  });

  it("reads the flat 1.x shape, and member and like events without a comment", () => {
    const member = toIngestEvent("member", {
      userId: "1",
      uniqueId: "zoe_77",
      nickname: "Zoé",
      profilePictureUrl: "https://p16.example/zoe.jpeg",
      msgId: "m1",
    });
    expect(member).toMatchObject({ type: "member", uniqueId: "zoe_77", comment: null, msgId: "m1" });
    expect(member?.avatarUrl).toBe("https://p16.example/zoe.jpeg");
    expect(toIngestEvent("like", { user: { uniqueId: "lea" }, likeCount: 5 })).toMatchObject({
      type: "like",
      comment: null,
    });
  });

  it("skips events without a viewer and gift streaks still running", () => {
    expect(toIngestEvent("chat", { comment: "x" })).toBeNull();
    const streak = { user: { uniqueId: "lea" }, giftType: 1, repeatEnd: false, repeatCount: 3 };
    expect(toIngestEvent("gift", streak)).toBeNull();
    expect(toIngestEvent("gift", { ...streak, repeatEnd: true })).toMatchObject({ type: "gift" });
  });

  it("gives an id to an event without one, and keeps bigints as text", () => {
    const event = toIngestEvent("chat", { user: { uniqueId: "lea", userId: 12n }, comment: "12" });
    expect(event?.msgId).toMatch(/^bridge-/);
    expect(event?.tiktokUserId).toBe("12");
  });
});

describe("createTikTokBridge", () => {
  const quick = { backoff: { minMs: 5, maxMs: 20 }, flushMs: 5 };

  it("forwards events, reconnects by itself when the connection drops, and reports each state", async () => {
    const ingest = fakeIngest();
    const connections = [];
    const bridge = createTikTokBridge({
      ...quick,
      ingest,
      createConnection: () => {
        const connection = new FakeConnection({ fail: connections.length === 1 });
        connections.push(connection);
        return connection;
      },
    });
    await bridge.start();
    expect(ingest.statuses).toEqual(["connected"]);
    connections[0].emit("chat", chat("a", "je prends le 3"));
    await until(() => ingest.stored.has("a"));

    connections[0].drop();
    // The second connection fails, the third one holds.
    await until(() => connections.length === 3 && ingest.statuses.at(-1) === "connected");
    expect(ingest.statuses).toEqual(["connected", "reconnecting", "connected"]);
    connections[0].emit("chat", chat("old", "from a dropped connection"));
    connections[2].emit("chat", chat("b", "12 taille M"));
    await until(() => ingest.stored.has("b"));
    expect(ingest.stored.has("old")).toBe(false);

    await bridge.stop();
    expect(connections[2].disconnected).toBe(true);
    expect(ingest.statuses.at(-1)).toBe("stopped");
  });

  it("keeps a batch the server did not acknowledge and sends it again", async () => {
    const ingest = fakeIngest({ failures: 2 });
    const connection = new FakeConnection();
    const bridge = createTikTokBridge({ ...quick, ingest, createConnection: () => connection });
    await bridge.start();
    for (const id of ["1", "2", "3"]) connection.emit("chat", chat(id, `n°${id}`));
    await until(() => ingest.stored.size === 3);
    expect(ingest.batches.length).toBeGreaterThanOrEqual(3);
    expect(bridge.buffered).toBe(0);
    expect(bridge.stats).toMatchObject({ received: 3, acknowledged: 3, dropped: 0 });
    await bridge.stop();
  });

  it("caps its batches by bytes as well as by count", async () => {
    const ingest = fakeIngest();
    const connection = new FakeConnection();
    const bridge = createTikTokBridge({
      ...quick,
      flushMs: 60_000,
      batchMaxBytes: 4_000,
      ingest,
      createConnection: () => connection,
    });
    await bridge.start();
    const sizes = new Map();
    for (let i = 0; i < 30; i++) {
      const raw = connectorEvent("chat", { msgId: `b${i}`, content: `je prends le ${i}` });
      connection.emit("chat", raw);
      sizes.set(`b${i}`, eventBytes(toIngestEvent("chat", raw)));
    }
    await bridge.stop();
    expect(ingest.stored.size).toBe(30);
    const batchBytes = ingest.batches.map((ids) => ids.reduce((sum, id) => sum + sizes.get(id) + 1, 0));
    expect(Math.max(...batchBytes)).toBeLessThanOrEqual(4_000);
    expect(ingest.batches.length).toBeGreaterThanOrEqual(7);
  });

  it("sends a batch the server finds too large (413) again in halves, until every event is stored", async () => {
    // This server takes 40 events per request at most.
    const ingest = fakeIngest({ refuse: (events) => (events.length > 40 ? 413 : null) });
    const connection = new FakeConnection();
    const bridge = createTikTokBridge({
      ...quick,
      flushMs: 60_000,
      ingest,
      createConnection: () => connection,
    });
    await bridge.start();
    for (let i = 0; i < 300; i++) connection.emit("chat", chat(`s${i}`, `n°${i}`));
    await bridge.stop();
    expect(ingest.stored.size).toBe(300);
    expect([...ingest.stored.keys()]).toEqual(Array.from({ length: 300 }, (_, i) => `s${i}`));
    expect(bridge.stats).toMatchObject({ acknowledged: 300, setAside: 0 });
    expect(bridge.degraded).toBe(false);
  });

  it("sets aside a batch refused for good, logs it, reports 'degraded', and goes on with the next ones", async () => {
    // The server refuses the events of one viewer (409) and stores the others.
    const ingest = fakeIngest({
      refuse: (events) => (events.some((e) => e.uniqueId === "refused") ? 409 : null),
    });
    const connection = new FakeConnection();
    const logs = [];
    const setAside = [];
    const bridge = createTikTokBridge({
      ...quick,
      ingest,
      createConnection: () => connection,
      log: (message) => logs.push(message),
      onSetAside: (events, error) => setAside.push([events.map((e) => e.msgId), error.status]),
    });
    await bridge.start();
    connection.emit("chat", chat("r1", "12", "refused"));
    await until(() => setAside.length === 1);
    expect(setAside).toEqual([[["r1"], 409]]);
    expect(logs.some((line) => line.includes("set aside") && line.includes("r1"))).toBe(true);
    await until(() => ingest.statuses.at(-1) === "degraded");
    connection.emit("chat", chat("ok1", "13"));
    await until(() => ingest.stored.has("ok1"));
    // Sent once: a refusal for good is never resent.
    expect(ingest.batches.filter((ids) => ids.includes("r1"))).toHaveLength(1);
    expect(bridge.stats).toMatchObject({ received: 2, acknowledged: 1, setAside: 1 });
    expect(bridge.buffered).toBe(0);
    await bridge.stop();
    expect(ingest.statuses).toEqual(["connected", "degraded", "stopped"]);
  });

  it.each([408, 429, 503])(
    "keeps and resends a batch answered %s (not a refusal for good)",
    async (status) => {
      let refusals = 2;
      const ingest = fakeIngest({ refuse: () => (refusals-- > 0 ? status : null) });
      const connection = new FakeConnection();
      const bridge = createTikTokBridge({ ...quick, ingest, createConnection: () => connection });
      await bridge.start();
      connection.emit("chat", chat("t1", "12"));
      await until(() => ingest.stored.has("t1"));
      expect(ingest.batches.length).toBe(3);
      expect(bridge.stats.setAside).toBe(0);
      await bridge.stop();
    },
  );

  it("skips the backlog the connector emits again after a reconnect", async () => {
    const ingest = fakeIngest();
    const connections = [];
    const bridge = createTikTokBridge({
      ...quick,
      ingest,
      createConnection: () => {
        const connection = new FakeConnection();
        connections.push(connection);
        return connection;
      },
    });
    await bridge.start();
    const backlog = [1, 2, 3].map((n) => connectorEvent("chat", { msgId: `k${n}`, content: `${n}` }));
    for (const raw of backlog) connections[0].emit("chat", raw);
    await until(() => ingest.stored.size === 3);
    connections[0].drop();
    await until(() => connections.length === 2 && ingest.statuses.at(-1) === "connected");
    for (const raw of backlog) connections[1].emit("chat", raw);
    connections[1].emit("chat", connectorEvent("chat", { msgId: "k4", content: "4" }));
    await until(() => ingest.stored.has("k4"));
    expect(ingest.batches.flat().filter((id) => id === "k1")).toHaveLength(1);
    expect(bridge.stats).toMatchObject({ received: 4, duplicates: 3 });
    await bridge.stop();
  });

  it("sends what is still buffered when stopped", async () => {
    const ingest = fakeIngest();
    const connection = new FakeConnection();
    const bridge = createTikTokBridge({
      ...quick,
      flushMs: 60_000,
      ingest,
      createConnection: () => connection,
    });
    await bridge.start();
    connection.emit("chat", chat("late", "dernier commentaire"));
    await bridge.stop();
    expect(ingest.stored.has("late")).toBe(true);
    expect(ingest.statuses).toEqual(["connected", "stopped"]);
  });
});

describe("the bridge's health and cuts", () => {
  it("reports its last event, reconnections and duplicates dropped, and each cut with the events sent again", async () => {
    let clock = 1_764_000_000_000;
    const reports = [];
    const gaps = [];
    const ingest = fakeIngest();
    ingest.sendStatus = async (state, health) => void reports.push({ state, ...health });
    ingest.sendGap = async (gap) => void gaps.push(gap);
    const connections = [];
    const bridge = createTikTokBridge({
      backoff: { minMs: 5, maxMs: 20 },
      flushMs: 5,
      gapSettleMs: 30,
      healthEveryMs: 20,
      now: () => clock,
      ingest,
      createConnection: () => {
        const connection = new FakeConnection();
        connections.push(connection);
        return connection;
      },
    });
    await bridge.start();
    const backlog = [1, 2].map((n) => connectorEvent("chat", { msgId: `h${n}`, content: `${n}` }));
    for (const raw of backlog) connections[0].emit("chat", raw);
    const lastEvent = clock;
    const droppedAt = (clock += 1_000);
    connections[0].drop();
    clock += 20_000;
    await until(() => connections.length === 2 && bridge.state === "connected");
    // The connector's initial data after the reconnection: the two it had, and a new one.
    for (const raw of backlog) connections[1].emit("chat", raw);
    connections[1].emit("chat", connectorEvent("chat", { msgId: "h3", content: "3" }));
    await until(() => gaps.length === 1);
    expect(gaps).toEqual([{ from: droppedAt, to: droppedAt + 20_000, resent: 2 }]);
    // The health is sent again while running, with the counts as they are now.
    await until(() => reports.at(-1)?.duplicatesDropped === 2);
    expect(reports.at(-1)).toEqual({
      state: "connected",
      lastEventAt: clock,
      reconnects: 1,
      duplicatesDropped: 2,
    });
    expect(reports[0]).toEqual({ state: "connected", reconnects: 0, duplicatesDropped: 0 });
    expect(
      reports.some((report) => report.state === "reconnecting" && report.lastEventAt === lastEvent),
    ).toBe(true);
    await bridge.stop();
    expect(reports.at(-1)?.state).toBe("stopped");
  });

  it("reports a cut still waiting for the connector's initial data when stopped", async () => {
    let clock = 1_764_000_000_000;
    const gaps = [];
    const ingest = fakeIngest();
    ingest.sendGap = async (gap) => void gaps.push(gap);
    const connections = [];
    const bridge = createTikTokBridge({
      backoff: { minMs: 5, maxMs: 20 },
      gapSettleMs: 60_000,
      now: () => clock,
      ingest,
      createConnection: () => {
        const connection = new FakeConnection();
        connections.push(connection);
        return connection;
      },
    });
    await bridge.start();
    connections[0].drop();
    clock += 5_000;
    await until(() => connections.length === 2 && bridge.state === "connected");
    await bridge.stop();
    expect(gaps).toEqual([{ from: clock - 5_000, to: clock, resent: 0 }]);
  });
});
