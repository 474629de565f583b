import { paymentReviewMessages, refundMessages } from "@vitrine/domain";
import { and, eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, orderRefunds } from "../src/db/schema";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { insertOrder, insertProduct, orderRowOf } from "./support/factories";
import {
  fakeLyra,
  LYRA_DEMO_SHOP as SHOP,
  lyraEnv,
  postLyraIpn,
  type FakeLyra,
  type LyraCall,
  type LyraReply,
} from "./support/fake-lyra";
import { refundParcelFee } from "./support/payment-kit";
import { createTestApp, type TestApp } from "./support/test-app";

let lyra: FakeLyra;
let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  lyra = fakeLyra();
  t = await createTestApp({ env: lyraEnv(await lyra.listen()) });
  kit = apiKitOf(t);
});
afterAll(async () => {
  await t.close();
  await lyra.close();
});
beforeEach(() => {
  lyra.calls.length = 0;
});

const postIpn = (orderId: string, amountCents: number, transactionId: string) =>
  postLyraIpn(t.app, { orderId, amountCents, transactionId });

/** A to-pay order of 46 € paid 36 € by Lyra (a form issued before staff added an item): its review's id. */
async function reviewOfStalePayment(transactionId: string): Promise<string> {
  const { userId } = await kit.actor("customer");
  const order = await insertOrder(t.db, {
    userId,
    status: "to-pay",
    products: [await insertProduct(t.db, { priceCents: 4000 })],
  });
  const ipn = await postIpn(order.id, 3600, transactionId);
  expect(ipn.json()).toEqual({ outcome: "wrong-amount" });
  const list = await kit.injectAs("admin", {
    method: "GET",
    url: `/api/admin/payment-reviews?orderId=${order.id}`,
  });
  const [review] = list.json().reviews as { id: string }[];
  if (!review) throw new Error("no review opened");
  return review.id;
}

const refund = (reviewId: string) =>
  kit.injectAs("admin", { method: "POST", url: `/api/admin/payment-reviews/${reviewId}/refund` });

describe("Lyra's Transaction/CancelOrRefund", () => {
  it("is called with the payment's uuid, amount and currency, Basic auth and resolution AUTO; Lyra's refund resolves the review", async () => {
    const transactionId = randomUUID().replace(/-/g, "");
    const reviewId = await reviewOfStalePayment(transactionId);
    lyra.answer(() => ({
      status: 200,
      body: {
        status: "SUCCESS",
        answer: {
          uuid: "refund-uuid-1",
          operationType: "CREDIT",
          detailedStatus: "AUTHORISED",
          amount: 3600,
          currency: "EUR",
          _type: "V4/PaymentTransaction",
        },
      },
    }));

    const response = await refund(reviewId);
    expect(response.statusCode).toBe(200);
    expect(response.json().review).toMatchObject({ status: "refunded", refundError: null });
    expect(lyra.calls).toEqual([
      {
        path: "/api-payment/V4/Transaction/CancelOrRefund",
        authorization: `Basic ${Buffer.from(`${SHOP.id}:${SHOP.password}`).toString("base64")}`,
        body: {
          uuid: transactionId,
          amount: 3600,
          currency: "EUR",
          resolutionMode: "AUTO",
          comment: expect.stringContaining("Paiement à vérifier de la commande"),
        },
      },
    ]);
  });

  it("takes Lyra's cancellation of a payment not yet captured as the refund it is", async () => {
    const transactionId = randomUUID().replace(/-/g, "");
    const reviewId = await reviewOfStalePayment(transactionId);
    lyra.answer((call) => ({
      status: 200,
      body: {
        status: "SUCCESS",
        answer: { uuid: call.body.uuid, operationType: "DEBIT", detailedStatus: "CANCELLED", amount: 3600 },
      },
    }));
    const response = await refund(reviewId);
    expect(response.statusCode).toBe(200);
    expect(response.json().review.status).toBe("refunded");
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "payment-refunded"),
          sql`${auditEvents.details} ->> 'reviewId' = ${reviewId}`,
        ),
      );
    expect(event?.details).toMatchObject({ refundKind: "cancellation", refundReference: transactionId });
  });

  it("keeps the review open with a French error when Lyra refuses, and 'to check' when its answer does not come", async () => {
    const reviewId = await reviewOfStalePayment(randomUUID().replace(/-/g, ""));
    lyra.answer(() => ({
      status: 200,
      body: { status: "ERROR", answer: { errorCode: "PSP_010", errorMessage: "transaction not found" } },
    }));
    const refused = await refund(reviewId);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({
      code: "PAYMENT_PROVIDER_FAILED",
      message: paymentReviewMessages.refundRefused,
    });

    // A failing answer may come after the refund was made: it is read back before anything else.
    lyra.answer(() => ({ status: 503, body: {} }));
    const unanswered = await refund(reviewId);
    expect(unanswered.json()).toEqual({
      code: "PAYMENT_PROVIDER_FAILED",
      message: paymentReviewMessages.refundToCheck,
    });

    const list = await kit.injectAs("admin", { method: "GET", url: "/api/admin/payment-reviews" });
    expect(list.json().reviews).toContainEqual(
      expect.objectContaining({
        id: reviewId,
        status: "open",
        refundState: "to-check",
        refundError: paymentReviewMessages.refundToCheck,
      }),
    );
    expect(lyra.calls).toHaveLength(2);
  });
});

/** A to-pay order of 40 € + 6 € shipping paid in full by Lyra (its IPN): the order's id. */
async function paidByLyra(transactionId: string): Promise<string> {
  const { userId } = await kit.actor("customer");
  const order = await insertOrder(t.db, {
    userId,
    status: "to-pay",
    products: [await insertProduct(t.db, { priceCents: 4000 })],
  });
  const ipn = await postIpn(order.id, 4600, transactionId);
  expect(ipn.json()).toEqual({ outcome: "paid" });
  expect((await orderRowOf(t.db, order.id)).status).toBe("paid");
  return order.id;
}

const creditAnswer = (call: LyraCall): LyraReply => ({
  status: 200,
  body: {
    status: "SUCCESS",
    answer: {
      uuid: `credit-${String(call.body.amount)}`,
      operationType: "CREDIT",
      detailedStatus: "AUTHORISED",
    },
  },
});

describe("cancelling a paid order through Lyra", () => {
  it("asks CancelOrRefund for what is left only: a combined parcel's fee refunded before is taken off", async () => {
    const transactionId = randomUUID().replace(/-/g, "");
    const orderId = await paidByLyra(transactionId);
    lyra.answer(creditAnswer);
    const fee = await refundParcelFee(t, orderId);
    expect(fee.state).toBe("done");

    const response = await kit.injectAs("admin", {
      method: "POST",
      url: `/api/admin/orders/${orderId}/cancel-and-refund`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order.status).toBe("cancelled-by-admin");
    expect(lyra.calls.map((call) => ({ path: call.path, body: call.body }))).toEqual([
      {
        path: "/api-payment/V4/Transaction/CancelOrRefund",
        body: {
          uuid: transactionId,
          amount: 600,
          currency: "EUR",
          resolutionMode: "AUTO",
          comment: "colis groupé",
        },
      },
      {
        path: "/api-payment/V4/Transaction/CancelOrRefund",
        body: {
          uuid: transactionId,
          amount: 4000,
          currency: "EUR",
          resolutionMode: "AUTO",
          comment: expect.stringContaining("annulée"),
        },
      },
    ]);
    const rows = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    expect(
      rows.map(({ reason, amountCents, providerReference, kind }) => ({
        reason,
        amountCents,
        providerReference,
        kind,
      })),
    ).toEqual(
      expect.arrayContaining([
        { reason: "combined-shipping", amountCents: 600, providerReference: "credit-600", kind: "refund" },
        { reason: "order-cancelled", amountCents: 4000, providerReference: "credit-4000", kind: "refund" },
      ]),
    );
  });

  it("records a payment not captured yet and lowered in part (DEBIT, still authorised) as a cancellation", async () => {
    const transactionId = randomUUID().replace(/-/g, "");
    const orderId = await paidByLyra(transactionId);
    lyra.answer((call) => ({
      status: 200,
      body: {
        status: "SUCCESS",
        answer: { uuid: call.body.uuid, operationType: "DEBIT", detailedStatus: "AUTHORISED", amount: 4000 },
      },
    }));
    const outcome = await refundParcelFee(t, orderId);
    expect(outcome).toMatchObject({
      state: "done",
      result: { kind: "cancellation", reference: transactionId },
    });
  });

  it("refused by Lyra: the order stays paid, the refusal is kept and told in French", async () => {
    const orderId = await paidByLyra(randomUUID().replace(/-/g, ""));
    lyra.answer(() => ({
      status: 200,
      body: { status: "ERROR", answer: { errorCode: "PSP_099", errorMessage: "refund refused" } },
    }));
    const response = await kit.injectAs("admin", {
      method: "PUT",
      url: `/api/admin/orders/${orderId}/status`,
      payload: { status: "cancelled-by-admin" },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ code: "PAYMENT_PROVIDER_FAILED", message: refundMessages.refused });
    expect((await orderRowOf(t.db, orderId)).status).toBe("paid");
    expect(await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId))).toEqual([
      expect.objectContaining({ state: "refused", amountCents: 4600, error: refundMessages.refused }),
    ]);
    expect(lyra.calls).toHaveLength(1);
  });
});
