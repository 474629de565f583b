import { liveSellingMessages } from "@vitrine/domain";
import { asc, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveSourceStatus, liveUsers, tiktokEvents } from "../src/db/schema";
import { INGEST_LOCK_KEY } from "../src/realtime/ingest-batcher";
import { insertLive, type LiveRow } from "./support/factories";
import { bearer, chatEvent, postEvents } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let live: LiveRow;
beforeAll(async () => {
  t = await createTestApp();
  live = await insertLive(t.db, { isActive: true });
});
afterAll(async () => t.close());

const eventsOf = (liveId: string) =>
  t.db.select().from(tiktokEvents).where(eq(tiktokEvents.liveId, liveId)).orderBy(asc(tiktokEvents.seq));

describe("the ingestion token", () => {
  it.each([
    ["without a token", {}],
    ["with a wrong token", bearer("a-wrong-token-of-enough-length-0000")],
    ["with another scheme", { authorization: "Basic dml0cmluZQ==" }],
  ])("refuses a source %s with 401, before reading its body", async (_label, headers) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/live-ingest/events",
      headers,
      payload: { liveRef: live.ref, events: "not even valid" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: "INGEST_TOKEN_INVALID",
      message: liveSellingMessages.ingestUnauthorized,
    });
  });

  it("refuses every source in production when no token is set", async () => {
    const production = await createTestApp({
      env: { NODE_ENV: "production", AUTH_SECRET: "a".repeat(32), SMTP_URL: "smtp://localhost:2525" },
    });
    try {
      expect(production.config.liveIngestToken).toBeUndefined();
      const response = await postEvents(production.app, live.ref, [chatEvent()]);
      expect(response.statusCode).toBe(401);
    } finally {
      await production.close();
    }
  });
});

describe("POST /api/live-ingest/events", () => {
  it("refuses a bad body with 400 and writes nothing", async () => {
    const other = await insertLive(t.db);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/live-ingest/events",
      headers: bearer(),
      payload: { liveRef: other.ref, events: [chatEvent(), { ...chatEvent(), msgId: "" }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
    expect(await eventsOf(other.id)).toEqual([]);
  });

  it("answers 404 for an unknown live", async () => {
    const response = await postEvents(t.app, "nolive", [chatEvent()]);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "NOT_FOUND", message: liveSellingMessages.ingestLiveUnknown });
  });

  it("stores the events with the spec's fields and raw payload, in receive order", async () => {
    const target = await insertLive(t.db);
    const sent = [1, 2, 3].map((n) => chatEvent({ comment: `commentaire ${n}`, payload: { n } }));
    const response = await postEvents(t.app, target.ref, sent);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 3, duplicates: 0 });
    const stored = await eventsOf(target.id);
    expect(stored.map((e) => e.comment)).toEqual(["commentaire 1", "commentaire 2", "commentaire 3"]);
    expect(stored[0]).toMatchObject({
      eventType: "chat",
      msgId: sent[0]?.msgId,
      tiktokUserId: "7012345678901234567",
      userNickname: "Marie 🌸",
      userUniqueId: "Marie_Dupont",
      createTime: sent[0]?.createTime,
      payload: { n: 1 },
    });
    const seqs = stored.map((e) => e.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(3);
  });

  it("ignores duplicates by msgId, inside one request and across requests", async () => {
    const target = await insertLive(t.db);
    const first = chatEvent({ msgId: "m-1" });
    const once = await postEvents(t.app, target.ref, [first, chatEvent({ msgId: "m-2" }), { ...first }]);
    expect(once.json()).toEqual({ accepted: 2, duplicates: 1 });
    const again = await postEvents(t.app, target.ref, [
      chatEvent({ msgId: "m-2" }),
      chatEvent({ msgId: "m-3" }),
    ]);
    expect(again.json()).toEqual({ accepted: 1, duplicates: 1 });
    expect((await eventsOf(target.id)).map((e) => e.msgId)).toEqual(["m-1", "m-2", "m-3"]);
  });

  it("counts concurrent resends of one msgId once", async () => {
    const target = await insertLive(t.db);
    const event = chatEvent({ msgId: "same" });
    const answers = await Promise.all([1, 2, 3, 4].map(() => postEvents(t.app, target.ref, [event])));
    const totals = answers.map((a) => a.json());
    expect(totals.reduce((sum, a) => sum + a.accepted, 0)).toBe(1);
    expect(totals.reduce((sum, a) => sum + a.duplicates, 0)).toBe(3);
    expect(await eventsOf(target.id)).toHaveLength(1);
  });

  it("upserts the viewers with their handle lowercased, keeping the latest name, avatar and id", async () => {
    const target = await insertLive(t.db);
    await postEvents(t.app, target.ref, [
      chatEvent({ uniqueId: "Lea.Martin", nickname: "Léa", avatarUrl: null, tiktokUserId: null }),
      { ...chatEvent({ uniqueId: "zoe_77", nickname: null }), type: "member", comment: null },
    ]);
    await postEvents(t.app, target.ref, [
      chatEvent({
        uniqueId: "LEA.MARTIN",
        nickname: "Léa ✨",
        avatarUrl: "https://a.example/lea.jpg",
        tiktokUserId: "42",
      }),
      chatEvent({ uniqueId: "lea.martin", nickname: null, avatarUrl: null, tiktokUserId: null }),
    ]);
    const viewers = await t.db
      .select()
      .from(liveUsers)
      .where(eq(liveUsers.liveId, target.id))
      .orderBy(asc(liveUsers.tiktokUsername));
    expect(viewers.map((v) => [v.tiktokUsername, v.displayName, v.avatarUrl, v.tiktokUserId])).toEqual([
      ["lea.martin", "Léa ✨", "https://a.example/lea.jpg", "42"],
      ["zoe_77", null, "https://p16.tiktokcdn.example/marie.jpeg", "7012345678901234567"],
    ]);
  });

  it("gives seqs in receive order across requests", async () => {
    const target = await insertLive(t.db);
    for (const n of [1, 2, 3, 4, 5]) await postEvents(t.app, target.ref, [chatEvent({ comment: `c${n}` })]);
    const stored = await eventsOf(target.id);
    expect(stored.map((e) => e.comment)).toEqual(["c1", "c2", "c3", "c4", "c5"]);
  });

  it("answers only once the events are committed, and 503 when the queue is full", async () => {
    const target = await insertLive(t.db);
    // Holding the ingestion lock stops the batch in its transaction, before its commit.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query("SELECT pg_advisory_xact_lock($1)", [INGEST_LOCK_KEY]);
    try {
      let answered = false;
      const first = postEvents(t.app, target.ref, [chatEvent({ msgId: "held" })]).then((response) => {
        answered = true;
        return response;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      expect(await eventsOf(target.id)).toEqual([]);

      // The batch in progress and 39 more requests of 500 fill the 20,000 events the queue holds.
      const many = (prefix: string) =>
        Array.from({ length: 500 }, (_, i) => chatEvent({ msgId: `${prefix}-${i}`, payload: {} }));
      const filling = [];
      for (let r = 0; r < 39; r++) filling.push(postEvents(t.app, target.ref, many(`f${r}`)));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const refused = await postEvents(t.app, target.ref, many("over"));
      expect(refused.statusCode).toBe(503);
      expect(refused.headers["retry-after"]).toBe("1");
      expect(refused.json()).toEqual({ code: "INGEST_BUSY", message: liveSellingMessages.ingestBusy });

      await holder.query("COMMIT");
      const response = await first;
      expect(response.json()).toEqual({ accepted: 1, duplicates: 0 });
      const filled = await Promise.all(filling);
      expect(filled.every((r) => r.statusCode === 200)).toBe(true);
      expect(await eventsOf(target.id)).toHaveLength(1 + 39 * 500);
    } finally {
      await holder.end();
    }
  }, 120_000);
});

describe("a server stopping", () => {
  it("lets the batch in progress commit and answers its sources before it closes", async () => {
    const other = await createTestApp();
    const target = await insertLive(other.db);
    const holder = new pg.Client({ connectionString: other.databaseUrl });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query("SELECT pg_advisory_xact_lock($1)", [INGEST_LOCK_KEY]);
    const pending = postEvents(other.app, target.ref, [chatEvent({ msgId: "at-shutdown" })]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    let closed = false;
    const closing = other.app.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    await holder.query("COMMIT");
    await holder.end();
    expect((await pending).json()).toEqual({ accepted: 1, duplicates: 0 });
    await closing;
    const rows = await other.db.select().from(tiktokEvents).where(eq(tiktokEvents.liveId, target.id));
    expect(rows.map((row) => row.msgId)).toEqual(["at-shutdown"]);
    await other.close().catch(() => {});
  });
});

describe("POST /api/live-ingest/status", () => {
  it("stores the source's state, the latest one winning", async () => {
    const target = await insertLive(t.db);
    const post = (state: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/live-ingest/status",
        headers: bearer(),
        payload: { liveRef: target.ref, state },
      });
    expect((await post("connected")).json().source).toMatchObject({ liveId: target.id, state: "connected" });
    await post("reconnecting");
    const rows = await t.db.select().from(liveSourceStatus).where(eq(liveSourceStatus.liveId, target.id));
    expect(rows.map((r) => r.state)).toEqual(["reconnecting"]);
    expect((await post("lost")).statusCode).toBe(400);
  });
});
