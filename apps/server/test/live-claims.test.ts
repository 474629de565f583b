import { liveClaimMessages, type LiveClaimsSnapshot, type LiveClaimView } from "@vitrine/domain";
import { and, eq } from "drizzle-orm";
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, orderItems, orders, users } from "../src/db/schema";
import { claimRules } from "../src/modules/live-claims";
import { setOrderStatus } from "../src/modules/orders";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import type { Caller } from "./support/catalogue-fixtures";
import { eventually } from "./support/eventually";
import { insertLive, insertProduct, orderRowOf, type LiveRow, type ProductRow } from "./support/factories";
import { postComments } from "./support/live-kit";
import { backendPid, waitUntilBlockedBy } from "./support/pg-waits";
import { submitSimulatorCard } from "./support/payment-kit";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
let as: { admin: Caller };
beforeAll(async () => {
  t = await createTestApp({
    env: { PAYMENT_RATE_LIMITS: "formTokenPerCustomer=1000/600,statusCheckPerCustomer=1000/600" },
  });
  kit = apiKitOf(t);
  as = {
    admin: (method, url, payload) =>
      kit.injectAs("admin", {
        method,
        url,
        ...(payload === undefined
          ? {}
          : { payload: JSON.stringify(payload), headers: { "content-type": "application/json" } }),
      }),
  };
});
afterAll(async () => t.close());

const suffix = randomBytes(2).toString("hex");
let handles = 0;
const newHandle = () => `c${++handles}_${suffix}`;

const claimsUrl = (liveId: string) => `/api/admin/lives/${liveId}/claims`;

async function activeLive(
  mode: "manuel" | "automatique",
  holdSeconds: number | null = null,
): Promise<LiveRow> {
  const live = await insertLive(t.db, { isActive: true });
  const response = await as.admin("PUT", `${claimsUrl(live.id)}/settings`, { mode, holdSeconds });
  expect(response.statusCode, response.body).toBe(200);
  return live;
}

const productOf = (live: LiveRow) => insertProduct(t.db, { liveId: live.id, colorId: null });

/** Comments through the real ingestion route, in this order (one batch). */
const comment = (live: LiveRow, ...said: [handle: string, text: string][]) =>
  postComments(t.app, live.ref, said);

async function snapshot(live: LiveRow): Promise<LiveClaimsSnapshot> {
  const response = await as.admin("GET", claimsUrl(live.id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LiveClaimsSnapshot>();
}

/** The live's claims once `ready` holds for them (read through the API, as staff see them). */
async function claimsWhen(live: LiveRow, ready: (claims: LiveClaimView[]) => boolean, timeoutMs = 10_000) {
  let claims: LiveClaimView[] = [];
  await eventually(async () => ready((claims = (await snapshot(live)).claims)), timeoutMs);
  return claims;
}

const claimOf = (claims: LiveClaimView[], handle: string, product: ProductRow) =>
  claims.find((claim) => claim.handle === handle && claim.productId === product.id);

/** The order lines holding the product, with their order's buyer and status. */
async function holders(product: ProductRow) {
  return t.db
    .select({ orderId: orders.id, status: orders.status, handle: users.tiktokUsername })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orderItems.productId, product.id), eq(orderItems.isReleased, false)));
}

describe("claims in automatic mode", () => {
  it("give the piece to the first claimer's to-validate order and waitlist the later ones in receive order", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const [first, second, third] = [newHandle(), newHandle(), newHandle()];
    await comment(live, [first, `je prends le ${robe.ref}`], [second, `${robe.ref} pour moi`]);
    await comment(live, [third, `je veux le ${robe.ref} svp`]);

    const claims = await claimsWhen(live, (all) => all.length === 3);
    expect(claimOf(claims, first, robe)).toMatchObject({ state: "in-order", waitlistPosition: null });
    expect(claimOf(claims, second, robe)).toMatchObject({ state: "waitlisted", waitlistPosition: 1 });
    expect(claimOf(claims, third, robe)).toMatchObject({ state: "waitlisted", waitlistPosition: 2 });
    const held = await holders(robe);
    expect(held).toEqual([expect.objectContaining({ status: "to-validate", handle: first })]);
    expect(claimOf(claims, first, robe)?.orderId).toBe(held[0]?.orderId);
    expect(claimOf(claims, first, robe)?.heldUntil).not.toBeNull();
  });
});

describe("claims in manual mode", () => {
  it("wait as pending until staff give the piece with one call, which is audited", async () => {
    const live = await activeLive("manuel");
    const robe = await productOf(live);
    const [first, second] = [newHandle(), newHandle()];
    await comment(live, [first, `je prends le ${robe.ref}`], [second, `je prends le ${robe.ref}`]);
    const claims = await claimsWhen(live, (all) => all.length === 2);
    const pending = claimOf(claims, first, robe);
    expect(pending).toMatchObject({ state: "pending" });
    expect(claimOf(claims, second, robe)).toMatchObject({ state: "waitlisted", waitlistPosition: 1 });
    expect(await holders(robe)).toEqual([]);

    const given = await as.admin("POST", `${claimsUrl(live.id)}/${pending?.id}/give`);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<{ claim: LiveClaimView }>().claim).toMatchObject({ state: "in-order" });
    expect(await holders(robe)).toEqual([expect.objectContaining({ handle: first, status: "to-validate" })]);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "live-claim-given"));
    expect(audit.map((event) => event.details)).toContainEqual(
      expect.objectContaining({ claimId: pending?.id, liveId: live.id }),
    );
  });
});

const rules = () => claimRules(t.config);

/** A staff action on a claim, through the API. */
const act = (live: LiveRow, claimId: string | undefined, action: string) =>
  as.admin("POST", `${claimsUrl(live.id)}/${claimId}/${action}`);

/** Everything a claims action may change: a refused one leaves it as it was. */
async function footprint() {
  const { rows } = await t.db.$client.query<{ claims: string; lines: string; orders: string; audit: string }>(
    `SELECT (SELECT string_agg(id || ':' || state || ':' || queue_rank || ':' || version, ',' ORDER BY id)
               FROM live_claims) AS claims,
            (SELECT count(*) FROM order_items) AS lines,
            (SELECT count(*) FROM orders) AS orders,
            (SELECT count(*) FROM audit_events WHERE action LIKE 'live-claim-%') AS audit`,
  );
  return rows[0];
}

describe("claims that are not new", () => {
  it("a repeated claim, or a claim of a piece already in the viewer's order, adds nothing", async () => {
    const live = await activeLive("automatique");
    const [robe, jupe] = [await productOf(live), await productOf(live)];
    const [first, second] = [newHandle(), newHandle()];
    const added = await as.admin("POST", "/api/admin/live-sidebar/add", {
      liveId: live.id,
      productId: jupe.id,
      handle: second,
    });
    expect(added.statusCode, added.body).toBe(201);
    await comment(live, [first, `je prends le ${robe.ref}`], [first, `le ${robe.ref} svp`]);
    await comment(live, [second, `je prends le ${jupe.ref}`], [second, `je prends le ${robe.ref}`]);
    const claims = await claimsWhen(live, (all) => all.length === 2);
    await eventually(async () => (await snapshot(live)).counters.comments === 4);
    expect((await snapshot(live)).claims).toHaveLength(2);
    expect(claims.map((claim) => [claim.handle, claim.productId, claim.state])).toEqual([
      [first, robe.id, "in-order"],
      [second, robe.id, "waitlisted"],
    ]);
  });
});

describe("a waitlisted claimer who already has an order in the live", () => {
  it("gets the piece in that same order when it is handed over", async () => {
    const live = await activeLive("automatique");
    const [robe, jupe] = [await productOf(live), await productOf(live)];
    const [first, second] = [newHandle(), newHandle()];
    await comment(live, [first, `je prends le ${robe.ref}`], [second, `je prends le ${jupe.ref}`]);
    await comment(live, [second, `et le ${robe.ref} aussi`]);
    const claims = await claimsWhen(live, (all) => all.length === 3);
    const secondsOrder = claimOf(claims, second, jupe)?.orderId;
    expect(secondsOrder).toBeTruthy();
    expect(claimOf(claims, second, robe)).toMatchObject({ state: "waitlisted", waitlistPosition: 1 });

    const released = await act(live, claimOf(claims, first, robe)?.id, "release");
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json<{ claim: LiveClaimView }>().claim).toMatchObject({
      state: "released",
      releaseReason: "staff",
    });
    const after = (await snapshot(live)).claims;
    expect(claimOf(after, second, robe)).toMatchObject({ state: "in-order", orderId: secondsOrder });
    expect(await holders(robe)).toEqual([{ orderId: secondsOrder, status: "to-validate", handle: second }]);
    const lines = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, secondsOrder ?? ""));
    expect(lines.map((line) => line.productId).sort()).toEqual([robe.id, jupe.id].sort());
  });
});

describe("un-claims", () => {
  it("by the holder: the line leaves the order and the next claimer is served", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const [first, second] = [newHandle(), newHandle()];
    await comment(live, [first, `je prends le ${robe.ref}`], [second, `je prends le ${robe.ref}`]);
    const claims = await claimsWhen(live, (all) => all.length === 2);
    const firstOrder = claimOf(claims, first, robe)?.orderId;
    await comment(live, [first, `finalement je passe le ${robe.ref}`]);
    const after = await claimsWhen(live, (all) => claimOf(all, first, robe)?.state === "released");
    expect(claimOf(after, first, robe)).toMatchObject({ releaseReason: "un-claimed" });
    expect(claimOf(after, second, robe)).toMatchObject({ state: "in-order" });
    expect(await holders(robe)).toEqual([expect.objectContaining({ handle: second })]);
    expect(await t.db.$count(orderItems, eq(orderItems.orderId, firstOrder ?? ""))).toBe(0);
  });

  it("by a waitlisted viewer: off the waitlist, the holder keeps the piece", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const [first, second, third] = [newHandle(), newHandle(), newHandle()];
    await comment(live, [first, `je prends le ${robe.ref}`], [second, `je prends le ${robe.ref}`]);
    await comment(live, [third, `je prends le ${robe.ref}`]);
    await claimsWhen(live, (all) => all.length === 3);
    await comment(live, [second, `non merci pour le ${robe.ref}`]);
    const after = await claimsWhen(live, (all) => claimOf(all, second, robe)?.state === "released");
    expect(claimOf(after, second, robe)).toMatchObject({
      releaseReason: "un-claimed",
      waitlistPosition: null,
    });
    expect(claimOf(after, third, robe)).toMatchObject({ state: "waitlisted", waitlistPosition: 1 });
    expect(claimOf(after, first, robe)).toMatchObject({ state: "in-order" });
    expect(await holders(robe)).toEqual([expect.objectContaining({ handle: first })]);
  });

  it("of a piece already paid changes nothing, and staff are told", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const [first, second] = [newHandle(), newHandle()];
    await comment(live, [first, `je prends le ${robe.ref}`], [second, `je prends le ${robe.ref}`]);
    const claims = await claimsWhen(live, (all) => all.length === 2);
    const orderId = claimOf(claims, first, robe)?.orderId ?? "";
    await t.db.update(orders).set({ status: "paid", paymentDate: new Date() }).where(eq(orders.id, orderId));
    await comment(live, [first, `annule le ${robe.ref}`]);
    const after = await claimsWhen(live, (all) => claimOf(all, first, robe)?.lateUnclaimAt !== null);
    expect(claimOf(after, first, robe)).toMatchObject({ state: "paid", orderId });
    expect(claimOf(after, second, robe)).toMatchObject({ state: "waitlisted", waitlistPosition: 1 });
    expect(await holders(robe)).toEqual([{ orderId, status: "paid", handle: first }]);
  });
});

describe("holds", () => {
  it("expire down the waitlist, each claimer's own hold starting, then the piece is available again", async () => {
    const live = await activeLive("automatique", 1);
    const robe = await productOf(live);
    const chain = [newHandle(), newHandle(), newHandle()];
    await comment(live, ...chain.map((handle): [string, string] => [handle, `je prends le ${robe.ref}`]));
    const claims = await claimsWhen(
      live,
      (all) => all.length === 3 && all.every((claim) => claim.state === "released"),
      20_000,
    );
    for (const handle of chain) {
      const claim = claimOf(claims, handle, robe);
      expect(claim).toMatchObject({ releaseReason: "hold-expired", orderId: expect.any(String) });
    }
    expect(await holders(robe)).toEqual([]);
    expect((await snapshot(live)).counters).toMatchObject({ claims: 3, unpaidReleases: 3, piecesHeld: 0 });
    // Each one had the piece in their own order.
    expect(new Set(chain.map((handle) => claimOf(claims, handle, robe)?.orderId)).size).toBe(3);
  });

  it("lose to a payment: a form issued moves the hold to the form's end, and the paid piece is never handed over", async () => {
    const customer = await kit.actor("customer");
    const live = await activeLive("automatique", 3600);
    const robe = await productOf(live);
    const next = newHandle();
    await comment(
      live,
      [customer.tiktokUsername ?? "", `je prends le ${robe.ref}`],
      [next, `je prends le ${robe.ref}`],
    );
    const claims = await claimsWhen(live, (all) => all.length === 2);
    const held = claims.find((claim) => claim.state === "in-order");
    const orderId = held?.orderId ?? "";
    await t.db.update(orders).set({ status: "to-pay" }).where(eq(orders.id, orderId));
    const form = await kit.injectAs("customer", {
      method: "POST",
      url: `/api/payments/orders/${orderId}/form-token`,
    });
    expect(form.statusCode, form.body).toBe(200);

    // The hold comes to its end now, its job with it, and finds a form that may still pay: it waits.
    await t.db.$client.query(
      `WITH due AS (UPDATE live_claims SET held_until = now() WHERE id = $1 RETURNING id)
       SELECT graphile_worker.add_job('claim_hold_expired', json_build_object('claimId', id),
                                      run_at := now(), job_key := 'claim-hold:' || id) FROM due`,
      [held?.id],
    );
    const deferred = await claimsWhen(
      live,
      (all) => Date.parse(all.find((claim) => claim.id === held?.id)?.heldUntil ?? "0") > Date.now() + 60_000,
    );
    expect(deferred.find((claim) => claim.id === held?.id)).toMatchObject({ state: "in-order" });
    const paid = await submitSimulatorCard(kit, "customer", form.json().payment.formToken as string);
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    await eventually(async () => (await orderRowOf(t.db, orderId)).status === "paid");

    // The expiry, run again once the form's time is over, finds the order paid.
    const { rows } = await t.db.$client.query<{ outcome: { outcome: string } }>(
      "SELECT live_claim_expire($1, $2::jsonb) AS outcome",
      [held?.id, rules()],
    );
    expect(rows[0]?.outcome.outcome).toBe("none");
    const after = (await snapshot(live)).claims;
    expect(after.find((claim) => claim.id === held?.id)).toMatchObject({ state: "paid", orderId });
    expect(claimOf(after, next, robe)).toMatchObject({ state: "waitlisted" });
    expect(await holders(robe)).toEqual([expect.objectContaining({ orderId, status: "paid" })]);
  });

  it("of an order paid while its expiry waits on the order's lock are kept: the payment wins", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const [first, second] = [newHandle(), newHandle()];
    await comment(live, [first, `je prends le ${robe.ref}`], [second, `je prends le ${robe.ref}`]);
    const claims = await claimsWhen(live, (all) => all.length === 2);
    const held = claimOf(claims, first, robe);
    await t.db.$client.query(
      "UPDATE live_claims SET held_until = now() - interval '1 minute' WHERE id = $1",
      [held?.id],
    );
    const payment = await t.db.$client.connect();
    try {
      await payment.query("BEGIN");
      await payment.query("SELECT 1 FROM orders WHERE id = $1 FOR UPDATE", [held?.orderId]);
      const expiry = t.db.$client.query<{ outcome: { outcome: string } }>(
        "SELECT live_claim_expire($1, $2::jsonb) AS outcome",
        [held?.id, rules()],
      );
      await waitUntilBlockedBy(t.db.$client, await backendPid(payment));
      await payment.query("UPDATE orders SET status = 'paid', payment_date = now() WHERE id = $1", [
        held?.orderId,
      ]);
      await payment.query("COMMIT");
      expect((await expiry).rows[0]?.outcome.outcome).toBe("none");
    } finally {
      payment.release();
    }
    const after = (await snapshot(live)).claims;
    expect(claimOf(after, first, robe)).toMatchObject({ state: "paid" });
    expect(claimOf(after, second, robe)).toMatchObject({ state: "waitlisted" });
    expect(await holders(robe)).toEqual([expect.objectContaining({ handle: first, status: "paid" })]);
  });
});

describe("lines that stop holding without the engine", () => {
  it("a line removed on the order page, or an order cancelled, hands the piece to the next claimer", async () => {
    const live = await activeLive("automatique");
    const [robe, jupe] = [await productOf(live), await productOf(live)];
    const [first, second] = [newHandle(), newHandle()];
    await comment(live, [first, `je prends le ${robe.ref}`], [second, `je prends le ${robe.ref}`]);
    await comment(live, [second, `je prends le ${jupe.ref}`], [first, `je prends le ${jupe.ref}`]);
    const claims = await claimsWhen(live, (all) => all.length === 4);
    const robeLine = await t.db.select().from(orderItems).where(eq(orderItems.productId, robe.id));
    const removed = await as.admin(
      "DELETE",
      `/api/admin/live-sidebar/orders/${robeLine[0]?.orderId}/items/${robeLine[0]?.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const afterRemoval = await claimsWhen(live, (all) => claimOf(all, second, robe)?.state === "in-order");
    expect(claimOf(afterRemoval, first, robe)).toMatchObject({ state: "released", releaseReason: "staff" });

    const secondsOrder = claimOf(claims, second, jupe)?.orderId ?? "";
    await setOrderStatus(t.db, secondsOrder, "cancelled-by-admin");
    const afterCancel = await claimsWhen(live, (all) => claimOf(all, first, jupe)?.state === "in-order");
    expect(claimOf(afterCancel, second, jupe)).toMatchObject({
      state: "released",
      releaseReason: "order-cancelled",
    });
    expect(await holders(jupe)).toEqual([expect.objectContaining({ handle: first })]);
  });
});

describe("a piece added by hand, then removed", () => {
  it("answers the claims made meanwhile as sold, then goes to the next claimer", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const [byHand, meanwhile, after] = [newHandle(), newHandle(), newHandle()];
    const added = await as.admin("POST", "/api/admin/live-sidebar/add", {
      liveId: live.id,
      productId: robe.id,
      handle: byHand,
    });
    expect(added.statusCode, added.body).toBe(201);
    // Sold outside claims (decision 041): the claim is answered at once, never queued.
    await comment(live, [meanwhile, `je prends le ${robe.ref}`]);
    await claimsWhen(live, (all) => claimOf(all, meanwhile, robe)?.releaseReason === "sold");
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.productId, robe.id));
    const removed = await as.admin(
      "DELETE",
      `/api/admin/live-sidebar/orders/${line?.orderId}/items/${line?.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    await comment(live, [after, `je prends le ${robe.ref}`]);
    await claimsWhen(live, (all) => claimOf(all, after, robe)?.state === "in-order");
    expect(await holders(robe)).toEqual([expect.objectContaining({ handle: after })]);
  });
});

describe("a piece left free with a waitlist, nobody told", () => {
  it("is found by the sweep, without the claim lock, and goes to the next claimer", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const [first, second] = [newHandle(), newHandle()];
    await comment(live, [first, `je prends le ${robe.ref}`], [second, `je prends le ${robe.ref}`]);
    const claims = await claimsWhen(live, (all) => claimOf(all, second, robe)?.state === "waitlisted");
    // The holder's claim and line go behind the engine's back: no inbox line, no message.
    const { rows } = await t.db.$client.query<{ line: string }>(
      `UPDATE live_claims c SET state = 'released', release_reason = 'staff', order_item_id = NULL
         FROM live_claims before WHERE before.id = c.id AND c.id = $1 RETURNING before.order_item_id AS line`,
      [claimOf(claims, first, robe)?.id],
    );
    await t.db.$client.query("DELETE FROM order_items WHERE id = $1", [rows[0]?.line]);
    expect(
      await t.db.$client.query("SELECT 1 FROM live_claim_inbox WHERE live_id = $1", [live.id]),
    ).toMatchObject({
      rowCount: 0,
    });
    expect(await holders(robe)).toEqual([]);
    const after = await claimsWhen(live, (all) => claimOf(all, second, robe)?.state === "in-order");
    expect(claimOf(after, first, robe)).toMatchObject({ state: "released", releaseReason: "staff" });
    expect(await holders(robe)).toEqual([expect.objectContaining({ handle: second })]);
  });
});

describe("staff actions", () => {
  it("skip moves a waitlisted claim to the end, remove takes one off, each audited", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const [first, second, third] = [newHandle(), newHandle(), newHandle()];
    await comment(live, [first, `je prends le ${robe.ref}`], [second, `je prends le ${robe.ref}`]);
    await comment(live, [third, `je prends le ${robe.ref}`]);
    const claims = await claimsWhen(live, (all) => all.length === 3);

    const skipped = await act(live, claimOf(claims, second, robe)?.id, "skip");
    expect(skipped.statusCode, skipped.body).toBe(200);
    let now = (await snapshot(live)).claims;
    expect(claimOf(now, third, robe)?.waitlistPosition).toBe(1);
    expect(claimOf(now, second, robe)?.waitlistPosition).toBe(2);

    const removed = await act(live, claimOf(claims, third, robe)?.id, "remove");
    expect(removed.statusCode, removed.body).toBe(200);
    now = (await snapshot(live)).claims;
    expect(claimOf(now, third, robe)).toMatchObject({ state: "released", releaseReason: "staff" });
    expect(claimOf(now, second, robe)?.waitlistPosition).toBe(1);

    const audited = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "live-claim-skipped"));
    expect(audited.map((event) => event.details)).toContainEqual(
      expect.objectContaining({ claimId: claimOf(claims, second, robe)?.id }),
    );
    expect(
      await t.db.$count(auditEvents, eq(auditEvents.action, "live-claim-removed")),
    ).toBeGreaterThanOrEqual(1);
  });

  it("refuse bad input with a clear French error and change nothing", async () => {
    const live = await activeLive("manuel");
    const other = await activeLive("manuel");
    const robe = await productOf(live);
    const [first, second] = [newHandle(), newHandle()];
    await comment(live, [first, `je prends le ${robe.ref}`], [second, `je prends le ${robe.ref}`]);
    const claims = await claimsWhen(live, (all) => all.length === 2);
    const holder = claimOf(claims, first, robe);
    const waiting = claimOf(claims, second, robe);
    const before = await footprint();

    const refusals: [Promise<{ statusCode: number; json: () => unknown }>, number, string][] = [
      [act(live, randomUUID(), "give"), 404, liveClaimMessages.claimNotFound],
      [act(other, holder?.id, "release"), 404, liveClaimMessages.claimNotFound],
      [act(live, holder?.id, "skip"), 409, liveClaimMessages.claimNotWaiting],
      [act(live, holder?.id, "remove"), 409, liveClaimMessages.claimNotWaiting],
      [act(live, waiting?.id, "release"), 409, liveClaimMessages.claimNotHolding],
      [act(live, waiting?.id, "give"), 409, liveClaimMessages.pieceHeld],
    ];
    for (const [request, status, message] of refusals) {
      const response = await request;
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ message });
    }
    const badHold = await as.admin("PUT", `${claimsUrl(live.id)}/settings`, {
      mode: "manuel",
      holdSeconds: 0,
    });
    expect(badHold.statusCode).toBe(400);
    expect(badHold.body).toContain(liveClaimMessages.holdInvalid);
    const unknownLive = await as.admin("GET", claimsUrl(randomUUID()));
    expect(unknownLive.statusCode).toBe(404);
    expect(await footprint()).toEqual(before);
    const customer = await kit.injectAs("customer", { method: "GET", url: claimsUrl(live.id) });
    expect(customer.statusCode).toBe(403);
  });

  it("switching a live to automatique gives its pending claims at once", async () => {
    const live = await activeLive("manuel");
    const robe = await productOf(live);
    const first = newHandle();
    await comment(live, [first, `je prends le ${robe.ref}`]);
    await claimsWhen(live, (all) => all.length === 1);
    expect(await holders(robe)).toEqual([]);
    const saved = await as.admin("PUT", `${claimsUrl(live.id)}/settings`, {
      mode: "automatique",
      holdSeconds: 3600,
    });
    expect(saved.json()).toEqual({
      mode: "automatique",
      holdSeconds: 3600,
      effectiveHoldSeconds: 3600,
      doubtSeconds: null,
      effectiveDoubtSeconds: t.config.claimDoubtSeconds,
    });
    expect(await holders(robe)).toEqual([expect.objectContaining({ handle: first })]);
  });
});
