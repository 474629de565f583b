import { liveSellingMessages, liveSilenceText, type LiveSourceHealth } from "@vitrine/domain";
import { eq } from "drizzle-orm";
import { EventEmitter } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTikTokBridge } from "../../../bridges/tiktok/bridge.mjs";
import { connectorEvent } from "../../../bridges/tiktok/fixtures/connector-events.mjs";
import { createIngestClient } from "../../../scripts/live/ingest-client.mjs";
import { lives, liveSourceGaps, liveSourceStatus } from "../src/db/schema";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { insertLive, type LiveRow } from "./support/factories";
import { bearer, chatEvent, postEvents } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

/*
 * A live's source health as the bridge reports it (state, last event, reconnections, duplicates
 * dropped, per source), the cuts it reports once reconnected, and the silence the server decides
 * on its own clock: this app's clock is the test's, moved by hand.
 */
let t: TestApp;
let kit: ApiKit;
let clockMs = Date.now();
let base: string;
beforeAll(async () => {
  t = await createTestApp({ clock: () => clockMs });
  kit = apiKitOf(t);
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => t.close());

async function healthOf(live: LiveRow): Promise<LiveSourceHealth> {
  const response = await kit.injectAs("admin", {
    method: "GET",
    url: `/api/admin/live-feed/health?liveId=${live.id}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ health: LiveSourceHealth }>().health;
}

const postStatus = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/live-ingest/status", headers: bearer(), payload });
const postGap = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/live-ingest/gaps", headers: bearer(), payload });

describe("the silence banner, decided by the server's clock", () => {
  it("says nothing at 29 s without an event, says so at 31 s, and leaves when an event comes", async () => {
    const live = await insertLive(t.db, { isActive: true });
    clockMs = Date.now();
    expect((await postEvents(t.app, live.ref, [chatEvent()])).statusCode).toBe(200);
    const first = await healthOf(live);
    const receivedAt = Date.parse(first.lastReceivedAt ?? "");
    expect(receivedAt).toBeGreaterThan(0);
    expect(first.silenceSeconds).toBe(30);
    expect(liveSilenceText(first.silenceSeconds)).toBe(
      "Aucun commentaire reçu depuis 30 s : vérifiez le pont TikTok",
    );

    clockMs = receivedAt + 29_000;
    expect((await healthOf(live)).silent).toBe(false);
    clockMs = receivedAt + 31_000;
    expect(await healthOf(live)).toMatchObject({ silent: true, now: new Date(clockMs).toISOString() });

    expect((await postEvents(t.app, live.ref, [chatEvent()])).statusCode).toBe(200);
    const again = await healthOf(live);
    const nextReceivedAt = Date.parse(again.lastReceivedAt ?? "");
    expect(nextReceivedAt).toBeGreaterThan(receivedAt);
    clockMs = nextReceivedAt + 1_000;
    expect((await healthOf(live)).silent).toBe(false);
  });

  it("counts from the source's first report before any event, and never for a live that is not active", async () => {
    const live = await insertLive(t.db, { isActive: true });
    clockMs = Date.now();
    expect((await healthOf(live)).silent).toBe(false);
    expect((await postStatus({ liveRef: live.ref, state: "connected" })).statusCode).toBe(200);
    const reportedAt = Date.parse((await healthOf(live)).sources[0]?.updatedAt ?? "");
    clockMs = reportedAt + 29_000;
    expect((await healthOf(live)).silent).toBe(false);
    // The bridge's regular reports (one 20 s later here) say it is alive, not that comments come.
    await t.db
      .update(liveSourceStatus)
      .set({ updatedAt: new Date(reportedAt + 20_000) })
      .where(eq(liveSourceStatus.liveId, live.id));
    clockMs = reportedAt + 31_000;
    expect(await healthOf(live)).toMatchObject({ silent: true, lastReceivedAt: null });

    await t.db.update(lives).set({ isActive: false }).where(eq(lives.id, live.id));
    expect((await healthOf(live)).silent).toBe(false);
  });
});

describe("source health through POST /api/live-ingest/status", () => {
  it("stores the health per source and reads it back; an older bridge's report keeps it", async () => {
    const live = await insertLive(t.db, { isActive: true });
    const lastEventAt = Date.UTC(2026, 10, 29, 20, 14, 5);
    const stored = await postStatus({
      liveRef: live.ref,
      state: "reconnecting",
      lastEventAt,
      reconnects: 2,
      duplicatesDropped: 5,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().source).toMatchObject({
      source: "tiktok",
      state: "reconnecting",
      lastEventAt: new Date(lastEventAt).toISOString(),
      reconnects: 2,
      duplicatesDropped: 5,
    });
    const second = await postStatus({ liveRef: live.ref, state: "connected", source: "tiktok-2" });
    expect(second.statusCode).toBe(200);
    // A bridge that predates health sends its state alone: what it does not send is kept.
    expect((await postStatus({ liveRef: live.ref, state: "connected" })).statusCode).toBe(200);

    const { sources } = await healthOf(live);
    expect(sources).toEqual([
      expect.objectContaining({
        source: "tiktok",
        state: "connected",
        lastEventAt: new Date(lastEventAt).toISOString(),
        reconnects: 2,
        duplicatesDropped: 5,
      }),
      expect.objectContaining({
        source: "tiktok-2",
        state: "connected",
        lastEventAt: null,
        reconnects: 0,
        duplicatesDropped: 0,
      }),
    ]);
    expect((await postStatus({ liveRef: live.ref, state: "stopped" })).json().source.state).toBe("stopped");
  });

  it.each([
    [{ reconnects: -1 }, "reconnects", liveSellingMessages.sourceCountInvalid],
    [{ duplicatesDropped: 1.5 }, "duplicatesDropped", liveSellingMessages.sourceCountInvalid],
    [{ source: "Pont TikTok" }, "source", liveSellingMessages.sourceNameInvalid],
    [{ lastEventAt: "hier" }, "lastEventAt", liveSellingMessages.sourceTimeInvalid],
  ])("refuses %j in French and changes nothing", async (bad, field, message) => {
    const live = await insertLive(t.db, { isActive: true });
    expect((await postStatus({ liveRef: live.ref, state: "connected", reconnects: 1 })).statusCode).toBe(200);
    const refused = await postStatus({ liveRef: live.ref, state: "reconnecting", ...bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message,
      fields: { [field]: message },
    });
    const rows = await t.db.select().from(liveSourceStatus).where(eq(liveSourceStatus.liveId, live.id));
    expect(rows).toEqual([expect.objectContaining({ source: "tiktok", state: "connected", reconnects: 1 })]);
  });
});

describe("cuts through POST /api/live-ingest/gaps", () => {
  it("refuses a cut that ends before it starts, or longer than a day, in French, storing nothing", async () => {
    const live = await insertLive(t.db, { isActive: true });
    const from = Date.UTC(2026, 10, 29, 20, 14, 5);
    const backwards = await postGap({ liveRef: live.ref, from, to: from - 1_000, resent: 0 });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ message: liveSellingMessages.gapEndsBeforeStart });
    const endless = await postGap({ liveRef: live.ref, from, to: from + 25 * 3600_000, resent: 0 });
    expect(endless.json()).toMatchObject({ message: liveSellingMessages.gapTooLong });
    const negative = await postGap({ liveRef: live.ref, from, to: from + 1_000, resent: -3 });
    expect(negative.json()).toMatchObject({ message: liveSellingMessages.sourceCountInvalid });
    const closed = await insertLive(t.db, { isActive: false });
    const inactive = await postGap({ liveRef: closed.ref, from, to: from + 1_000, resent: 0 });
    expect(inactive.statusCode).toBe(409);
    const rows = await t.db.select().from(liveSourceGaps);
    expect(rows.filter((row) => row.liveId === live.id || row.liveId === closed.id)).toEqual([]);
  });

  it("is recorded when the bridge reconnects, with the events the connector sent again, once", async () => {
    const live = await insertLive(t.db, { isActive: true });
    class FakeConnection extends EventEmitter {
      async connect() {
        return { roomId: "1" };
      }
      async disconnect() {}
    }
    const connections: FakeConnection[] = [];
    let bridgeClock = Date.UTC(2026, 10, 29, 20, 14, 5);
    const bridge = createTikTokBridge({
      createConnection: () => {
        const connection = new FakeConnection();
        connections.push(connection);
        return connection;
      },
      ingest: createIngestClient({ url: base, liveRef: live.ref }),
      backoff: { minMs: 5, maxMs: 10 },
      flushMs: 10,
      gapSettleMs: 200,
      now: () => bridgeClock,
    });
    await bridge.start();
    const backlog = [1, 2, 3].map((n) =>
      connectorEvent("chat", { msgId: `g${live.ref}${n}`, content: `${n}` }),
    );
    for (const raw of backlog) connections[0]?.emit("chat", raw);
    const dropAt = bridgeClock;
    connections[0]?.emit("disconnected", {});
    bridgeClock += 20_000;
    const until = async (check: () => Promise<boolean>) => {
      const deadline = Date.now() + 10_000;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error("condition not met in time");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await until(async () => connections.length === 2 && bridge.state === "connected");
    // The connector's initial data: the recent comments again, and one that is new.
    for (const raw of backlog) connections[1]?.emit("chat", raw);
    connections[1]?.emit("chat", connectorEvent("chat", { msgId: `g${live.ref}4`, content: "4" }));
    await until(async () => (await healthOf(live)).gaps.length === 1);
    await bridge.stop();

    const health = await healthOf(live);
    expect(health.gaps).toEqual([
      expect.objectContaining({
        source: "tiktok",
        from: new Date(dropAt).toISOString(),
        to: new Date(dropAt + 20_000).toISOString(),
        resent: 3,
      }),
    ]);
    expect(health.sources[0]).toMatchObject({ state: "stopped", reconnects: 1, duplicatesDropped: 3 });

    // The same report sent again (a retry after a lost answer) is the same cut.
    const gap = health.gaps[0]!;
    const again = await postGap({
      liveRef: live.ref,
      from: Date.parse(gap.from),
      to: Date.parse(gap.to),
      resent: 3,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().gap.id).toBe(gap.id);
    expect((await healthOf(live)).gaps).toHaveLength(1);

    // The live's figures count it.
    const figures = await kit.injectAs("admin", {
      method: "GET",
      url: `/api/admin/dashboard/lives/${live.id}`,
    });
    expect(figures.json().figures).toMatchObject({ liveId: live.id, gaps: 1 });
  });
});
