import { asc, eq } from "drizzle-orm";
import { EventEmitter } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTikTokBridge, eventBytes, toIngestEvent } from "../../../bridges/tiktok/bridge.mjs";
import { connectorEvent } from "../../../bridges/tiktok/fixtures/connector-events.mjs";
import { createIngestClient } from "../../../scripts/live/ingest-client.mjs";
import { runSimulation } from "../../../scripts/live/simulate.mjs";
import { lives, liveSourceStatus, tiktokEvents } from "../src/db/schema";
import { insertLive } from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

/*
 * The TikTok bridge (bridges/tiktok) against a real server: events exactly as
 * tiktok-live-connector 2.5.0 hands them to a listener (bridges/tiktok/fixtures), through the
 * bridge's mapping, batching and HTTP client, into the database.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => t.close());

/** Stands in for TikTokLiveConnection: the test emits what the connector would. */
class FakeConnection extends EventEmitter {
  async connect() {
    return { roomId: "7412345678901234567" };
  }
  async disconnect() {}
}

const TYPES = ["chat", "chat", "chat", "member", "like", "gift"] as const;

/** The n-th event of a busy live, as the connector hands it. */
function connectorEventNumber(n: number) {
  const type = TYPES[n % TYPES.length] ?? "chat";
  return {
    type,
    raw: connectorEvent(type, {
      msgId: `74123456789${String(n).padStart(8, "0")}`,
      createTime: 1_726_500_000_000 + n * 37,
      userId: String(7_000_000_000_000_000_000n + BigInt(n % 97)),
      handle: `viewer_${n % 97}`,
      nickname: `Spectatrice ${n % 97} 🌸`,
      content: `je prends le ${n % 60} en M`,
    }),
  };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the TikTok bridge with real connector events", () => {
  it("gets 600 events of real size into the database, each once", async () => {
    const live = await insertLive(t.db, { isActive: true });
    const connection = new FakeConnection();
    const bridge = createTikTokBridge({
      createConnection: () => connection,
      ingest: createIngestClient({ url: base, liveRef: live.ref }),
      flushMs: 50,
    });
    await bridge.start();
    const sent = Array.from({ length: 600 }, (_, n) => connectorEventNumber(n));
    const built = sent.map(({ type, raw }) => toIngestEvent(type, raw));
    expect(Math.min(...built.map((event) => eventBytes(event!)))).toBeGreaterThan(700);
    for (const { type, raw } of sent) connection.emit(type, raw);
    // What the connector emits again after a reconnect (its backlog): the last 50.
    for (const { type, raw } of sent.slice(-50)) connection.emit(type, raw);

    await until(() => bridge.stats.acknowledged === 600);
    await bridge.stop();
    const stored = await t.db
      .select()
      .from(tiktokEvents)
      .where(eq(tiktokEvents.liveId, live.id))
      .orderBy(asc(tiktokEvents.seq));
    expect(stored).toHaveLength(600);
    expect(stored.map((row) => row.msgId)).toEqual(built.map((event) => event!.msgId));
    expect(stored[0]).toMatchObject({
      eventType: "chat",
      comment: "je prends le 0 en M",
      userUniqueId: "viewer_0",
      tiktokUserId: "7000000000000000000",
      createTime: 1_726_500_000_000,
      payload: built[0]!.payload,
    });
    expect(bridge.stats).toMatchObject({ received: 600, acknowledged: 600, duplicates: 50, setAside: 0 });
    const [status] = await t.db.select().from(liveSourceStatus).where(eq(liveSourceStatus.liveId, live.id));
    expect(status?.state).toBe("stopped");
  });

  it("sets aside what the server refuses for good and reports the source 'degraded', without resending it", async () => {
    // Staff close the live while the bridge runs: the server refuses its comments (409), and its
    // state as well (the state shown stays the last one of the open live).
    const live = await insertLive(t.db, { isActive: true });
    const connection = new FakeConnection();
    const setAside: string[] = [];
    const statuses: string[] = [];
    let requests = 0;
    const client = createIngestClient({ url: base, liveRef: live.ref });
    const bridge = createTikTokBridge({
      createConnection: () => connection,
      ingest: {
        sendEvents: (events) => {
          requests += 1;
          return client.sendEvents(events);
        },
        sendStatus: (state) =>
          client.sendStatus(state).then(
            (answer) => {
              statuses.push(`${state}:stored`);
              return answer;
            },
            (error: { status?: number }) => {
              statuses.push(`${state}:${error.status}`);
              throw error;
            },
          ),
      },
      flushMs: 20,
      onSetAside: (events, error) => setAside.push(...events.map((e) => `${e.msgId}:${error.status}`)),
    });
    await bridge.start();
    await until(() => statuses.includes("connected:stored"));
    await t.db.update(lives).set({ isActive: false }).where(eq(lives.id, live.id));
    for (const { type, raw } of [0, 1, 2].map(connectorEventNumber)) connection.emit(type, raw);
    await until(() => setAside.length === 3);
    await until(() => statuses.includes("degraded:409"));
    expect(setAside.every((entry) => entry.endsWith(":409"))).toBe(true);
    expect(requests).toBe(1);
    expect(bridge.buffered).toBe(0);
    expect(bridge.degraded).toBe(true);
    await bridge.stop();
    expect(await t.db.select().from(tiktokEvents).where(eq(tiktokEvents.liveId, live.id))).toEqual([]);
    const [status] = await t.db.select().from(liveSourceStatus).where(eq(liveSourceStatus.liveId, live.id));
    expect(status?.state).toBe("connected");
  });
});

describe("npm run live:simulate", () => {
  it("sends events built as the bridge builds them from real connector events", async () => {
    const live = await insertLive(t.db, { isActive: true });
    const stats = await runSimulation({ url: base, liveRef: live.ref, rate: 200, durationSeconds: 0.5 });
    expect(stats).toMatchObject({ failed: 0, refusal: null });
    const stored = await t.db.select().from(tiktokEvents).where(eq(tiktokEvents.liveId, live.id));
    expect(stored.length).toBe(stats.accepted);
    const chat = stored.find((row) => row.eventType === "chat");
    // The raw WebcastChatMessage: text in content, the handle in user.displayId.
    expect(chat?.payload).toMatchObject({
      common: { method: "WebcastChatMessage", msgId: chat?.msgId },
      user: { displayId: chat?.userUniqueId },
      content: chat?.comment,
    });
  });

  it("stops at the first refusal for good, saying why, instead of sending on", async () => {
    const live = await insertLive(t.db, { isActive: false });
    const stats = await runSimulation({ url: base, liveRef: live.ref, rate: 200, durationSeconds: 30 });
    expect(stats.refusal).toContain("Ce live n'est pas actif");
    expect(stats.seconds).toBeLessThan(10);
    expect(stats.acked).toBe(0);
  });
});
