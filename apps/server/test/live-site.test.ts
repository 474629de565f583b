import {
  COMMENT_TEST_SECONDS,
  liveSellingMessages,
  liveSiteMessages,
  SITE_CLAIM_EVENT_TYPE,
  type CommentTest,
  type CustomerLiveSnapshot,
  type LiveClaimsSnapshot,
  type LiveSidebarPieces,
  type SiteClaimAudience,
} from "@vitrine/domain";
import { and, eq, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { auditEvents, lives, products, tiktokEvents, users } from "../src/db/schema";
import { exportLiveEvents, parseLiveEvents, replayLiveEvents } from "../src/modules/live-claims";
import { signInAsAdmin, signInByLink } from "./support/actors";
import { eventually } from "./support/eventually";
import {
  insertCustomer,
  insertLive,
  insertProduct,
  type LiveRow,
  type ProductRow,
} from "./support/factories";
import { withDatabase } from "./support/global-setup";
import { postComments } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

// The server's clock, moved forward by the tests that pass a comment test's wait.
let clockOffset = 0;
let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp({ clock: () => Date.now() + clockOffset });
  adminCookie = await signInAsAdmin(t);
});
afterAll(async () => t.close());
// The customer's page shows the active live: each test has its own, the only one active.
beforeEach(async () => {
  clockOffset = 0;
  await t.db.update(lives).set({ isActive: false }).where(eq(lives.isActive, true));
});

const suffix = randomBytes(2).toString("hex");
let handles = 0;
const newHandle = () => `s${++handles}_${suffix}`;

async function customer(handle: string | null = newHandle()) {
  const row = await insertCustomer(t.db, { tiktokUsername: handle });
  return { handle: handle ?? "", row, cookie: await signInByLink(t, row.email ?? "") };
}
type Customer = Awaited<ReturnType<typeof customer>>;

/** An active live in automatic mode, with who has 'Je le prends' set through the lives API. */
async function liveWith(siteClaims: SiteClaimAudience): Promise<LiveRow> {
  const live = await insertLive(t.db, { isActive: true });
  const settings = await t.app.inject({
    method: "PUT",
    url: `/api/admin/lives/${live.id}/claims/settings`,
    headers: { cookie: adminCookie },
    payload: { mode: "automatique", holdSeconds: null },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const updated = await t.app.inject({
    method: "PUT",
    url: `/api/admin/lives/${live.id}`,
    headers: { cookie: adminCookie },
    payload: { title: live.title, ref: live.ref, isActive: true, siteClaims },
  });
  expect(updated.statusCode, updated.body).toBe(200);
  expect(updated.json<{ live: { siteClaims: string } }>().live.siteClaims).toBe(siteClaims);
  return live;
}

const pieceOf = (live: LiveRow, name = "Robe fleurie") =>
  insertProduct(t.db, { liveId: live.id, colorId: null, name, priceCents: 1290 });

const show = (live: LiveRow, piece: ProductRow) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/live-sidebar/shown",
    headers: { cookie: adminCookie },
    payload: { liveId: live.id, productId: piece.id },
  });

async function shown(live: LiveRow, piece: ProductRow) {
  const response = await show(live, piece);
  expect(response.statusCode, response.body).toBe(200);
}

const takeFromSite = (who: Customer, piece: ProductRow) =>
  t.app.inject({
    method: "POST",
    url: "/api/customer/live/claims",
    headers: { cookie: who.cookie },
    payload: { productId: piece.id },
  });

async function snapshotOf(cookie: string): Promise<CustomerLiveSnapshot> {
  const response = await t.app.inject({ method: "GET", url: "/api/customer/live", headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CustomerLiveSnapshot>();
}

async function claimsOf(live: LiveRow) {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/admin/lives/${live.id}/claims`,
    headers: { cookie: adminCookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LiveClaimsSnapshot>().claims;
}

async function claimsWhen(live: LiveRow, count: number) {
  let claims = await claimsOf(live);
  await eventually(async () => (claims = await claimsOf(live)).length >= count, 10_000);
  return claims;
}

async function startTest(who: Customer) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/customer/live/comment-test",
    headers: { cookie: who.cookie },
  });
  return response;
}

async function testOf(who: Customer): Promise<CommentTest | null> {
  const response = await t.app.inject({
    method: "GET",
    url: "/api/customer/live/comment-test",
    headers: { cookie: who.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ test: CommentTest | null }>().test;
}

async function unheardOf(live: LiveRow): Promise<string[]> {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/admin/live-sidebar/unheard?liveId=${live.id}`,
    headers: { cookie: adminCookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ handles: string[] }>().handles;
}

/** A customer whose comment test ran out: their comments do not arrive. */
async function unheardCustomer() {
  const who = await customer();
  expect((await startTest(who)).statusCode).toBe(201);
  clockOffset += (COMMENT_TEST_SECONDS + 1) * 1000;
  expect((await testOf(who))?.result).toBe("unseen");
  return who;
}

const siteEventsOf = async (live: LiveRow) =>
  t.db
    .select({ id: tiktokEvents.id })
    .from(tiktokEvents)
    .where(and(eq(tiktokEvents.liveId, live.id), eq(tiktokEvents.eventType, "site-claim")));

describe("the piece on show", () => {
  it("is stored per live with who and when, audited, and shown on the customer's page", async () => {
    const live = await liveWith("nobody");
    const [robe, jupe] = [await pieceOf(live), await pieceOf(live, "Jupe plissée")];
    const me = await customer();
    expect((await snapshotOf(me.cookie)).shownPiece).toBeNull();

    await shown(live, robe);
    const pieces = await t.app.inject({
      method: "GET",
      url: `/api/admin/live-sidebar/pieces?liveId=${live.id}`,
      headers: { cookie: adminCookie },
    });
    const read = pieces.json<LiveSidebarPieces>();
    expect(read.pieces.map((piece) => piece.ref)).toEqual([robe.ref, jupe.ref]);
    expect(read.shown).toMatchObject({ productId: robe.id, ref: robe.ref, name: "Robe fleurie" });
    expect((await snapshotOf(me.cookie)).shownPiece).toEqual({
      productId: robe.id,
      ref: robe.ref,
      name: "Robe fleurie",
      priceCents: 1290,
    });

    // The next one replaces it.
    await shown(live, jupe);
    expect((await snapshotOf(me.cookie)).shownPiece?.productId).toBe(jupe.id);
    const [row] = await t.db.select().from(lives).where(eq(lives.id, live.id));
    expect(row?.shownProductId).toBe(jupe.id);
    expect(row?.shownAt).toBeInstanceOf(Date);
    expect(row?.shownByUserId).not.toBeNull();
    const audited = await t.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "live-piece-shown"),
          sql`${auditEvents.details} ->> 'liveId' = ${live.id}`,
        ),
      );
    expect(audited.map((event) => event.details.ref)).toEqual(expect.arrayContaining([robe.ref, jupe.ref]));
  });

  it("refuses in French a piece of another live and a live that is not active, changing nothing", async () => {
    const live = await liveWith("nobody");
    const other = await insertLive(t.db, { isActive: false });
    const mine = await pieceOf(live);
    const theirs = await pieceOf(other);
    await shown(live, mine);

    const wrongLive = await show(live, theirs);
    expect(wrongLive.statusCode).toBe(404);
    expect(wrongLive.json()).toMatchObject({ message: liveSiteMessages.pieceNotOfLive });
    const inactive = await show(other, theirs);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json()).toMatchObject({ message: liveSellingMessages.liveNotActive });

    const rows = await t.db.select().from(lives).where(eq(lives.id, live.id));
    expect(rows[0]?.shownProductId).toBe(mine.id);
    const otherRows = await t.db.select().from(lives).where(eq(lives.id, other.id));
    expect(otherRows[0]?.shownProductId).toBeNull();
  });
});

describe("claiming from the site", () => {
  it("ranks a site claim before a later comment claim of the same piece, marked 'via le site'", async () => {
    const live = await liveWith("signed-in");
    const robe = await pieceOf(live);
    await shown(live, robe);
    const me = await customer();
    const viewer = newHandle();

    const taken = await takeFromSite(me, robe);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json()).toEqual({ ref: robe.ref });
    // Decided in the transaction that stored it, as a comment's claim is: there on the answer.
    expect((await claimsOf(live)).map((claim) => [claim.handle, claim.state])).toEqual([
      [me.handle, "in-order"],
    ]);
    await postComments(t.app, live.ref, [[viewer, `je prends le ${robe.ref}`]]);

    const claims = await claimsWhen(live, 2);
    const mine = claims.find((claim) => claim.handle === me.handle);
    const theirs = claims.find((claim) => claim.handle === viewer);
    expect(mine).toMatchObject({ state: "in-order", viaSite: true, comment: liveSiteMessages.take });
    expect(theirs).toMatchObject({ state: "waitlisted", viaSite: false });
    expect(mine?.seq).toBeLessThan(theirs?.seq ?? 0);
    const snapshot = await snapshotOf(me.cookie);
    expect(snapshot.claims[0]).toMatchObject({ productId: robe.id, state: "reserved" });
  });

  it("ranks a comment claim before a later site claim of the same piece", async () => {
    const live = await liveWith("signed-in");
    const robe = await pieceOf(live);
    await shown(live, robe);
    const me = await customer();
    const viewer = newHandle();

    await postComments(t.app, live.ref, [[viewer, `je prends le ${robe.ref}`]]);
    await claimsWhen(live, 1);
    expect((await takeFromSite(me, robe)).statusCode).toBe(201);

    const claims = await claimsWhen(live, 2);
    expect(claims.find((claim) => claim.handle === viewer)).toMatchObject({
      state: "in-order",
      viaSite: false,
    });
    expect(claims.find((claim) => claim.handle === me.handle)).toMatchObject({
      state: "waitlisted",
      viaSite: true,
      waitlistPosition: 1,
    });
  });

  it("follows the live's setting: nobody, customers whose comments do not arrive, every signed-in customer", async () => {
    const nobody = await liveWith("nobody");
    const robe = await pieceOf(nobody);
    await shown(nobody, robe);
    const heard = await customer();
    const refused = await takeFromSite(heard, robe);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: liveSiteMessages.notOffered });
    expect((await snapshotOf(heard.cookie)).siteClaimOffered).toBe(false);
    // Even a customer whose comments do not arrive: nobody means nobody.
    const deaf = await unheardCustomer();
    expect((await takeFromSite(deaf, robe)).statusCode).toBe(403);
    expect(await siteEventsOf(nobody)).toHaveLength(0);

    const unheard = await liveWith("unheard");
    const jupe = await pieceOf(unheard);
    await shown(unheard, jupe);
    const untested = await customer();
    expect((await takeFromSite(untested, jupe)).statusCode).toBe(403);
    expect((await snapshotOf(untested.cookie)).siteClaimOffered).toBe(false);
    const unheardOne = await unheardCustomer();
    expect((await snapshotOf(unheardOne.cookie)).siteClaimOffered).toBe(true);
    expect((await takeFromSite(unheardOne, jupe)).statusCode).toBe(201);
    expect(await siteEventsOf(unheard)).toHaveLength(1);

    const everyone = await liveWith("signed-in");
    const pull = await pieceOf(everyone);
    await shown(everyone, pull);
    const anyone = await customer();
    expect((await snapshotOf(anyone.cookie)).siteClaimOffered).toBe(true);
    expect((await takeFromSite(anyone, pull)).statusCode).toBe(201);
  });

  it("takes one claim per customer and piece, and refuses in French an ended live or a piece gone", async () => {
    const live = await liveWith("signed-in");
    const [robe, jupe, pull] = [await pieceOf(live), await pieceOf(live), await pieceOf(live)];
    await shown(live, robe);
    const me = await customer();
    expect((await takeFromSite(me, robe)).statusCode).toBe(201);
    const again = await takeFromSite(me, robe);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: liveSiteMessages.alreadyAsked });
    const [claim] = await claimsWhen(live, 1);
    // Released by staff, asked again: still one per customer and piece.
    const released = await t.app.inject({
      method: "POST",
      url: `/api/admin/lives/${live.id}/claims/${claim?.id}/release`,
      headers: { cookie: adminCookie },
    });
    expect(released.statusCode, released.body).toBe(200);
    const afterRelease = await takeFromSite(me, robe);
    expect(afterRelease.statusCode).toBe(409);
    expect(afterRelease.json()).toMatchObject({ message: liveSiteMessages.alreadyAsked });
    expect(await siteEventsOf(live)).toHaveLength(1);

    // Not the piece on show.
    const notShown = await takeFromSite(me, jupe);
    expect(notShown.statusCode).toBe(409);
    expect(notShown.json()).toMatchObject({ message: liveSiteMessages.pieceNotShown });

    // A piece gone: deleted from the live.
    await shown(live, pull);
    await t.db.delete(products).where(eq(products.id, pull.id));
    const gone = await takeFromSite(me, pull);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: liveSiteMessages.pieceGone });

    // The live is over.
    await shown(live, jupe);
    await t.db.update(lives).set({ isActive: false }).where(eq(lives.id, live.id));
    const over = await takeFromSite(me, jupe);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ message: liveSiteMessages.liveOver });

    // A customer without a handle has nothing to claim with.
    await t.db.update(lives).set({ isActive: true }).where(eq(lives.id, live.id));
    const anonymous = await customer(null);
    const noHandle = await takeFromSite(anonymous, jupe);
    expect(noHandle.statusCode).toBe(409);
    expect(noHandle.json()).toMatchObject({ message: liveSiteMessages.noHandle });
    expect(await siteEventsOf(live)).toHaveLength(1);
  });
});

/** A live's claims in receive order: who, which piece, where they stand, and whether from the site. */
async function claimRows(databaseUrl: string, liveRef: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ handle: string; ref: number; state: string; via_site: boolean }>(
      `SELECT c.handle, p.ref, c.state, e.event_type = $2 AS via_site
         FROM live_claims c JOIN lives l ON l.id = c.live_id JOIN products p ON p.id = c.product_id
         JOIN tiktok_events e ON e.id = c.event_id
        WHERE l.ref = $1 ORDER BY c.seq`,
      [liveRef, SITE_CLAIM_EVENT_TYPE],
    );
    return rows;
  } finally {
    await client.end();
  }
}

describe("a live's events with claims made from the site", () => {
  it("are exported in receive order with their piece, and a replay makes the same decisions", async () => {
    const live = await liveWith("signed-in");
    const robe = await pieceOf(live);
    await shown(live, robe);
    const me = await customer();
    const [before, after] = [newHandle(), newHandle()];
    await postComments(t.app, live.ref, [[before, `je prends le ${robe.ref}`]]);
    await claimsWhen(live, 1);
    expect((await takeFromSite(me, robe)).statusCode).toBe(201);
    await postComments(t.app, live.ref, [[after, `je prends le ${robe.ref}`]]);
    await claimsWhen(live, 3);

    const lines = await exportLiveEvents(t.db.$client, live.ref, {
      holdSeconds: t.config.claimHoldSeconds,
      doubtSeconds: t.config.claimDoubtSeconds,
      unpaidHoldsLimit: t.config.unpaidHoldsLimit,
    });
    const comments = (lines ?? []).filter((line) => line.kind === "comment");
    expect(comments.map((line) => [line.type, line.uniqueId, line.ref])).toEqual([
      ["chat", before, undefined],
      [SITE_CLAIM_EVENT_TYPE, me.handle, robe.ref],
      ["chat", after, undefined],
    ]);
    const file = (lines ?? []).map((line) => `${JSON.stringify(line)}\n`).join("");

    const admin = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
    await admin.connect();
    const name = `vitrine_t_${randomBytes(6).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("templateDatabase")}`);
    await admin.end();
    const replayUrl = withDatabase(inject("adminDatabaseUrl"), name);
    const result = await replayLiveEvents(replayUrl, parseLiveEvents(file));
    expect(result.refused).toEqual([]);
    const original = await claimRows(t.databaseUrl, live.ref);
    expect(original.map((row) => [row.handle, row.state, row.via_site])).toEqual([
      [before, "in-order", false],
      [me.handle, "waitlisted", true],
      [after, "waitlisted", false],
    ]);
    expect(await claimRows(replayUrl, result.liveRef)).toEqual(original);
  });
});

describe("testing one's comments", () => {
  it("says the comments arrive when the code is seen within the wait, and proves the handle", async () => {
    const live = await liveWith("unheard");
    const me = await customer();
    const started = await startTest(me);
    expect(started.statusCode, started.body).toBe(201);
    const test = started.json<{ test: CommentTest }>().test;
    expect(test.result).toBe("waiting");
    const [user] = await t.db.select().from(users).where(eq(users.id, me.row.id));
    expect(test.code).toBe(user?.handleProofCode);
    expect(user?.handleVerifiedAt).toBeNull();

    // Another handle writing the code proves nothing.
    await postComments(t.app, live.ref, [[newHandle(), `test ${test.code}`]]);
    clockOffset += 10_000;
    await postComments(t.app, live.ref, [[me.handle, `coucou ${test.code}`]]);
    await eventually(async () => (await testOf(me))?.result === "seen", 10_000);
    // Past the wait, it stays seen.
    clockOffset += (COMMENT_TEST_SECONDS + 1) * 1000;
    expect((await testOf(me))?.result).toBe("seen");
    const [proven] = await t.db.select().from(users).where(eq(users.id, me.row.id));
    expect(proven?.handleVerifiedAt).not.toBeNull();
    expect(await unheardOf(live)).not.toContain(me.handle);
    expect((await snapshotOf(me.cookie)).siteClaimOffered).toBe(false);
  });

  it("says the comments do not arrive when the code is not seen within the wait, and staff see the handle", async () => {
    const live = await liveWith("unheard");
    const me = await customer();
    expect((await startTest(me)).statusCode).toBe(201);
    clockOffset += (COMMENT_TEST_SECONDS - 1) * 1000;
    expect((await testOf(me))?.result).toBe("waiting");
    expect(await unheardOf(live)).not.toContain(me.handle);
    clockOffset += 2_000;
    expect((await testOf(me))?.result).toBe("unseen");
    expect(await unheardOf(live)).toEqual([me.handle]);

    // A new test starts the wait again.
    expect((await startTest(me)).statusCode).toBe(201);
    expect((await testOf(me))?.result).toBe("waiting");
    expect(await unheardOf(live)).toEqual([]);
  });

  it("refuses in French without an active live or without a handle", async () => {
    const me = await customer();
    const noLive = await startTest(me);
    expect(noLive.statusCode).toBe(409);
    expect(noLive.json()).toMatchObject({ message: liveSiteMessages.noActiveLive });
    await liveWith("unheard");
    const anonymous = await customer(null);
    const noHandle = await startTest(anonymous);
    expect(noHandle.statusCode).toBe(409);
    expect(noHandle.json()).toMatchObject({ message: liveSiteMessages.noHandle });
    expect(await testOf(anonymous)).toBeNull();
  });
});
