import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { backoffDelay, createTikTokBridge, toIngestEvent } from "./bridge.mjs";

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

function fakeIngest({ failures = 0 } = {}) {
  const ingest = { statuses: [], batches: [], stored: new Map(), failuresLeft: failures };
  ingest.sendStatus = async (state) => void ingest.statuses.push(state);
  ingest.sendEvents = async (events) => {
    ingest.batches.push(events.map((e) => e.msgId));
    if (ingest.failuresLeft > 0) {
      ingest.failuresLeft -= 1;
      throw new Error("503");
    }
    for (const event of events) ingest.stored.set(event.msgId, event);
    return { accepted: events.length, duplicates: 0 };
  };
  return ingest;
}

describe("toIngestEvent", () => {
  it("maps a 2.x chat event to the ingestion contract, keeping the raw event", () => {
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

describe("backoffDelay", () => {
  it("grows exponentially up to the cap, with jitter", () => {
    const limits = { minMs: 1_000, maxMs: 60_000 };
    expect(backoffDelay(0, limits, () => 0)).toBe(500);
    expect(backoffDelay(0, limits, () => 1)).toBe(1_000);
    expect(backoffDelay(3, limits, () => 1)).toBe(8_000);
    expect(backoffDelay(20, limits, () => 1)).toBe(60_000);
    expect(backoffDelay(20, limits, () => 0.5)).toBeLessThan(60_000);
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
    expect(ingest.statuses.at(-1)).toBe("disconnected");
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
    expect(ingest.statuses).toEqual(["connected", "disconnected"]);
  });
});
