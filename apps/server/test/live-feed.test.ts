import { liveSellingMessages, type LiveFeedEvent, type LiveFeedGap } from "@vitrine/domain";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveHubMessage } from "../src/realtime/live-hub";
import { createPgLiveHub, LISTENER_APPLICATION_NAME } from "../src/realtime/pg-live-hub";
import { signInAsAdmin, signUpCustomer } from "./support/actors";
import { insertLive, type LiveRow } from "./support/factories";
import { bearer, chatEvent, openSse, postEvents, storeComments, type SseClient } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let cookie: string;
let base: string;
let live: LiveRow;
const clients: SseClient[] = [];
beforeAll(async () => {
  t = await createTestApp();
  cookie = await signInAsAdmin(t);
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  live = await insertLive(t.db, { isActive: true });
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

async function stream(query: string, headers: Record<string, string> = {}) {
  const client = await openSse(`${base}/api/admin/live-feed/stream${query}`, { cookie, ...headers });
  clients.push(client);
  return client;
}
const comments = (events: LiveFeedEvent[]) => events.map((e) => e.comment);
const liveEventsOf = (client: SseClient, n: number, timeoutMs?: number) =>
  client.waitFor((messages) => messages.filter((m) => m.event === "live-event").length >= n, timeoutMs);

describe("GET /api/admin/live-feed/stream", () => {
  it("is for admins only, and answers a server-sent events stream that proxies do not buffer", async () => {
    const anonymous = await fetch(`${base}/api/admin/live-feed/stream`);
    expect(anonymous.status).toBe(401);
    const client = await stream(`?liveId=${live.id}`);
    expect(client.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(client.response.headers.get("x-accel-buffering")).toBe("no");
    expect(client.response.headers.get("content-encoding")).toBeNull();
  });

  it("brings an ingested comment to a connected client within a second, then its seq as resume point", async () => {
    const client = await stream(`?liveId=${live.id}`);
    const started = performance.now();
    await postEvents(t.app, live.ref, [chatEvent({ comment: "je prends le 3", uniqueId: "sophie_l" })]);
    await liveEventsOf(client, 1);
    expect(performance.now() - started).toBeLessThan(1_000);
    const [message] = client.messages.filter((m) => m.event === "live-event");
    const event = JSON.parse(message?.data ?? "{}") as LiveFeedEvent;
    expect(event).toMatchObject({ liveId: live.id, comment: "je prends le 3", userUniqueId: "sophie_l" });
    // The event itself carries no id; the hub's word that it is delivered moves Last-Event-ID.
    expect(message?.id).toBeUndefined();
    await client.waitFor(() => client.lastEventId() === String(event.seq));
  });

  it("filters one live and event types", async () => {
    const other = await insertLive(t.db, { isActive: true });
    const client = await stream(`?liveId=${other.id}&types=chat`);
    await postEvents(t.app, live.ref, [chatEvent({ comment: "autre live" })]);
    await postEvents(t.app, other.ref, [
      { ...chatEvent(), type: "like", comment: null },
      chatEvent({ comment: "ce live-ci" }),
    ]);
    // A last comment, committed after the others: once it is in, nothing before it can still come.
    await postEvents(t.app, other.ref, [chatEvent({ comment: "dernier" })]);
    await liveEventsOf(client, 2);
    expect(comments(client.liveEvents())).toEqual(["ce live-ci", "dernier"]);
  });

  it("resumes after Last-Event-ID: exactly the missed events, none twice, then the live ones", async () => {
    const target = await insertLive(t.db, { isActive: true });
    const first = await stream(`?liveId=${target.id}`);
    await postEvents(t.app, target.ref, [chatEvent({ comment: "a" }), chatEvent({ comment: "b" })]);
    await liveEventsOf(first, 2);
    const b = first.liveEvents().at(-1);
    await first.waitFor(() => first.lastEventId() === String(b?.seq));
    const lastId = first.lastEventId() ?? "";
    first.close();

    await postEvents(
      t.app,
      target.ref,
      ["c", "d", "e"].map((comment) => chatEvent({ comment })),
    );
    // Events keep coming while the client reconnects: replay and live must join without a seam.
    const during = postEvents(
      t.app,
      target.ref,
      ["f", "g"].map((comment) => chatEvent({ comment })),
    );
    const second = await stream(`?liveId=${target.id}`, { "last-event-id": lastId });
    await during;
    await postEvents(t.app, target.ref, [chatEvent({ comment: "h" })]);
    // A last comment after them: once it is in, a repeat of any before it would be in too.
    await postEvents(t.app, target.ref, [chatEvent({ comment: "i" })]);
    await liveEventsOf(second, 7);
    expect(comments(second.liveEvents())).toEqual(["c", "d", "e", "f", "g", "h", "i"]);

    const third = await stream(`?liveId=${target.id}&after=${lastId}`);
    await liveEventsOf(third, 7);
    expect(comments(third.liveEvents())).toEqual(["c", "d", "e", "f", "g", "h", "i"]);
  });

  it("replays the newest 10,000 of a longer absence and announces the older ones as one gap, first", async () => {
    const target = await insertLive(t.db, { isActive: true });
    const [resumeAfter] = await storeComments(t.db.$client, target.id, 1, "déjà vu ");
    // 11,200 comments missed: the newest 10,000 are replayed, the 1,200 before them are the gap.
    const seqs = await storeComments(t.db.$client, target.id, 11_200);
    const client = await stream(`?liveId=${target.id}&types=chat`, { "last-event-id": String(resumeAfter) });
    await liveEventsOf(client, 10_000, 15_000);
    await postEvents(t.app, target.ref, [chatEvent({ comment: "en direct" })]);
    await liveEventsOf(client, 10_001);

    const data = client.messages.filter((m) => m.event === "gap" || m.event === "live-event");
    expect(data[0]?.event).toBe("gap");
    const gap = JSON.parse(data[0]?.data ?? "{}") as LiveFeedGap;
    expect(gap).toEqual({ after: resumeAfter, through: seqs[1_199], count: 1_200 });
    expect(data.filter((m) => m.event === "gap")).toHaveLength(1);
    const replayed = client.liveEvents();
    expect(replayed.slice(0, 10_000).map((e) => e.seq)).toEqual(seqs.slice(1_200));
    expect(replayed[0]?.comment).toBe("commentaire 1201");
    expect(replayed.at(-1)?.comment).toBe("en direct");
  }, 30_000);

  it("replays everything without a gap when the client is at most 10,000 events behind", async () => {
    const target = await insertLive(t.db, { isActive: true });
    const [resumeAfter] = await storeComments(t.db.$client, target.id, 1, "déjà vu ");
    const seqs = await storeComments(t.db.$client, target.id, 10_000);
    const client = await stream(`?liveId=${target.id}&after=${resumeAfter}`);
    await liveEventsOf(client, 10_000, 15_000);
    await postEvents(t.app, target.ref, [chatEvent({ comment: "en direct" })]);
    await liveEventsOf(client, 10_001);
    expect(client.messages.some((m) => m.event === "gap")).toBe(false);
    expect(
      client
        .liveEvents()
        .slice(0, 10_000)
        .map((e) => e.seq),
    ).toEqual(seqs);
  }, 30_000);

  it("tells the live's clients its orders changed, and its source's state", async () => {
    const client = await stream(`?liveId=${live.id}`);
    const orderId = "0b7a3f5e-2c1d-4e8f-9a6b-5c4d3e2f1a0b";
    await t.app.liveHub.publishOrdersChanged({ liveId: live.id, orderId });
    await t.app.inject({
      method: "POST",
      url: "/api/live-ingest/status",
      headers: bearer(),
      payload: { liveRef: live.ref, state: "reconnecting" },
    });
    await client.waitFor((messages) => messages.some((m) => m.event === "source"));
    const orders = client.messages.find((m) => m.event === "orders");
    expect(JSON.parse(orders?.data ?? "{}")).toEqual({ liveId: live.id, orderId });
    const source = client.messages.find((m) => m.event === "source");
    expect(JSON.parse(source?.data ?? "{}")).toMatchObject({ liveId: live.id, state: "reconnecting" });
  });
});

describe("the hub's listening connection", () => {
  it("listens again by itself after its connection dropped, and hears other instances then", async () => {
    const client = await stream(`?liveId=${live.id}`);
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()",
        [LISTENER_APPLICATION_NAME],
      );
      expect(killed.rowCount).toBe(1);
      const orderId = "6f1e2d3c-4b5a-4678-9abc-def012345678";
      // Another instance's notification, sent until this one listens again.
      const payload = JSON.stringify({
        from: "another-instance",
        kind: "orders",
        change: { liveId: live.id, orderId },
      });
      const deadline = Date.now() + 5_000;
      while (!client.messages.some((m) => m.event === "orders" && m.data.includes(orderId))) {
        if (Date.now() > deadline) throw new Error("the hub did not listen again");
        await admin.query("SELECT pg_notify('vitrine_live', $1)", [payload]);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await admin.end();
    }
  });
});

describe("the hub's catch-up after its connection dropped", () => {
  it("re-sends every event committed meanwhile, page after page, and says none delivered before it is sent", async () => {
    const target = await insertLive(t.db, { isActive: true });
    const hub = createPgLiveHub({ pool: t.db.$client, reconnectDelayMs: { min: 20, max: 200 } });
    await hub.start();
    const received = new Set<number>();
    const deliveredTooEarly: number[] = [];
    let ours: number[] = [];
    let deliveredThrough = 0;
    hub.subscribe((message: LiveHubMessage) => {
      if (message.kind === "events") {
        for (const event of message.events) if (event.liveId === target.id) received.add(event.seq);
      } else if (message.kind === "delivered") {
        deliveredThrough = message.seq;
        // Every one of ours up to that seq must be in the listener's hands already.
        const missing = ours.find((seq) => seq <= message.seq && !received.has(seq));
        if (missing !== undefined) deliveredTooEarly.push(missing);
      }
    });
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    const until = async (condition: () => boolean, what: () => string) => {
      const deadline = Date.now() + 10_000;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error(`timed out: ${what()}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    try {
      // Committed by "another instance" whose notifications this hub never hears: 2,500 of them.
      ours = await storeComments(t.db.$client, target.id, 2_500);
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()",
        [LISTENER_APPLICATION_NAME],
      );
      await until(
        () => !hub.listening,
        () => "the hub saw its connection drop",
      );
      await until(
        () => hub.listening,
        () => "the hub listens again",
      );
      // Committed afterwards by the app (another instance for this hub): heard by NOTIFY.
      const later = await postEvents(t.app, target.ref, [chatEvent({ comment: "après la coupure" })]);
      expect(later.json()).toEqual({ accepted: 1, duplicates: 0 });
      const stored = await t.app.inject({
        method: "GET",
        url: `/api/admin/live-feed/events?liveId=${target.id}`,
        headers: { cookie },
      });
      const lastSeq = (stored.json().events as LiveFeedEvent[]).at(-1)?.seq ?? Infinity;
      ours = [...ours, lastSeq];
      await until(
        () => deliveredThrough >= lastSeq,
        () => `the last one delivered (through ${deliveredThrough} of ${lastSeq})`,
      );
      expect(deliveredTooEarly).toEqual([]);
      expect(received.size).toBe(2_501);
    } finally {
      await admin.end();
      await hub.close();
    }
  }, 30_000);
});

describe("GET /api/admin/live-feed/gap", () => {
  it("reads a gap page by page, oldest first, each event once, within the range and the scope", async () => {
    const target = await insertLive(t.db, { isActive: true });
    const seqs = await storeComments(t.db.$client, target.id, 1_200);
    const [outside] = await storeComments(t.db.$client, target.id, 1, "après ");
    await postEvents(t.app, target.ref, [{ ...chatEvent(), type: "like", comment: null }]);
    const after = (seqs[0] ?? 0) - 1;
    const through = (outside ?? 0) - 1;
    const read = async (from: number) => {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/admin/live-feed/gap?liveId=${target.id}&types=chat&after=${from}&through=${through}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      return response.json() as { events: LiveFeedEvent[]; next: number | null };
    };
    const pages: LiveFeedEvent[][] = [];
    let next: number | null = after;
    while (next !== null) {
      const page = await read(next);
      pages.push(page.events);
      next = page.next;
    }
    expect(pages.map((page) => page.length)).toEqual([500, 500, 200]);
    expect(pages.flat().map((event) => event.seq)).toEqual(seqs);
    expect(pages.flat().at(-1)?.comment).toBe("commentaire 1200");
  });

  it("is for admins only, and refuses a range that is not one with a French message", async () => {
    const anonymous = await t.app.inject({
      method: "GET",
      url: "/api/admin/live-feed/gap?after=1&through=2",
    });
    expect(anonymous.statusCode).toBe(401);
    const customer = await signUpCustomer(t, "lacune_cliente", "lacune-cliente@example.com");
    const refused = await t.app.inject({
      method: "GET",
      url: "/api/admin/live-feed/gap?after=1&through=2",
      headers: { cookie: customer },
    });
    expect(refused.statusCode).toBe(403);
    for (const query of [
      "after=5&through=5",
      "after=9&through=2",
      "after=-1&through=2",
      "after=1",
      "after=x&through=2",
    ]) {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/admin/live-feed/gap?${query}`,
        headers: { cookie },
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(liveSellingMessages.gapRangeInvalid);
    }
  });
});

describe("GET /api/admin/live-feed/events (polling)", () => {
  it("gives the latest events oldest first, or those after a seq", async () => {
    const target = await insertLive(t.db, { isActive: true });
    await postEvents(
      t.app,
      target.ref,
      ["1", "2", "3"].map((comment) => chatEvent({ comment })),
    );
    const get = async (query: string) =>
      (
        await t.app.inject({ method: "GET", url: `/api/admin/live-feed/events${query}`, headers: { cookie } })
      ).json().events as LiveFeedEvent[];
    const latest = await get(`?liveId=${target.id}`);
    expect(comments(latest)).toEqual(["1", "2", "3"]);
    expect(comments(await get(`?liveId=${target.id}&after=${latest[0]?.seq}`))).toEqual(["2", "3"]);
    expect(comments(await get(`?liveId=${target.id}&types=member`))).toEqual([]);
    const everyActive = await get("");
    expect(everyActive.map((e) => e.liveId)).toContain(target.id);
    const inactive = await insertLive(t.db, { isActive: false });
    await postEvents(t.app, inactive.ref, [chatEvent({ comment: "hors live actif" })]);
    expect(comments(await get(""))).not.toContain("hors live actif");
  });

  it("after a seq with more than 100 events since, gives the newest 100 and the gap of the older ones", async () => {
    const target = await insertLive(t.db, { isActive: true });
    const [resumeAfter] = await storeComments(t.db.$client, target.id, 1, "déjà vu ");
    const seqs = await storeComments(t.db.$client, target.id, 150);
    const response = await t.app.inject({
      method: "GET",
      url: `/api/admin/live-feed/events?liveId=${target.id}&after=${resumeAfter}`,
      headers: { cookie },
    });
    const body = response.json() as { events: LiveFeedEvent[]; gap?: LiveFeedGap };
    expect(body.events.map((event) => event.seq)).toEqual(seqs.slice(50));
    expect(body.gap).toEqual({ after: resumeAfter, through: seqs[49], count: 50 });
    const close = await t.app.inject({
      method: "GET",
      url: `/api/admin/live-feed/events?liveId=${target.id}&after=${seqs[49]}`,
      headers: { cookie },
    });
    expect(close.json()).toEqual({ events: body.events });
  });

  it("lists the active lives' source states", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/live-ingest/status",
      headers: bearer(),
      payload: { liveRef: live.ref, state: "connected" },
    });
    const response = await t.app.inject({
      method: "GET",
      url: "/api/admin/live-feed/sources",
      headers: { cookie },
    });
    expect(response.json().sources).toContainEqual(
      expect.objectContaining({ liveId: live.id, state: "connected" }),
    );
  });
});
