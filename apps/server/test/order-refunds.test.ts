import {
  LYRA_TEST_CARDS,
  orderRefundMessages,
  refundMessages,
  type LiveClaimView,
  type OrderStatus,
} from "@vitrine/domain";
import { and, eq, sql } from "drizzle-orm";
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, orderItems, orderRefunds, orders, simulatedRefunds } from "../src/db/schema";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import {
  deliveryAddress,
  insertLive,
  insertOrder,
  insertProduct,
  orderRowOf,
  type LiveRow,
  type ProductRow,
} from "./support/factories";
import { postComments } from "./support/live-kit";
import { backendPid, lockWaiters, waitUntilBlockedBy } from "./support/pg-waits";
import { payThroughSimulator, refundParcelFee } from "./support/payment-kit";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  // One customer pays many orders here; payment-rate-limits.test.ts tests the limits.
  t = await createTestApp({
    env: { PAYMENT_RATE_LIMITS: "formTokenPerCustomer=1000/600,statusCheckPerCustomer=1000/600" },
  });
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

const orderUrl = (id: string) => `/api/admin/orders/${id}`;

/** A to-pay order of 40 € + 6 € shipping for the kit's customer. */
async function unpaidOrder(status: OrderStatus = "to-pay") {
  const { userId } = await kit.actor("customer");
  const product = await insertProduct(t.db, { priceCents: 4000 });
  return {
    ...(await insertOrder(t.db, { userId, status, products: [product], shippingAddress: deliveryAddress })),
    product,
  };
}

/** The order paid as a customer pays: the form token, the simulator's card form, its notification. */
async function paidOrder(cardNumber: string = LYRA_TEST_CARDS.accepted) {
  const order = await unpaidOrder();
  const paid = await payThroughSimulator(kit, "customer", order.id, cardNumber);
  expect(paid.statusCode, paid.body).toBe(200);
  const row = await orderRowOf(t.db, order.id);
  expect(row.status).toBe("paid");
  return { ...order, paymentId: row.paymentId ?? "" };
}

const setStatus = (id: string, status: OrderStatus, role: "admin" | "customer" = "admin") =>
  kit.injectAs(role, { method: "PUT", url: `${orderUrl(id)}/status`, payload: { status } });

const cancelAndRefund = (id: string) =>
  kit.injectAs("admin", { method: "POST", url: `${orderUrl(id)}/cancel-and-refund` });

const refundsOf = (id: string) => t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id));

const simulatedRefundsOf = (transactionId: string) =>
  t.db.select().from(simulatedRefunds).where(eq(simulatedRefunds.transactionId, transactionId));

/** Whether the order's lines still hold their pieces (not released to sale). */
async function linesHeld(orderId: string): Promise<boolean[]> {
  const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  return lines.map((line) => !line.isReleased);
}

/** Whether the piece can be sold again: another order takes it (the sold-once index allows it). */
const sellsAgain = (product: ProductRow) =>
  insertOrder(t.db, { products: [product] }).then(
    () => true,
    () => false,
  );

describe("cancelling a paid order", () => {
  it("from the status dialog refunds what was paid through the simulator, records it, audits it, and frees the piece", async () => {
    const order = await paidOrder();
    const response = await setStatus(order.id, "cancelled-by-admin");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order.status).toBe("cancelled-by-admin");

    const [simulated, ...moreSimulated] = await simulatedRefundsOf(order.paymentId);
    expect(moreSimulated).toEqual([]);
    expect(simulated).toMatchObject({ amountCents: 4600, currency: "EUR" });
    const { userId: adminId } = await kit.actor("admin");
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({
        reason: "order-cancelled",
        state: "done",
        amountCents: 4600,
        provider: "simulator",
        transactionId: order.paymentId,
        providerReference: simulated?.refundId,
        kind: "refund",
        error: null,
        createdByUserId: adminId,
      }),
    ]);
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "order-refunded"),
          sql`${auditEvents.details} ->> 'orderId' = ${order.id}`,
        ),
      );
    expect(events).toEqual([
      expect.objectContaining({
        actorUserId: adminId,
        details: expect.objectContaining({ reason: "order-cancelled", amountCents: 4600 }),
      }),
    ]);
    expect(await linesHeld(order.id)).toEqual([false]);
    expect(await sellsAgain(order.product)).toBe(true);
  });

  it("refused by the provider stays paid, keeps the refused row and its pieces, and says so in French", async () => {
    const order = await paidOrder(LYRA_TEST_CARDS.refundRefused);
    const response = await cancelAndRefund(order.id);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ code: "PAYMENT_PROVIDER_FAILED", message: refundMessages.refused });

    expect((await orderRowOf(t.db, order.id)).status).toBe("paid");
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({
        state: "refused",
        amountCents: 4600,
        error: refundMessages.refused,
        providerReference: null,
      }),
    ]);
    expect(await simulatedRefundsOf(order.paymentId)).toEqual([]);
    expect(await linesHeld(order.id)).toEqual([true]);
    expect(await sellsAgain(order.product)).toBe(false);

    // Staff read it on the order's page.
    const list = await kit.injectAs("admin", { method: "GET", url: `${orderUrl(order.id)}/refunds` });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      paidCents: 4600,
      refundableCents: 4600,
      refunds: [
        { state: "refused", error: refundMessages.refused, amountCents: 4600, reason: "order-cancelled" },
      ],
    });
  });

  it("takes off what was refunded before (a combined parcel's fee) and the customer reads the whole refund", async () => {
    const order = await paidOrder();
    await refundParcelFee(t, order.id);

    const before = await kit.injectAs("admin", { method: "GET", url: `${orderUrl(order.id)}/refunds` });
    expect(before.json()).toMatchObject({ paidCents: 4600, refundableCents: 4000 });

    const response = await cancelAndRefund(order.id);
    expect(response.statusCode, response.body).toBe(200);
    const refunds = await refundsOf(order.id);
    expect(refunds.map(({ reason, amountCents, state }) => ({ reason, amountCents, state }))).toEqual(
      expect.arrayContaining([
        { reason: "combined-shipping", amountCents: 600, state: "done" },
        { reason: "order-cancelled", amountCents: 4000, state: "done" },
      ]),
    );
    expect((await simulatedRefundsOf(order.paymentId)).map((row) => row.amountCents).sort()).toEqual([
      4000, 600,
    ]);

    const after = await kit.injectAs("admin", { method: "GET", url: `${orderUrl(order.id)}/refunds` });
    expect(after.json()).toMatchObject({ paidCents: 4600, refundableCents: 0 });

    // The customer's orders: the refunded order is shown, 'Remboursée' with everything given back.
    const list = await kit.injectAs("customer", { method: "GET", url: "/api/customer/orders" });
    const listed = (list.json().orders as { id: string }[]).find((candidate) => candidate.id === order.id);
    expect(listed).toMatchObject({
      status: "cancelled-by-admin",
      refund: { amountCents: 4600, refundedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    });
    const page = await kit.injectAs("customer", { method: "GET", url: `/api/customer/orders/${order.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().order.refund).toEqual({ amountCents: 4600, refundedAt: expect.any(String) });
    expect(Date.parse(page.json().order.refund.refundedAt)).not.toBeNaN();
  });

  it("twice at once refunds once: the second waits for the first and finds its refund in flight", async () => {
    const order = await paidOrder();
    // The order held locked while both ask: they are certain to meet on its lock.
    const holder = await t.db.$client.connect();
    let answers;
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM orders WHERE id = $1 FOR UPDATE", [order.id]);
      const both = Promise.all([cancelAndRefund(order.id), setStatus(order.id, "cancelled-by-admin")]);
      // The second waits behind the first on the row's lock, not on the holder itself.
      await waitUntilBlockedBy(t.db.$client, await backendPid(holder));
      await eventually(async () => (await lockWaiters(t.db.$client)) >= 2);
      await holder.query("COMMIT");
      answers = await both;
    } finally {
      holder.release();
    }
    const [done, refused] = [...answers].sort((a, b) => a.statusCode - b.statusCode);
    expect(done?.statusCode, done?.body).toBe(200);
    expect(refused?.statusCode).toBe(409);
    expect(refused?.json()).toEqual({ code: "CONFLICT", message: refundMessages.inFlight });
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await simulatedRefundsOf(order.paymentId)).toHaveLength(1);
    expect((await orderRowOf(t.db, order.id)).status).toBe("cancelled-by-admin");
  });

  it("already shipped with a label: refunded and cancelled, the label kept", async () => {
    const order = await paidOrder();
    await t.db
      .update(orders)
      .set({ status: "shipped", shippingLabelPath: `labels/${order.id}.pdf`, trackingId: "6A12345678901" })
      .where(eq(orders.id, order.id));
    const response = await cancelAndRefund(order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order).toMatchObject({ status: "cancelled-by-admin", hasShippingLabel: true });
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ state: "done", amountCents: 4600 }),
    ]);
    expect((await orderRowOf(t.db, order.id)).shippingLabelPath).toBe(`labels/${order.id}.pdf`);
  });
});

describe("cancelling an order with nothing paid online", () => {
  it("an unpaid order is cancelled as before: no refund, still hidden from its customer", async () => {
    const order = await unpaidOrder();
    const response = await cancelAndRefund(order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order.status).toBe("cancelled-by-admin");
    expect(await refundsOf(order.id)).toEqual([]);
    expect(await linesHeld(order.id)).toEqual([false]);
    const page = await kit.injectAs("customer", { method: "GET", url: `/api/customer/orders/${order.id}` });
    expect(page.statusCode).toBe(404);
  });

  it("an order staff marked paid by hand (no online payment) is cancelled without a refund", async () => {
    const order = await unpaidOrder("paid");
    const response = await setStatus(order.id, "cancelled-by-admin");
    expect(response.statusCode, response.body).toBe(200);
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it("other status changes of a paid order refund nothing", async () => {
    const order = await paidOrder();
    expect((await setStatus(order.id, "preparing")).statusCode).toBe(200);
    await t.db.update(orders).set({ trackingId: "6A00000000007" }).where(eq(orders.id, order.id));
    expect((await setStatus(order.id, "shipped")).statusCode).toBe(200);
    expect(await refundsOf(order.id)).toEqual([]);
  });
});

describe("cancelled by the customer", () => {
  it("is for unpaid orders only: staff filing a paid order so are refused, in French, and nothing changes", async () => {
    const paid = await paidOrder();
    const refused = await setStatus(paid.id, "cancelled-by-customer");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: "CONFLICT", message: orderRefundMessages.customerCancelPaid });
    expect((await orderRowOf(t.db, paid.id)).status).toBe("paid");
    expect(await linesHeld(paid.id)).toEqual([true]);

    const bulk = await kit.injectAs("admin", {
      method: "POST",
      url: "/api/admin/orders/bulk-status",
      payload: { orderIds: [paid.id], status: "cancelled-by-customer" },
    });
    expect(bulk.json()).toEqual({
      updated: [],
      failed: [
        { id: paid.id, orderNumber: paid.orderNumber, message: orderRefundMessages.customerCancelPaid },
      ],
    });

    const unpaid = await unpaidOrder();
    expect((await setStatus(unpaid.id, "cancelled-by-customer")).statusCode).toBe(200);
    expect(await linesHeld(unpaid.id)).toEqual([false]);
  });
});

describe("who may cancel and refund", () => {
  it("only admins: customers and strangers are refused, and nothing changes", async () => {
    const order = await paidOrder();
    for (const role of ["customer", "adminByMagicLink"] as const) {
      const cancel = await kit.injectAs(role, {
        method: "POST",
        url: `${orderUrl(order.id)}/cancel-and-refund`,
      });
      expect(cancel.statusCode).toBe(403);
      const list = await kit.injectAs(role, { method: "GET", url: `${orderUrl(order.id)}/refunds` });
      expect(list.statusCode).toBe(403);
      expect((await setStatus(order.id, "cancelled-by-admin", "customer")).statusCode).toBe(403);
    }
    const anonymous = await kit.injectAs("anonymous", {
      method: "POST",
      url: `${orderUrl(order.id)}/cancel-and-refund`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await orderRowOf(t.db, order.id)).status).toBe("paid");
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it("an unknown order is 'Commande introuvable'", async () => {
    for (const id of [randomUUID(), "not-a-uuid"]) {
      const response = await cancelAndRefund(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: "NOT_FOUND", message: "Commande introuvable" });
    }
  });
});

describe("the bulk status change", () => {
  it("refunds paid orders one by one, reports in French the one the provider refused and leaves it paid", async () => {
    const accepted = await paidOrder();
    const refused = await paidOrder(LYRA_TEST_CARDS.refundRefused);
    const unpaid = await unpaidOrder();
    const response = await kit.injectAs("admin", {
      method: "POST",
      url: "/api/admin/orders/bulk-status",
      payload: { orderIds: [accepted.id, refused.id, unpaid.id], status: "cancelled-by-admin" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      updated: [accepted.id, unpaid.id],
      failed: [{ id: refused.id, orderNumber: refused.orderNumber, message: refundMessages.refused }],
    });
    expect((await orderRowOf(t.db, refused.id)).status).toBe("paid");
    expect(await linesHeld(refused.id)).toEqual([true]);
    expect(await sellsAgain(refused.product)).toBe(false);
    expect(await refundsOf(accepted.id)).toEqual([
      expect.objectContaining({ state: "done", amountCents: 4600 }),
    ]);
    expect(await refundsOf(refused.id)).toEqual([expect.objectContaining({ state: "refused" })]);
    expect(await refundsOf(unpaid.id)).toEqual([]);
  });
});

describe("a cancelled paid order whose piece has a waitlist", () => {
  const suffix = randomBytes(2).toString("hex");

  async function snapshot(live: LiveRow): Promise<LiveClaimView[]> {
    const response = await kit.injectAs("admin", {
      method: "GET",
      url: `/api/admin/lives/${live.id}/claims`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().claims as LiveClaimView[];
  }

  async function claimsWhen(live: LiveRow, ready: (claims: LiveClaimView[]) => boolean) {
    let claims: LiveClaimView[] = [];
    await eventually(async () => ready((claims = await snapshot(live))), 10_000);
    return claims;
  }

  it("hands the piece to the next claimer", async () => {
    const customer = await kit.actor("customer");
    const live = await insertLive(t.db, { isActive: true });
    const settings = await kit.injectAs("admin", {
      method: "PUT",
      url: `/api/admin/lives/${live.id}/claims/settings`,
      payload: { mode: "automatique", holdSeconds: 3600 },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null, priceCents: 2000 });
    const next = `next_${suffix}`;
    await postComments(t.app, live.ref, [
      [customer.tiktokUsername ?? "", `je prends le ${robe.ref}`],
      [next, `je prends le ${robe.ref}`],
    ]);
    const claims = await claimsWhen(live, (all) => all.length === 2);
    const held = claims.find((claim) => claim.handle === customer.tiktokUsername);
    expect(held?.state).toBe("in-order");
    const orderId = held?.orderId ?? "";

    // The first claimer validates and pays through the simulator.
    await t.db.update(orders).set({ status: "to-pay" }).where(eq(orders.id, orderId));
    const token = await kit.injectAs("customer", {
      method: "POST",
      url: `/api/payments/orders/${orderId}/form-token`,
    });
    expect(token.statusCode, token.body).toBe(200);
    const paid = await kit.injectAs("customer", {
      method: "POST",
      url: "/api/payment-simulator/pay",
      payload: {
        formToken: token.json().payment.formToken as string,
        cardNumber: LYRA_TEST_CARDS.accepted,
        expiry: "12/39",
        securityCode: "123",
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await orderRowOf(t.db, orderId)).status).toBe("paid");
    const whilePaid = await snapshot(live);
    expect(whilePaid.find((claim) => claim.handle === next)?.state).toBe("waitlisted");

    const response = await cancelAndRefund(orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(await refundsOf(orderId)).toEqual([expect.objectContaining({ state: "done", amountCents: 2600 })]);

    const after = await claimsWhen(
      live,
      (all) => all.find((claim) => claim.handle === next)?.state === "in-order",
    );
    expect(after.find((claim) => claim.id === held?.id)).toMatchObject({
      state: "released",
      releaseReason: "order-cancelled",
    });
    const nextOrder = after.find((claim) => claim.handle === next)?.orderId ?? "";
    expect(nextOrder).not.toBe(orderId);
    const holders = await t.db
      .select({ orderId: orderItems.orderId })
      .from(orderItems)
      .where(and(eq(orderItems.productId, robe.id), eq(orderItems.isReleased, false)));
    expect(holders).toEqual([{ orderId: nextOrder }]);
  });
});

describe("the customer's orders", () => {
  it("show a refunded cancellation with its amount; an order refused a refund stays 'Payée' without one", async () => {
    const refunded = await paidOrder();
    const refused = await paidOrder(LYRA_TEST_CARDS.refundRefused);
    expect((await cancelAndRefund(refunded.id)).statusCode).toBe(200);
    expect((await cancelAndRefund(refused.id)).statusCode).toBe(502);
    const list = await kit.injectAs("customer", { method: "GET", url: "/api/customer/orders" });
    const byId = new Map((list.json().orders as { id: string }[]).map((order) => [order.id, order]));
    expect(byId.get(refunded.id)).toMatchObject({
      status: "cancelled-by-admin",
      refund: { amountCents: 4600 },
    });
    expect(byId.get(refused.id)).toMatchObject({ status: "paid", refund: null });
    // Another customer never sees it.
    const other = await kit.injectAs("otherCustomer", {
      method: "GET",
      url: `/api/customer/orders/${refunded.id}`,
    });
    expect(other.statusCode).toBe(404);
  });
});
