import type { CustomerLiveSnapshot } from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { lives, orders, users } from "../src/db/schema";
import { signInAsAdmin, signInByLink } from "./support/actors";
import { eventually } from "./support/eventually";
import {
  insertCustomer,
  insertLive,
  insertProduct,
  type LiveRow,
  type ProductRow,
} from "./support/factories";
import { chatEvent, openSse, postComments, postEvents, type SseClient } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let adminCookie: string;
let base: string;
const clients: SseClient[] = [];
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await signInAsAdmin(t);
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});
// The page shows the active live: each test has its own, the only one active.
beforeEach(async () => {
  await t.db.update(lives).set({ isActive: false }).where(eq(lives.isActive, true));
});

const suffix = randomBytes(2).toString("hex");
let handles = 0;
const newHandle = () => `v${++handles}_${suffix}`;

/** A customer with an account and a handle, signed in: their handle and session cookie. */
async function customer(handle = newHandle()) {
  const row = await insertCustomer(t.db, { tiktokUsername: handle });
  return { handle, row, cookie: await signInByLink(t, row.email ?? "") };
}

async function automaticLive(holdSeconds: number | null = null): Promise<LiveRow> {
  const live = await insertLive(t.db, { isActive: true });
  const response = await t.app.inject({
    method: "PUT",
    url: `/api/admin/lives/${live.id}/claims/settings`,
    headers: { cookie: adminCookie },
    payload: { mode: "automatique", holdSeconds },
  });
  expect(response.statusCode, response.body).toBe(200);
  return live;
}

const pieceOf = (live: LiveRow, name = "Robe fleurie") =>
  insertProduct(t.db, { liveId: live.id, colorId: null, name, priceCents: 990 });

/** Comments through the real ingestion route, in this order (one batch). */
const comment = (live: LiveRow, ...said: [handle: string, text: string][]) =>
  postComments(t.app, live.ref, said);

async function snapshotOf(cookie: string): Promise<CustomerLiveSnapshot> {
  const response = await t.app.inject({ method: "GET", url: "/api/customer/live", headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CustomerLiveSnapshot>();
}

async function snapshotWhen(cookie: string, ready: (snapshot: CustomerLiveSnapshot) => boolean) {
  let snapshot: CustomerLiveSnapshot | undefined;
  await eventually(async () => ready((snapshot = await snapshotOf(cookie))), 10_000);
  return snapshot as CustomerLiveSnapshot;
}

async function streamOf(cookie: string) {
  const client = await openSse(`${base}/api/customer/live/stream`, { cookie });
  clients.push(client);
  return client;
}

const snapshotsOf = (client: SseClient) =>
  client.messages.filter((m) => m.event === "live").map((m) => JSON.parse(m.data) as CustomerLiveSnapshot);

const claimOn = (snapshot: CustomerLiveSnapshot | undefined, piece: ProductRow) =>
  snapshot?.claims.find((claim) => claim.productId === piece.id);

/** Waits for a stream's snapshot where `ready` holds, and returns it. */
async function streamed(
  client: SseClient,
  ready: (snapshot: CustomerLiveSnapshot) => boolean,
  timeoutMs = 5_000,
) {
  await client.waitFor(() => snapshotsOf(client).some(ready), timeoutMs);
  return snapshotsOf(client).find(ready) as CustomerLiveSnapshot;
}

describe("the customer's live snapshot", () => {
  it("shows each of their claims in their words, waitlist positions computed, and their orders", async () => {
    const live = await automaticLive();
    const [robe, jupe, pull] = [
      await pieceOf(live),
      await pieceOf(live, "Jupe plissée"),
      await pieceOf(live),
    ];
    const me = await customer();
    const [first, third] = [newHandle(), newHandle()];
    await comment(
      live,
      [first, `je prends le ${robe.ref}`],
      [me.handle, `je prends le ${robe.ref}`],
      [third, `je prends le ${robe.ref}`],
      [me.handle, `je prends le ${jupe.ref} en M`],
      [me.handle, `je prends le ${pull.ref}`],
    );
    await snapshotWhen(me.cookie, (s) => claimOn(s, pull)?.state === "reserved");
    await comment(live, [me.handle, `finalement je passe le ${pull.ref}`]);
    const snapshot = await snapshotWhen(me.cookie, (s) => claimOn(s, pull)?.state === "released");

    expect(snapshot.live).toMatchObject({ id: live.id, title: live.title, isActive: true });
    expect(snapshot.claimsHidden).toBe(false);
    expect(snapshot.handleProofNeeded).toBe(false);
    expect(Math.abs(Date.parse(snapshot.serverNow) - Date.now())).toBeLessThan(5_000);
    // Running claims first (newest first), the one given up after; and only theirs: the viewers
    // before and after them on the robe are not there.
    expect(snapshot.claims.map((claim) => claim.productId)).toEqual([jupe.id, robe.id, pull.id]);
    expect(claimOn(snapshot, robe)).toMatchObject({
      state: "waitlisted",
      waitlistPosition: 1,
      heldUntil: null,
      orderId: null,
      ref: robe.ref,
      productName: "Robe fleurie",
      priceCents: 990,
    });
    const reserved = claimOn(snapshot, jupe);
    expect(reserved).toMatchObject({
      state: "reserved",
      waitlistPosition: null,
      sizeRead: "M",
      colorRead: null,
    });
    expect(Date.parse(reserved?.heldUntil ?? "")).toBeGreaterThan(Date.now());
    expect(snapshot.orders).toEqual([
      expect.objectContaining({
        id: reserved?.orderId,
        status: "to-validate",
        orderNumber: expect.any(String),
      }),
    ]);

    // The piece and the shipping.
    expect(snapshot.orders[0]?.totalAmountCents).toBeGreaterThan(990);
    await t.db
      .update(orders)
      .set({ status: "paid", paymentDate: new Date() })
      .where(eq(orders.id, reserved?.orderId ?? ""));
    const paid = await snapshotOf(me.cookie);
    expect(claimOn(paid, jupe)).toMatchObject({ state: "paid", heldUntil: null });
  });

  it("lists an active hold before a newer one that expired", async () => {
    const live = await automaticLive(3600);
    const [robe, jupe] = [await pieceOf(live), await pieceOf(live, "Jupe plissée")];
    const me = await customer();
    await comment(live, [me.handle, `je prends le ${jupe.ref}`]);
    await snapshotWhen(me.cookie, (s) => claimOn(s, jupe)?.state === "reserved");
    const shortHold = await t.app.inject({
      method: "PUT",
      url: `/api/admin/lives/${live.id}/claims/settings`,
      headers: { cookie: adminCookie },
      payload: { mode: "automatique", holdSeconds: 1 },
    });
    expect(shortHold.statusCode, shortHold.body).toBe(200);
    await comment(live, [me.handle, `je prends le ${robe.ref}`]);
    const snapshot = await snapshotWhen(me.cookie, (s) => claimOn(s, robe)?.state === "expired");
    expect(snapshot.claims.map((claim) => [claim.productId, claim.state])).toEqual([
      [jupe.id, "reserved"],
      [robe.id, "expired"],
    ]);
  });

  it("counts a waitlist position from the claims ahead, and gives none to a claimer who is not waiting", async () => {
    const live = await automaticLive();
    const robe = await pieceOf(live);
    const me = await customer();
    const [holder, second] = [newHandle(), newHandle()];
    await comment(
      live,
      [holder, `je prends le ${robe.ref}`],
      [second, `je prends le ${robe.ref}`],
      [me.handle, `je prends le ${robe.ref}`],
    );
    const snapshot = await snapshotWhen(me.cookie, (s) => claimOn(s, robe) !== undefined);
    expect(claimOn(snapshot, robe)).toMatchObject({ state: "waitlisted", waitlistPosition: 2 });
    expect(snapshot.claims).toHaveLength(1);
  });

  it("shows the last live that ran when none is active, and no live before the first", async () => {
    const me = await customer();
    const live = await automaticLive();
    const robe = await pieceOf(live);
    await comment(live, [me.handle, `je prends le ${robe.ref}`]);
    await snapshotWhen(me.cookie, (s) => claimOn(s, robe)?.state === "reserved");
    await t.db.update(lives).set({ isActive: false }).where(eq(lives.id, live.id));
    // A live planned for later has not run: the page still shows the last one.
    await insertLive(t.db, { liveDate: new Date(Date.now() + 86_400_000) });
    const after = await snapshotOf(me.cookie);
    expect(after.live).toMatchObject({ id: live.id, isActive: false });
    expect(claimOn(after, robe)).toMatchObject({ state: "reserved" });
  });

  it("refuses a signed-out visitor, the snapshot and the stream alike", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/customer/live" });
    expect(response.statusCode).toBe(401);
    const stream = await fetch(`${base}/api/customer/live/stream`);
    expect(stream.status).toBe(401);
    await stream.body?.cancel();
  });

  it("hides the claims of a customer without a handle", async () => {
    const row = await insertCustomer(t.db, { tiktokUsername: null });
    const cookie = await signInByLink(t, row.email ?? "");
    await automaticLive();
    const snapshot = await snapshotOf(cookie);
    expect(snapshot).toMatchObject({ claimsHidden: true, claims: [], orders: [], handleProofNeeded: false });
  });
});

describe("with VERIFIED_HANDLES_ONLY", () => {
  it("shows an unproven handle its claims and orders, says the handle is to be proven, and no more once it is", async () => {
    const strict = await createTestApp({ env: { VERIFIED_HANDLES_ONLY: "true" } });
    try {
      const admin = await signInAsAdmin(strict);
      await strict.db.update(lives).set({ isActive: false }).where(eq(lives.isActive, true));
      const live = await insertLive(strict.db, { isActive: true });
      await strict.app.inject({
        method: "PUT",
        url: `/api/admin/lives/${live.id}/claims/settings`,
        headers: { cookie: admin },
        payload: { mode: "automatique", holdSeconds: null },
      });
      const robe = await insertProduct(strict.db, { liveId: live.id, colorId: null });
      const handle = newHandle();
      const row = await insertCustomer(strict.db, { tiktokUsername: handle });
      const cookie = await signInByLink(strict, row.email ?? "");
      await postEvents(strict.app, live.ref, [
        chatEvent({ uniqueId: handle, comment: `je prends le ${robe.ref}` }),
      ]);
      const read = async () =>
        (
          await strict.app.inject({ method: "GET", url: "/api/customer/live", headers: { cookie } })
        ).json<CustomerLiveSnapshot>();
      await eventually(async () => {
        const { rows } = await strict.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM live_claims WHERE handle = ${handle} AND state = 'in-order'`,
        );
        return rows[0]?.n === 1;
      }, 10_000);
      // Theirs to see and pay before the proof: only changes wait for it.
      const unproven = await read();
      expect(unproven).toMatchObject({ claimsHidden: false, handleProofNeeded: true, live: { id: live.id } });
      expect(unproven.claims).toEqual([expect.objectContaining({ productId: robe.id, state: "reserved" })]);
      expect(unproven.orders).toHaveLength(1);

      await strict.db.update(users).set({ handleVerifiedAt: new Date() }).where(eq(users.id, row.id));
      const proven = await read();
      expect(proven).toMatchObject({ claimsHidden: false, handleProofNeeded: false });
      expect(proven.claims).toEqual(unproven.claims);
    } finally {
      await strict.close();
    }
  });
});

describe("the customer's live stream", () => {
  it("sends the snapshot first, then a claim within a second of its comment", async () => {
    const live = await automaticLive();
    const robe = await pieceOf(live);
    const me = await customer();
    const client = await streamOf(me.cookie);
    const [first] = await client.waitFor((messages) => messages.some((m) => m.event === "live"));
    expect(JSON.parse(first?.data ?? "{}")).toMatchObject({ live: { id: live.id }, claims: [] });

    const sentAt = performance.now();
    await comment(live, [me.handle, `je prends le ${robe.ref}`]);
    const snapshot = await streamed(client, (s) => claimOn(s, robe)?.state === "reserved", 1_000);
    const latencyMs = performance.now() - sentAt;
    expect(latencyMs).toBeLessThan(1_000);
    expect(snapshot.orders).toHaveLength(1);
  });

  it("follows the customer to another active live once they claim a piece there", async () => {
    const earlier = await automaticLive();
    await t.db
      .update(lives)
      .set({ liveDate: new Date(Date.now() - 3_600_000) })
      .where(eq(lives.id, earlier.id));
    const later = await automaticLive();
    const robe = await pieceOf(earlier);
    const me = await customer();
    const client = await streamOf(me.cookie);
    await streamed(client, (s) => s.live?.id === later.id);

    await comment(earlier, [me.handle, `je prends le ${robe.ref}`]);
    const moved = await streamed(client, (s) => s.live?.id === earlier.id);
    expect(claimOn(moved, robe)).toMatchObject({ state: "reserved" });
  });

  it("sends the new waitlist position when the claim ahead is un-claimed, though their own claim did not change", async () => {
    const live = await automaticLive();
    const robe = await pieceOf(live);
    const me = await customer();
    const [holder, ahead] = [newHandle(), newHandle()];
    await comment(
      live,
      [holder, `je prends le ${robe.ref}`],
      [ahead, `je prends le ${robe.ref}`],
      [me.handle, `je prends le ${robe.ref}`],
    );
    await snapshotWhen(me.cookie, (s) => claimOn(s, robe)?.waitlistPosition === 2);
    const client = await streamOf(me.cookie);
    await streamed(client, (s) => claimOn(s, robe)?.waitlistPosition === 2);

    await comment(live, [ahead, `finalement je passe le ${robe.ref}`]);
    const moved = await streamed(client, (s) => claimOn(s, robe)?.waitlistPosition === 1);
    expect(claimOn(moved, robe)).toMatchObject({ state: "waitlisted" });
    // Nothing of the viewer who left: only their own claim, ever.
    expect(snapshotsOf(client).every((s) => s.claims.every((claim) => claim.productId === robe.id))).toBe(
      true,
    );
    expect(snapshotsOf(client).every((s) => s.claims.length === 1)).toBe(true);
  });

  it("sends the expiry of a short hold", async () => {
    const live = await automaticLive(1);
    const robe = await pieceOf(live);
    const me = await customer();
    const client = await streamOf(me.cookie);
    await comment(live, [me.handle, `je prends le ${robe.ref}`]);
    const reserved = await streamed(client, (s) => claimOn(s, robe)?.state === "reserved");
    expect(claimOn(reserved, robe)?.heldUntil).not.toBeNull();
    const expired = await streamed(client, (s) => claimOn(s, robe)?.state === "expired", 15_000);
    expect(claimOn(expired, robe)).toMatchObject({ heldUntil: null });
  });

  it("sends nothing to another customer's stream for changes that are not theirs", async () => {
    const live = await automaticLive();
    const [robe, jupe, pull] = [await pieceOf(live), await pieceOf(live), await pieceOf(live)];
    const [me, other] = [await customer(), await customer()];
    await comment(live, [me.handle, `je prends le ${robe.ref}`]);
    await snapshotWhen(me.cookie, (s) => claimOn(s, robe)?.state === "reserved");
    const mine = await streamOf(me.cookie);
    await streamed(mine, (s) => s.claims.length === 1);

    // Another customer's claims, on other pieces, then one change of theirs: the last one told.
    await comment(live, [other.handle, `je prends le ${jupe.ref}`]);
    await snapshotWhen(other.cookie, (s) => claimOn(s, jupe)?.state === "reserved");
    await comment(live, [other.handle, `finalement je passe le ${jupe.ref}`]);
    await snapshotWhen(other.cookie, (s) => claimOn(s, jupe)?.state === "released");
    await comment(live, [me.handle, `je prends le ${pull.ref}`]);
    await streamed(mine, (s) => claimOn(s, pull) !== undefined);

    const sent = snapshotsOf(mine);
    expect(sent.map((s) => s.claims.map((claim) => claim.productId).sort())).toEqual([
      [robe.id],
      [robe.id, pull.id].sort(),
    ]);
    expect(JSON.stringify(mine.messages)).not.toContain(other.handle);
    expect(JSON.stringify(mine.messages)).not.toContain(jupe.id);
  });

  it("sends their order again when staff change it without a claim changing", async () => {
    const live = await automaticLive();
    const robe = await pieceOf(live);
    const me = await customer();
    await comment(live, [me.handle, `je prends le ${robe.ref}`]);
    const before = await snapshotWhen(me.cookie, (s) => s.orders.length === 1);
    const orderId = before.orders[0]?.id ?? "";
    const client = await streamOf(me.cookie);
    await streamed(client, (s) => s.orders[0]?.status === "to-validate");

    await t.db.update(orders).set({ status: "to-pay" }).where(eq(orders.id, orderId));
    await t.app.liveHub.publishOrdersChanged({ liveId: live.id, orderId });
    await streamed(client, (s) => s.orders[0]?.status === "to-pay");
  });

  it("sends the last live's result when the live ends", async () => {
    const live = await automaticLive();
    const robe = await pieceOf(live);
    const me = await customer();
    await comment(live, [me.handle, `je prends le ${robe.ref}`]);
    await snapshotWhen(me.cookie, (s) => claimOn(s, robe)?.state === "reserved");
    const client = await streamOf(me.cookie);
    await streamed(client, (s) => s.live?.isActive === true);

    await t.db.update(lives).set({ isActive: false }).where(eq(lives.id, live.id));
    const ended = await streamed(client, (s) => s.live?.isActive === false, 10_000);
    expect(ended.live?.id).toBe(live.id);
    expect(claimOn(ended, robe)).toMatchObject({ state: "reserved" });
  });

  it("ends with the session: a signed-out customer's stream closes", async () => {
    await automaticLive();
    const me = await customer();
    const client = await streamOf(me.cookie);
    await client.waitFor((messages) => messages.some((m) => m.event === "live"));
    const signOut = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: me.cookie },
    });
    expect(signOut.statusCode, signOut.body).toBeLessThan(300);
    // A live starting is news for every stream: this one's session is gone, so it ends instead.
    await automaticLive();
    await expect(client.ended).resolves.toBe(true);
    expect(snapshotsOf(client)).toHaveLength(1);
  });
});
