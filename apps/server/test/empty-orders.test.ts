import {
  formatEuros,
  minimumOrderMessages,
  orderContentMessages,
  orderStatusLabels,
  type AdminOrderList,
  type CustomerLiveSnapshot,
  type CustomerOrderListResponse,
  type LiveClaimsSnapshot,
  type LiveClaimView,
  type PreparationOrder,
} from "@vitrine/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderItems, orders } from "../src/db/schema";
import { claimRules } from "../src/modules/live-claims";
import { apiKitOf, type Actor, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import { insertLive, insertOrder, insertProduct, orderRowOf, type LiveRow } from "./support/factories";
import { postComments } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

const SETTINGS_URL = "/api/admin/shop-settings";

let t: TestApp;
let kit: ApiKit;
let customer: Actor;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      // Holds end here on purpose: the non-payers' rule would keep later claims for staff.
      UNPAID_HOLDS_LIMIT: "0",
      PAYMENT_RATE_LIMITS: "formTokenPerCustomer=1000/600,statusCheckPerCustomer=1000/600",
    },
  });
  kit = apiKitOf(t);
  customer = await kit.actor("customer");
});
afterAll(async () => t.close());

const setMinimum = (minimumOrder: string) =>
  kit.injectAs("admin", { method: "PUT", url: SETTINGS_URL, payload: { minimumOrder } });

// Each test starts without a minimum; the ones about it set their own.
beforeEach(async () => {
  expect((await setMinimum("")).statusCode).toBe(200);
});

const address = {
  first_name: "Julie",
  last_name: "Martin",
  street: "12 rue des Lilas",
  zip: "69001",
  city: "Lyon",
  email: "julie.martin@example.com",
  phone: "06 12 34 56 78",
};

const validate = (orderId: string) =>
  kit.injectAs("customer", {
    method: "PUT",
    url: `/api/customer/orders/${orderId}/address`,
    payload: address,
  });
const askForm = (orderId: string) =>
  kit.injectAs("customer", { method: "POST", url: `/api/payments/orders/${orderId}/form-token` });

async function activeLive(): Promise<LiveRow> {
  const live = await insertLive(t.db, { isActive: true });
  const response = await kit.injectAs("admin", {
    method: "PUT",
    url: `/api/admin/lives/${live.id}/claims/settings`,
    payload: { mode: "automatique", holdSeconds: 3600 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return live;
}

const handle = () => customer.tiktokUsername ?? "";

async function claimsWhen(live: LiveRow, ready: (claims: LiveClaimView[]) => boolean) {
  let claims: LiveClaimView[] = [];
  await eventually(async () => {
    const response = await kit.injectAs("admin", {
      method: "GET",
      url: `/api/admin/lives/${live.id}/claims`,
    });
    claims = response.json<LiveClaimsSnapshot>().claims;
    return ready(claims);
  }, 10_000);
  return claims;
}

/** The hold's end, as the job runs it, now. */
async function expireNow(claimId: string): Promise<string | undefined> {
  await t.db.$client.query("UPDATE live_claims SET held_until = now() WHERE id = $1", [claimId]);
  const { rows } = await t.db.$client.query<{ outcome: { outcome: string } }>(
    "SELECT live_claim_expire($1, $2::jsonb) AS outcome",
    [claimId, claimRules(t.config)],
  );
  return rows[0]?.outcome.outcome;
}

/** The customer claims these pieces of a live giving them at once; resolves to their claims. */
async function claimed(live: LiveRow, refs: number[]) {
  await postComments(
    t.app,
    live.ref,
    refs.map((ref) => [handle(), `je prends le ${ref}`] as [string, string]),
  );
  return claimsWhen(
    live,
    (all) =>
      all.filter((claim) => claim.handle === handle() && claim.state === "in-order").length === refs.length,
  );
}

async function liveOrdersOf(live: LiveRow) {
  const response = await kit.injectAs("customer", { method: "GET", url: "/api/customer/live" });
  expect(response.statusCode, response.body).toBe(200);
  const snapshot = response.json<CustomerLiveSnapshot>();
  expect(snapshot.live?.id).toBe(live.id);
  return snapshot.orders;
}

async function staffList(query: string) {
  const response = await kit.injectAs("admin", { method: "GET", url: `/api/admin/orders?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminOrderList>();
}

describe("an order the claims engine empties", () => {
  it("is cancelled at once when its last hold ends: the customer reads 'Annulée : plus aucune pièce', staff's lists leave it out", async () => {
    const live = await activeLive();
    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const [claim] = await claimed(live, [robe.ref]);
    const orderId = claim?.orderId ?? "";
    expect((await liveOrdersOf(live)).map((order) => order.id)).toEqual([orderId]);

    expect(await expireNow(claim?.id ?? "")).toBe("released");
    expect(await orderRowOf(t.db, orderId)).toMatchObject({ status: "cancelled-empty" });
    expect(orderStatusLabels["cancelled-empty"]).toBe("Annulée : plus aucune pièce");

    // The customer's live page offers nothing to validate or pay; their orders say why.
    expect(await liveOrdersOf(live)).toEqual([]);
    const mine = await kit.injectAs("customer", { method: "GET", url: "/api/customer/orders" });
    const listed = mine.json<CustomerOrderListResponse>().orders.find((order) => order.id === orderId);
    expect(listed).toMatchObject({ status: "cancelled-empty", items: [] });

    // Staff's working list of the live leaves it out, and so does the 'À valider' count; asked for
    // by its status, it is there.
    expect((await staffList(`liveId=${live.id}`)).orders.map((order) => order.id)).not.toContain(orderId);
    const toValidate = await staffList(`liveId=${live.id}&status=to-validate`);
    expect(toValidate.orders.map((order) => order.id)).not.toContain(orderId);
    expect(toValidate.total).toBe(0);
    const emptied = await staffList(`liveId=${live.id}&status=cancelled-empty`);
    expect(emptied.orders.map((order) => order.id)).toEqual([orderId]);
  });

  it("is cancelled when its viewer un-claims the last piece, and not while another piece is left", async () => {
    const live = await activeLive();
    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const jupe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const claims = await claimed(live, [robe.ref, jupe.ref]);
    const orderId = claims[0]?.orderId ?? "";

    await postComments(t.app, live.ref, [[handle(), `annule le ${robe.ref}`]]);
    await claimsWhen(live, (all) =>
      all.some((claim) => claim.productId === robe.id && claim.state === "released"),
    );
    expect(await orderRowOf(t.db, orderId)).toMatchObject({ status: "to-validate" });

    await postComments(t.app, live.ref, [[handle(), `annule le ${jupe.ref}`]]);
    await claimsWhen(live, (all) =>
      all.some((claim) => claim.productId === jupe.id && claim.state === "released"),
    );
    expect(await orderRowOf(t.db, orderId)).toMatchObject({ status: "cancelled-empty" });
  });

  it("stays cancelled when its viewer claims again: the piece goes into a new order, which is validated and paid", async () => {
    const live = await activeLive();
    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const jupe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const [first] = await claimed(live, [robe.ref]);
    const emptiedId = first?.orderId ?? "";
    await expireNow(first?.id ?? "");
    expect((await orderRowOf(t.db, emptiedId)).status).toBe("cancelled-empty");

    await postComments(t.app, live.ref, [[handle(), `je prends le ${jupe.ref}`]]);
    const claims = await claimsWhen(live, (all) =>
      all.some((claim) => claim.productId === jupe.id && claim.state === "in-order"),
    );
    const newOrderId = claims.find((claim) => claim.productId === jupe.id)?.orderId ?? "";
    expect(newOrderId).not.toBe(emptiedId);
    expect(await orderRowOf(t.db, emptiedId)).toMatchObject({ status: "cancelled-empty" });
    expect(await t.db.select().from(orderItems).where(eq(orderItems.orderId, emptiedId))).toEqual([]);
    expect((await liveOrdersOf(live)).map((order) => order.id)).toEqual([newOrderId]);

    // The emptied order can be neither validated nor paid; the new one can.
    const refusedValidation = await validate(emptiedId);
    expect(refusedValidation.statusCode).toBe(409);
    expect(refusedValidation.json()).toEqual({ code: "CONFLICT", message: orderContentMessages.empty });
    const refusedForm = await askForm(emptiedId);
    expect(refusedForm.statusCode).toBe(409);
    expect(refusedForm.json()).toEqual({ code: "CONFLICT", message: orderContentMessages.empty });
    expect(await orderRowOf(t.db, emptiedId)).toMatchObject({
      status: "cancelled-empty",
      paymentStartedAt: null,
    });

    expect((await validate(newOrderId)).statusCode).toBe(200);
    expect((await askForm(newOrderId)).statusCode).toBe(200);
  });

  it("refuses the payment form when the engine empties the order while the customer presses pay (one lock)", async () => {
    const live = await activeLive();
    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const [claim] = await claimed(live, [robe.ref]);
    const orderId = claim?.orderId ?? "";
    expect((await validate(orderId)).statusCode).toBe(200);

    // The hold's end runs in its own transaction and holds the order's lock, not yet committed...
    const engine = await t.db.$client.connect();
    try {
      await engine.query("BEGIN");
      await engine.query("UPDATE live_claims SET held_until = now() WHERE id = $1", [claim?.id]);
      await engine.query("SELECT live_claim_expire($1, $2::jsonb)", [claim?.id, claimRules(t.config)]);
      // ...when the customer asks for the form: it waits for the order's lock...
      const pressed = askForm(orderId);
      await eventually(async () => {
        const { rows } = await t.db.$client.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
        );
        return (rows[0]?.waiting ?? 0) > 0;
      }, 5_000);
      await engine.query("COMMIT");
      // ...and then finds the order empty and cancelled: no form, nothing noted.
      const form = await pressed;
      expect(form.statusCode).toBe(409);
      expect(form.json()).toEqual({ code: "CONFLICT", message: orderContentMessages.empty });
    } finally {
      engine.release();
    }
    expect(await orderRowOf(t.db, orderId)).toMatchObject({
      status: "cancelled-empty",
      paymentStartedAt: null,
    });
  });
});

describe("an order without pieces", () => {
  it("is neither validated nor paid, in French, and nothing changes", async () => {
    const empty = await insertOrder(t.db, { userId: customer.userId, status: "to-validate", products: [] });
    const refused = await validate(empty.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: "CONFLICT", message: orderContentMessages.empty });
    expect(await orderRowOf(t.db, empty.id)).toMatchObject({ status: "to-validate", shippingAddress: null });

    const emptyToPay = await insertOrder(t.db, { userId: customer.userId, status: "to-pay", products: [] });
    const noForm = await askForm(emptyToPay.id);
    expect(noForm.statusCode).toBe(409);
    expect(noForm.json()).toEqual({ code: "CONFLICT", message: orderContentMessages.empty });
    expect(await orderRowOf(t.db, emptyToPay.id)).toMatchObject({ status: "to-pay", paymentStartedAt: null });
  });

  it("holds no piece once cancelled for being empty, even when the status is written by hand", async () => {
    const order = await insertOrder(t.db, { userId: customer.userId, status: "to-validate" });
    await t.db.update(orders).set({ status: "cancelled-empty" }).where(eq(orders.id, order.id));
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.map((line) => line.isReleased)).toEqual([true]);
  });

  it("is left off the preparation board even when paid", async () => {
    const paidEmpty = await insertOrder(t.db, { userId: customer.userId, status: "paid", products: [] });
    const paidFull = await insertOrder(t.db, { userId: customer.userId, status: "paid" });
    const response = await kit.injectAs("admin", { method: "GET", url: "/api/admin/preparation" });
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json<{ orders: PreparationOrder[] }>().orders.map((order) => order.id);
    expect(ids).toContain(paidFull.id);
    expect(ids).not.toContain(paidEmpty.id);
  });
});

describe("the shop's minimum order", () => {
  it("is none by default, set by staff in French amounts and refused in French when it is no amount", async () => {
    const read = await kit.injectAs("admin", { method: "GET", url: SETTINGS_URL });
    expect(read.json()).toEqual({ settings: { minimumOrderCents: null } });

    const set = await setMinimum("25,00");
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ settings: { minimumOrderCents: 2500 } });
    expect((await setMinimum("9,90 €")).json()).toEqual({ settings: { minimumOrderCents: 990 } });

    for (const [typed, message] of [
      ["vingt", minimumOrderMessages.notAnAmount],
      ["-5", minimumOrderMessages.negative],
      ["12,345", minimumOrderMessages.tooPrecise],
      ["20000", minimumOrderMessages.tooHigh],
    ] as const) {
      const refused = await setMinimum(typed);
      expect(refused.statusCode, typed).toBe(400);
      expect(refused.json()).toMatchObject({ message });
    }
    expect((await kit.injectAs("admin", { method: "GET", url: SETTINGS_URL })).json()).toEqual({
      settings: { minimumOrderCents: 990 },
    });

    // Only staff read or change it.
    expect((await kit.injectAs("customer", { method: "GET", url: SETTINGS_URL })).statusCode).toBe(403);
    expect(
      (await kit.injectAs("customer", { method: "PUT", url: SETTINGS_URL, payload: { minimumOrder: "" } }))
        .statusCode,
    ).toBe(403);
  });

  it("is checked at validation and payment, saying the amount still to reach", async () => {
    const live = await insertLive(t.db);
    const robe = await insertProduct(t.db, { liveId: live.id, priceCents: 1690 });
    const order = await insertOrder(t.db, {
      userId: customer.userId,
      status: "to-validate",
      products: [robe],
    });
    expect((await setMinimum("25,00")).statusCode).toBe(200);

    const refused = await validate(order.id);
    expect(refused.statusCode).toBe(409);
    const message = "Encore 8,10 € pour atteindre le minimum de commande de 25,00 €";
    expect(refused.json().message.replace(/\s/g, " ")).toBe(message);
    expect(refused.json().message).toBe(orderContentMessages.belowMinimum(810, 2500));
    expect(formatEuros(810).replace(/\s/g, " ")).toBe("8,10 €");
    expect(await orderRowOf(t.db, order.id)).toMatchObject({ status: "to-validate", shippingAddress: null });

    // Validated before the shop set its minimum: the form is refused all the same.
    await t.db.update(orders).set({ status: "to-pay" }).where(eq(orders.id, order.id));
    const noForm = await askForm(order.id);
    expect(noForm.statusCode).toBe(409);
    expect(noForm.json().message).toBe(orderContentMessages.belowMinimum(810, 2500));

    // Reached: the shipping fee does not count, the pieces do.
    expect((await setMinimum("16,90")).statusCode).toBe(200);
    expect((await askForm(order.id)).statusCode).toBe(200);
  });
});
