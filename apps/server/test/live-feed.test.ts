import type { LiveFeedEvent } from "@vitrine/domain";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTENER_APPLICATION_NAME } from "../src/realtime/pg-live-hub";
import { signInAsAdmin } from "./support/actors";
import { insertLive, type LiveRow } from "./support/factories";
import { bearer, chatEvent, openSse, postEvents, type SseClient } from "./support/live-kit";
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
const liveEventsOf = (client: SseClient, n: number) =>
  client.waitFor((messages) => messages.filter((m) => m.event === "live-event").length >= n);

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
    await liveEventsOf(client, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(comments(client.liveEvents())).toEqual(["ce live-ci"]);
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
    await liveEventsOf(second, 6);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(comments(second.liveEvents())).toEqual(["c", "d", "e", "f", "g", "h"]);

    const third = await stream(`?liveId=${target.id}&after=${lastId}`);
    await liveEventsOf(third, 6);
    expect(comments(third.liveEvents())).toEqual(["c", "d", "e", "f", "g", "h"]);
  });

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
