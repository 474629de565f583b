import {
  LIVE_INGEST_MAX_BODY_BYTES,
  LIVE_INGEST_MAX_EVENT_BYTES,
  LIVE_INGEST_MAX_EVENTS,
  liveSellingMessages,
  storableTextMessages,
  type LiveIngestEvent,
} from "@vitrine/domain";
import { asc, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connectorEvent } from "../../../bridges/tiktok/fixtures/connector-events.mjs";
import { createCommentStream } from "../../../scripts/live/comment-stream.mjs";
import { lives, liveSourceStatus, liveUsers, tiktokEvents } from "../src/db/schema";
import {
  createIngestBatcher,
  INGEST_LOCK_KEY,
  type StorableIngestEvent,
} from "../src/realtime/ingest-batcher";
import { createSilentLiveHub } from "../src/realtime/live-hub";
import { eventually } from "./support/eventually";
import { insertLive, type LiveRow } from "./support/factories";
import { bearer, chatEvent, postEvents } from "./support/live-kit";
import { backendPid, lockWaiters, waitUntilBlockedBy } from "./support/pg-waits";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let live: LiveRow;
beforeAll(async () => {
  t = await createTestApp();
  live = await insertLive(t.db, { isActive: true });
});
afterAll(async () => t.close());

/**
 * Counts the ingestion requests whose live has been looked up. A request queues its events in the
 * same turn as that look-up's answer (no other wait in between), so once the count is reached,
 * every one of them is in the batcher's queue.
 */
function countLiveLookups(pool: pg.Pool) {
  let count = 0;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const spy = vi.spyOn(pool, "query").mockImplementation(((text: unknown, ...rest: unknown[]) => {
    const result = query(text, ...rest);
    if (typeof text === "string" && text.startsWith("SELECT id, is_active FROM lives WHERE ref")) {
      // Registered before the route awaits it, so it runs just before the route goes on.
      void result.then(
        () => (count += 1),
        () => {},
      );
    }
    return result;
  }) as typeof pool.query);
  return {
    get count() {
      return count;
    },
    stop: () => spy.mockRestore(),
  };
}

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
    const other = await insertLive(t.db, { isActive: true });
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
    const target = await insertLive(t.db, { isActive: true });
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
    const target = await insertLive(t.db, { isActive: true });
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
    const target = await insertLive(t.db, { isActive: true });
    const event = chatEvent({ msgId: "same" });
    const answers = await Promise.all([1, 2, 3, 4].map(() => postEvents(t.app, target.ref, [event])));
    const totals = answers.map((a) => a.json());
    expect(totals.reduce((sum, a) => sum + a.accepted, 0)).toBe(1);
    expect(totals.reduce((sum, a) => sum + a.duplicates, 0)).toBe(3);
    expect(await eventsOf(target.id)).toHaveLength(1);
  });

  it("upserts the viewers with their handle lowercased, keeping the latest name, avatar and id", async () => {
    const target = await insertLive(t.db, { isActive: true });
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
    const target = await insertLive(t.db, { isActive: true });
    for (const n of [1, 2, 3, 4, 5]) await postEvents(t.app, target.ref, [chatEvent({ comment: `c${n}` })]);
    const stored = await eventsOf(target.id);
    expect(stored.map((e) => e.comment)).toEqual(["c1", "c2", "c3", "c4", "c5"]);
  });

  it("numbers events in commit order: a batch committed later never has a smaller seq, across instances", async () => {
    const target = await insertLive(t.db, { isActive: true });
    const pool = t.db.$client;
    // A batch whose comment is 'retenu' has drawn its seqs, then waits for the test's lock before
    // it can commit: the moment another instance's batch could overtake it.
    const HOLD_KEY = 7_428_001;
    await pool.query(`
      CREATE FUNCTION hold_marked_batch() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_advisory_xact_lock(${HOLD_KEY}); RETURN NULL; END $$;
      CREATE TRIGGER hold_marked_batch AFTER INSERT ON tiktok_events
        FOR EACH ROW WHEN (NEW.comment = 'retenu') EXECUTE FUNCTION hold_marked_batch()`);
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query("SELECT pg_advisory_xact_lock($1)", [HOLD_KEY]);
    // Two server instances' write paths on one database.
    const instanceA = createIngestBatcher({ pool, hub: createSilentLiveHub() });
    const instanceB = createIngestBatcher({ pool, hub: createSilentLiveHub() });
    const storable = (event: LiveIngestEvent): StorableIngestEvent => ({
      ...event,
      platform: "tiktok",
      payloadJson: JSON.stringify(event.payload),
    });
    const committed: string[] = [];
    try {
      const first = instanceA
        .submit(target.id, [storable(chatEvent({ comment: "retenu" }))])
        .then(() => committed.push("A"));
      await waitUntilBlockedBy(pool, await backendPid(holder));
      const second = instanceB
        .submit(target.id, [
          storable(chatEvent({ comment: "ensuite", uniqueId: "autre_viewer", tiktokUserId: "2" })),
        ])
        .then(() => committed.push("B"));
      // Another viewer, so that nothing but the ingestion lock can make B wait for A: B either
      // waits behind A, or draws its seq beside A's and commits first.
      await eventually(async () => committed.includes("B") || (await lockWaiters(pool)) >= 2);
      expect(committed).toEqual([]);
      await holder.query("COMMIT");
      await Promise.all([first, second]);
      expect(committed).toEqual(["A", "B"]);
      expect((await eventsOf(target.id)).map((event) => event.comment)).toEqual(["retenu", "ensuite"]);
    } finally {
      await holder.end();
      await Promise.all([instanceA.close(), instanceB.close()]);
      await pool.query("DROP TRIGGER hold_marked_batch ON tiktok_events; DROP FUNCTION hold_marked_batch()");
    }
  });

  it("answers only once the events are committed, and 503 when the queue is full", async () => {
    const target = await insertLive(t.db, { isActive: true });
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
      // The batch waits for the lock, in its transaction: the request cannot have been answered.
      await waitUntilBlockedBy(t.db.$client, await backendPid(holder));
      expect(answered).toBe(false);
      expect(await eventsOf(target.id)).toEqual([]);

      // The batch in progress and 39 more requests of 500 fill the 20,000 events the queue holds.
      const many = (prefix: string) =>
        Array.from({ length: 500 }, (_, i) => chatEvent({ msgId: `${prefix}-${i}`, payload: {} }));
      const queued = countLiveLookups(t.db.$client);
      const filling = [];
      try {
        for (let r = 0; r < 39; r++) filling.push(postEvents(t.app, target.ref, many(`f${r}`)));
        await eventually(() => queued.count === 39, 15_000);
      } finally {
        queued.stop();
      }
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

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** A chat event of exactly `bytes` bytes of JSON, its payload padded. */
function eventOfSize(bytes: number, overrides: Partial<LiveIngestEvent> = {}): LiveIngestEvent {
  const event = chatEvent({ payload: { pad: "" }, ...overrides });
  event.payload = { pad: "x".repeat(bytes - bytesOf(event)) };
  return event;
}

describe("sizes: what a real source sends fits", () => {
  it("accepts a request of 500 events as the TikTok bridge builds them, and stores them all", async () => {
    const target = await insertLive(t.db, { isActive: true });
    const stream = createCommentStream({ viewers: 300, seed: 5, runId: "real-size" });
    const events = Array.from({ length: LIVE_INGEST_MAX_EVENTS }, () => stream.next());
    expect(Math.min(...events.map(bytesOf))).toBeGreaterThan(700);
    expect(bytesOf({ liveRef: target.ref, events })).toBeGreaterThan(350_000);
    const response = await postEvents(t.app, target.ref, events);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 500, duplicates: 0 });
    const stored = await eventsOf(target.id);
    expect(stored.map((e) => e.msgId)).toEqual(events.map((e) => e.msgId));
    expect(stored[0]?.payload).toEqual(events[0]?.payload);
  });

  it("accepts 500 events carrying the connector's whole decoded event (3.2 to 3.6 kB each)", async () => {
    const target = await insertLive(t.db, { isActive: true });
    const stream = createCommentStream({ viewers: 300, seed: 6, runId: "decoded" });
    const events = Array.from({ length: LIVE_INGEST_MAX_EVENTS }, () => {
      const event = stream.next();
      const decoded = connectorEvent(event.type, { msgId: event.msgId, handle: event.uniqueId });
      return { ...event, payload: JSON.parse(JSON.stringify(decoded)) as Record<string, unknown> };
    });
    expect(Math.min(...events.map(bytesOf))).toBeGreaterThan(3_000);
    const response = await postEvents(t.app, target.ref, events);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 500, duplicates: 0 });
    expect(await eventsOf(target.id)).toHaveLength(500);
  });

  it("accepts 500 events of the largest size the contract states", async () => {
    const target = await insertLive(t.db, { isActive: true });
    const events = Array.from({ length: LIVE_INGEST_MAX_EVENTS }, () =>
      eventOfSize(LIVE_INGEST_MAX_EVENT_BYTES),
    );
    expect(bytesOf({ liveRef: target.ref, events })).toBeLessThanOrEqual(LIVE_INGEST_MAX_BODY_BYTES);
    const response = await postEvents(t.app, target.ref, events);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 500, duplicates: 0 });
  }, 60_000);

  it("refuses a request holding one event over the largest size with 413, and stores none of it", async () => {
    const target = await insertLive(t.db, { isActive: true });
    const events = [
      eventOfSize(1_000),
      eventOfSize(LIVE_INGEST_MAX_EVENT_BYTES + 1),
      eventOfSize(LIVE_INGEST_MAX_EVENT_BYTES),
    ];
    const response = await postEvents(t.app, target.ref, events);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: "INGEST_EVENT_TOO_LARGE",
      message: liveSellingMessages.ingestEventTooLarge,
    });
    expect(await eventsOf(target.id)).toEqual([]);
  });
});

describe("text PostgreSQL cannot store", () => {
  const NUL = String.fromCharCode(0);

  it("in the live's ref is refused with a French 400 naming it, events and all, on both routes; nothing is stored", async () => {
    const live = await insertLive(t.db, { isActive: true });
    const refusal = {
      code: "VALIDATION_FAILED",
      message: storableTextMessages.request,
      fields: { liveRef: storableTextMessages.request },
    };
    for (const liveRef of [`${live.ref}${NUL}`, `${NUL}`, `${live.ref}\uD800`]) {
      // An event's own bad text beside it changes nothing: the request is refused as a whole.
      const events = await postEvents(t.app, liveRef, [
        chatEvent({ comment: "je prends le 3" }),
        chatEvent({ comment: `je prends${NUL} le 4` }),
      ]);
      expect(events.statusCode, JSON.stringify(liveRef)).toBe(400);
      expect(events.json()).toEqual(refusal);
      const status = await t.app.inject({
        method: "POST",
        url: "/api/live-ingest/status",
        headers: bearer(),
        payload: { liveRef, state: "connected" },
      });
      expect(status.statusCode, JSON.stringify(liveRef)).toBe(400);
      expect(status.json()).toEqual(refusal);
    }
    expect(await eventsOf(live.id)).toEqual([]);
    expect(await t.db.select().from(liveUsers).where(eq(liveUsers.liveId, live.id))).toEqual([]);
    expect(await t.db.select().from(liveSourceStatus).where(eq(liveSourceStatus.liveId, live.id))).toEqual(
      [],
    );
  });

  it("is cleaned event by event: a NUL event beside two valid concurrent requests, all three stored", async () => {
    const created = await Promise.all([1, 2, 3].map(() => insertLive(t.db, { isActive: true })));
    const [first, poisoned, third] = created as [LiveRow, LiveRow, LiveRow];
    const valid = (live: LiveRow) =>
      Array.from({ length: 50 }, (_, i) => chatEvent({ comment: `${live.ref} n°${i}` }));
    const bad = [
      chatEvent({ comment: `je prends${NUL} le 3`, msgId: "nul-comment" }),
      chatEvent({ nickname: `Zo${NUL}é`, uniqueId: `zoe${NUL}_77`, msgId: "nul-names" }),
      chatEvent({ payload: { text: `a${NUL}b`, [`k${NUL}`]: [`\uD800 ${"\uD800"}`] }, msgId: "nul-payload" }),
      chatEvent({ comment: "moitié \uDC00 d'emoji", msgId: "lone-surrogate" }),
      ...Array.from({ length: 46 }, (_, i) => chatEvent({ comment: `propre ${i}` })),
    ];
    const answers = await Promise.all([
      postEvents(t.app, first.ref, valid(first)),
      postEvents(t.app, poisoned.ref, bad),
      postEvents(t.app, third.ref, valid(third)),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.json().accepted)).toEqual([50, 50, 50]);
    expect(await eventsOf(first.id)).toHaveLength(50);
    expect(await eventsOf(third.id)).toHaveLength(50);
    const cleaned = new Map((await eventsOf(poisoned.id)).map((row) => [row.msgId, row]));
    expect(cleaned.size).toBe(50);
    expect(cleaned.get("nul-comment")?.comment).toBe("je prends le 3");
    expect(cleaned.get("nul-names")).toMatchObject({ userNickname: "Zoé", userUniqueId: "zoe_77" });
    expect(cleaned.get("nul-payload")?.payload).toEqual({ text: "ab", k: ["\uFFFD \uFFFD"] });
    expect(cleaned.get("lone-surrogate")?.comment).toBe("moitié \uFFFD d'emoji");
    const viewers = await t.db.select().from(liveUsers).where(eq(liveUsers.liveId, poisoned.id));
    expect(viewers.map((v) => v.tiktokUsername).sort()).toEqual(["marie_dupont", "zoe_77"]);
  });
});

describe("a request the database refuses", () => {
  it("fails alone: the other requests written in the same statement are stored", async () => {
    const target = await insertLive(t.db, { isActive: true });
    const others = await Promise.all([1, 2].map(() => insertLive(t.db, { isActive: true })));
    // Stands for any row the database refuses (a constraint, a type it cannot read).
    await t.db.$client.query(`
      CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.comment = 'poison' THEN RAISE EXCEPTION 'poisoned row'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_poison BEFORE INSERT ON tiktok_events FOR EACH ROW EXECUTE FUNCTION refuse_poison();`);
    const logs: string[] = [];
    const batcher = createIngestBatcher({
      pool: t.db.$client,
      hub: t.app.liveHub,
      log: (line) => logs.push(line),
    });
    try {
      const storable = (event: LiveIngestEvent): StorableIngestEvent => ({
        ...event,
        platform: "tiktok",
        payloadJson: JSON.stringify(event.payload),
      });
      // Submitted in the same tick: one batch, one statement.
      const answers = await Promise.allSettled([
        batcher.submit(others[0]!.id, [chatEvent(), chatEvent()].map(storable)),
        batcher.submit(target.id, [chatEvent(), chatEvent({ comment: "poison" })].map(storable)),
        batcher.submit(others[1]!.id, [chatEvent()].map(storable)),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect(answers[0]).toEqual({ status: "fulfilled", value: { accepted: 2, duplicates: 0 } });
      expect(await eventsOf(others[0]!.id)).toHaveLength(2);
      expect(await eventsOf(others[1]!.id)).toHaveLength(1);
      expect(await eventsOf(target.id)).toEqual([]);
      expect(logs.some((line) => line.includes("3 requests failed"))).toBe(true);
    } finally {
      await batcher.close();
      await t.db.$client.query("DROP TRIGGER refuse_poison ON tiktok_events; DROP FUNCTION refuse_poison()");
    }
  });
});

describe("comments for a live that is not active", () => {
  it("are refused with 409 and a clear message, and nothing is stored", async () => {
    const inactive = await insertLive(t.db, { isActive: false });
    const response = await postEvents(t.app, inactive.ref, [chatEvent({ comment: "je prends le 3" })]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: "CONFLICT", message: liveSellingMessages.ingestLiveInactive });
    expect(await eventsOf(inactive.id)).toEqual([]);
    expect(await t.db.select().from(liveUsers).where(eq(liveUsers.liveId, inactive.id))).toEqual([]);
  });

  it("are stored again once staff activate the live", async () => {
    const live = await insertLive(t.db, { isActive: false });
    expect((await postEvents(t.app, live.ref, [chatEvent()])).statusCode).toBe(409);
    await t.db.update(lives).set({ isActive: true }).where(eq(lives.id, live.id));
    expect((await postEvents(t.app, live.ref, [chatEvent()])).json()).toEqual({ accepted: 1, duplicates: 0 });
  });
});

describe("a server stopping", () => {
  it("lets the batch in progress commit and answers its sources before it closes", async () => {
    const other = await createTestApp();
    const target = await insertLive(other.db, { isActive: true });
    const holder = new pg.Client({ connectionString: other.databaseUrl });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query("SELECT pg_advisory_xact_lock($1)", [INGEST_LOCK_KEY]);
    let closed = false;
    const pending = postEvents(other.app, target.ref, [chatEvent({ msgId: "at-shutdown" })]).then(
      (response) => ({ response, closedFirst: closed }),
    );
    // The batch is in its transaction, waiting for the lock, when the close begins.
    await waitUntilBlockedBy(other.db.$client, await backendPid(holder));
    const closing = other.app.close().then(() => (closed = true));
    // Still waiting: the close cannot end before the batch does.
    await waitUntilBlockedBy(other.db.$client, await backendPid(holder));
    expect(closed).toBe(false);
    await holder.query("COMMIT");
    await holder.end();
    const { response, closedFirst } = await pending;
    expect(response.json()).toEqual({ accepted: 1, duplicates: 0 });
    expect(closedFirst).toBe(false);
    await closing;
    const rows = await other.db.select().from(tiktokEvents).where(eq(tiktokEvents.liveId, target.id));
    expect(rows.map((row) => row.msgId)).toEqual(["at-shutdown"]);
    await other.close().catch(() => {});
  });
});

describe("POST /api/live-ingest/status", () => {
  const postStatus = (liveRef: string, state: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/live-ingest/status",
      headers: bearer(),
      payload: { liveRef, state },
    });
  const statesOf = async (liveId: string) =>
    (await t.db.select().from(liveSourceStatus).where(eq(liveSourceStatus.liveId, liveId))).map(
      (r) => r.state,
    );

  it("stores the source's state, the latest one winning", async () => {
    const target = await insertLive(t.db, { isActive: true });
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
    expect((await post("degraded")).json().source).toMatchObject({ state: "degraded" });
  });

  it("is refused for a live that is not active, as its comments are, and nothing is stored", async () => {
    const inactive = await insertLive(t.db, { isActive: false });
    const refused = await postStatus(inactive.ref, "connected");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: "CONFLICT",
      message: liveSellingMessages.ingestStatusLiveInactive,
    });
    expect(await statesOf(inactive.id)).toEqual([]);

    // Stored once staff open it, and refused again once they close it: the last state stays.
    await t.db.update(lives).set({ isActive: true }).where(eq(lives.id, inactive.id));
    expect((await postStatus(inactive.ref, "connected")).statusCode).toBe(200);
    await t.db.update(lives).set({ isActive: false }).where(eq(lives.id, inactive.id));
    expect((await postStatus(inactive.ref, "disconnected")).statusCode).toBe(409);
    expect(await statesOf(inactive.id)).toEqual(["connected"]);
  });
});
