import { paymentReviewMessages, refundMessages } from "@vitrine/domain";
import { and, eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, orderRefunds } from "../src/db/schema";
import { lyraPaymentAnswer, signedIpnFields } from "../src/integrations/payments/card-simulator";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { insertOrder, insertProduct, orderRowOf } from "./support/factories";
import { refundParcelFee } from "./support/payment-kit";
import { createTestApp, type TestApp } from "./support/test-app";

/** Lyra's public demo shop. */
const SHOP = {
  id: "69876357",
  password: "testpassword_DEMOPRIVATEKEY23G4475zXZQ2UA5x7M",
  publicKey: "69876357:testpublickey_DEMOPUBLICKEY95me92597fd28tGD4r5",
  hmacKey: "38453613e7f44dc58732bad3dca2bca3",
};

interface LyraCall {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

type Reply = { status: number; body: unknown };

/** Lyra's REST API over real HTTP, answering Transaction/CancelOrRefund with the reply a test sets. */
function fakeLyra() {
  const calls: LyraCall[] = [];
  let next: (call: LyraCall) => Reply = () => ({ status: 404, body: {} });
  const read = async (request: IncomingMessage) => {
    let text = "";
    for await (const chunk of request) text += String(chunk);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const server: Server = createServer((request, response) => {
    void read(request).then((body) => {
      const call = { path: request.url ?? "", authorization: request.headers.authorization, body };
      calls.push(call);
      const reply = next(call);
      response.statusCode = reply.status;
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(reply.body));
    });
  });
  return {
    calls,
    server,
    answer: (reply: (call: LyraCall) => Reply) => {
      next = reply;
    },
  };
}

let lyra: ReturnType<typeof fakeLyra>;
let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  lyra = fakeLyra();
  await new Promise<void>((resolve) => lyra.server.listen(0, "127.0.0.1", resolve));
  const { port } = lyra.server.address() as AddressInfo;
  t = await createTestApp({
    env: {
      PAYMENT_PROVIDER: "lyra",
      LYRA_SHOP_ID: SHOP.id,
      LYRA_PASSWORD: SHOP.password,
      LYRA_PUBLIC_KEY: SHOP.publicKey,
      LYRA_HMAC_KEY: SHOP.hmacKey,
      LYRA_API_URL: `http://127.0.0.1:${port}`,
      LYRA_STATIC_URL: "https://static.payzen.eu",
    },
  });
  kit = apiKitOf(t);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => lyra.server.close(resolve));
});
beforeEach(() => {
  lyra.calls.length = 0;
});

/** A signed IPN posted as Lyra posts it: `amountCents` paid on the order by `transactionId`. */
async function postLyraIpn(orderId: string, amountCents: number, transactionId: string) {
  const answer = lyraPaymentAnswer({
    shopId: SHOP.id,
    payment: { orderId, amountCents, currency: "EUR", email: "m@example.com", reference: "r", expiresAt: 0 },
    transactionId,
    paid: true,
    pan: "497010XXXXXX0055",
    now: new Date(),
  });
  return t.app.inject({
    method: "POST",
    url: "/api/payments/ipn",
    headers: { "content-type": "application/x-www-form-urlencoded; charset=UTF-8" },
    payload: new URLSearchParams(signedIpnFields(JSON.stringify(answer), SHOP.password)).toString(),
  });
}

/** A to-pay order of 46 € paid 36 € by Lyra (a form issued before staff added an item): its review's id. */
async function reviewOfStalePayment(transactionId: string): Promise<string> {
  const { userId } = await kit.actor("customer");
  const order = await insertOrder(t.db, {
    userId,
    status: "to-pay",
    products: [await insertProduct(t.db, { priceCents: 4000 })],
  });
  const ipn = await postLyraIpn(order.id, 3600, transactionId);
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

  it("keeps the review open with a French error when Lyra refuses, and when it cannot be reached", async () => {
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

    lyra.answer(() => ({ status: 503, body: {} }));
    const unreachable = await refund(reviewId);
    expect(unreachable.json()).toEqual({
      code: "PAYMENT_PROVIDER_FAILED",
      message: paymentReviewMessages.refundUnreachable,
    });

    const list = await kit.injectAs("admin", { method: "GET", url: "/api/admin/payment-reviews" });
    expect(list.json().reviews).toContainEqual(
      expect.objectContaining({
        id: reviewId,
        status: "open",
        refundError: paymentReviewMessages.refundUnreachable,
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
  const ipn = await postLyraIpn(order.id, 4600, transactionId);
  expect(ipn.json()).toEqual({ outcome: "paid" });
  expect((await orderRowOf(t.db, order.id)).status).toBe("paid");
  return order.id;
}

const creditAnswer = (call: LyraCall): Reply => ({
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
    expect(fee.refunded).toBe(true);

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
      refunded: true,
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
