import type { CustomerLiveSnapshot } from "@vitrine/domain";
import { eq, inArray } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { liveClaims, lives } from "../src/db/schema";
import type * as customerLiveQueries from "../src/modules/customer-live/queries";
import { signInAsAdmin, signInByLink } from "./support/actors";
import { insertCustomer, insertLive, insertProduct, type LiveRow } from "./support/factories";
import { openSse, postComments, type SseClient } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

/** Snapshot reads per customer: every read of the module goes through readCustomerLive. */
const snapshotReads = vi.hoisted(() => new Map<string, number>());
vi.mock("../src/modules/customer-live/queries", async (importOriginal) => {
  const queries = await importOriginal<typeof customerLiveQueries>();
  return {
    ...queries,
    readCustomerLive: (...args: Parameters<typeof queries.readCustomerLive>) => {
      const [, userId] = args;
      snapshotReads.set(userId, (snapshotReads.get(userId) ?? 0) + 1);
      return queries.readCustomerLive(...args);
    },
  };
});

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

/** A customer with an account and a handle, signed in. */
async function customer() {
  const handle = `s${++handles}_${suffix}`;
  const row = await insertCustomer(t.db, { tiktokUsername: handle });
  return { handle, id: row.id, cookie: await signInByLink(t, row.email ?? "") };
}

async function automaticLive(): Promise<LiveRow> {
  const live = await insertLive(t.db, { isActive: true });
  const response = await t.app.inject({
    method: "PUT",
    url: `/api/admin/lives/${live.id}/claims/settings`,
    headers: { cookie: adminCookie },
    payload: { mode: "automatique", holdSeconds: null },
  });
  expect(response.statusCode, response.body).toBe(200);
  return live;
}

const snapshotsOf = (client: SseClient) =>
  client.messages.filter((m) => m.event === "live").map((m) => JSON.parse(m.data) as CustomerLiveSnapshot);

/** A stream of the customer's, once its first snapshot (where `ready` holds) has come. */
async function streamOf(cookie: string, ready: (snapshot: CustomerLiveSnapshot) => boolean = () => true) {
  const client = await openSse(`${base}/api/customer/live/stream`, { cookie });
  clients.push(client);
  await client.waitFor(() => snapshotsOf(client).some(ready), 5_000);
  return client;
}

/** Resolves true once the server ended the stream, false if it is still open after `ms`. */
const endedWithin = (client: SseClient, ms: number) =>
  Promise.race([client.ended, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

/** A piece of `live` claimed by each customer (one each), reserved for them. */
async function claimedPieces(live: LiveRow, ...buyers: { handle: string }[]) {
  const pieces = [];
  for (const buyer of buyers) {
    const piece = await insertProduct(t.db, { liveId: live.id, colorId: null, priceCents: 990 });
    await postComments(t.app, live.ref, [[buyer.handle, `je prends le ${piece.ref}`]]);
    pieces.push(piece);
  }
  return pieces;
}

/** The size read on each buyer's claims becomes `size`, then one claims change is told. */
async function changeSizesRead(live: LiveRow, buyers: { handle: string }[], size: string) {
  await t.db
    .update(liveClaims)
    .set({ sizeRead: size })
    .where(
      inArray(
        liveClaims.handle,
        buyers.map((buyer) => buyer.handle.toLowerCase()),
      ),
    );
  await t.app.liveHub.publishClaimsChanged({ liveId: live.id });
}

/** Resolves once no snapshot was read for 500 ms. */
async function readsSettle() {
  const total = () => [...snapshotReads.values()].reduce((sum, reads) => sum + reads, 0);
  for (let before = -1; before !== total();) {
    before = total();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const sizeShown = (client: SseClient, size: string) =>
  client.waitFor(() => snapshotsOf(client).some((s) => s.claims.some((claim) => claim.sizeRead === size)));

describe("a customer's live streams", () => {
  it("are five at most on an instance: opening a sixth ends their oldest", async () => {
    const live = await automaticLive();
    const [me, other] = [await customer(), await customer()];
    await claimedPieces(live, me, other);
    const hasClaim = (s: CustomerLiveSnapshot) => s.claims.length === 1;
    const others = await streamOf(other.cookie, hasClaim);
    const mine: SseClient[] = [];
    for (let n = 0; n < 5; n++) mine.push(await streamOf(me.cookie, hasClaim));
    expect(await endedWithin(mine[0] as SseClient, 300)).toBe(false);

    const sixth = await streamOf(me.cookie, hasClaim);
    expect(await endedWithin(mine[0] as SseClient, 5_000)).toBe(true);

    // The five others, and the other customer's, still hear of a change.
    await changeSizesRead(live, [me, other], "XL");
    for (const client of [...mine.slice(1), sixth, others]) await sizeShown(client, "XL");
    expect(snapshotsOf(mine[0] as SseClient).some((s) => s.claims[0]?.sizeRead === "XL")).toBe(false);
  });

  it("read one snapshot per customer for a change, however many streams each has open", async () => {
    const live = await automaticLive();
    const [many, one] = [await customer(), await customer()];
    await claimedPieces(live, many, one);
    const hasClaim = (s: CustomerLiveSnapshot) => s.claims.length === 1;
    const manyStreams = [];
    for (let n = 0; n < 3; n++) manyStreams.push(await streamOf(many.cookie, hasClaim));
    const oneStream = await streamOf(one.cookie, hasClaim);

    // The claims' own announcements may still be on their way on a loaded machine: counted from
    // a quiet moment, only the change below is.
    await readsSettle();
    snapshotReads.clear();
    await changeSizesRead(live, [many, one], "S");
    for (const client of [...manyStreams, oneStream]) await sizeShown(client, "S");
    // Any read still to come would follow within the time the ones above took.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Reads are per customer, coalesced: one, or on a loaded machine one in flight and one after
    // it when another word arrives meanwhile; never one per stream (three here).
    expect(snapshotReads.get(many.id)).toBeGreaterThanOrEqual(1);
    expect(snapshotReads.get(many.id)).toBeLessThanOrEqual(2);
    expect(snapshotReads.get(one.id)).toBeGreaterThanOrEqual(1);
    expect(snapshotReads.get(one.id)).toBeLessThanOrEqual(2);
    // Each stream was sent the snapshot once.
    for (const client of manyStreams) {
      expect(snapshotsOf(client).filter((s) => s.claims[0]?.sizeRead === "S")).toHaveLength(1);
    }
  });
});
