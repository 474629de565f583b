import { LYRA_TEST_CARDS, paymentReviewMessages } from "@vitrine/domain";
import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditEvents,
  orders,
  paymentNotifications,
  paymentReviews,
  simulatedPayments,
  simulatedRefunds,
} from "../src/db/schema";
import { simulatorKeys } from "../src/integrations/payments/simulator-provider";
import type { Mailer } from "../src/integrations/mail/mailer";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { insertOrder, insertProduct, orderRowOf } from "./support/factories";
import { postPaymentIpn, signedPaymentIpn } from "./support/payment-kit";
import { createTestApp, type TestApp } from "./support/test-app";

const REVIEWS_URL = "/api/admin/payment-reviews";
const SHOP_EMAIL = "boutique@lila.test";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp({ env: { SHOP_CONTACT_EMAIL: SHOP_EMAIL } });
  kit = apiKitOf(t);
});
afterAll(async () => t.close());
beforeEach(() => {
  t.mails.length = 0;
});

/** The mails sent to the shop (signing the actors in sends theirs too). */
const shopMails = () => t.mails.filter((mail) => mail.to === SHOP_EMAIL);

async function orderToPay() {
  const { userId } = await kit.actor("customer");
  const product = await insertProduct(t.db, { priceCents: 4000 });
  return insertOrder(t.db, { userId, status: "to-pay", products: [product] });
}

const formToken = async (orderId: string) => {
  const response = await kit.injectAs("customer", {
    method: "POST",
    url: `/api/payments/orders/${orderId}/form-token`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().payment.formToken as string;
};

/** Pays a form issued earlier, as the customer's other tab would; resolves to the transaction id. */
async function payForm(token: string, cardNumber: string = LYRA_TEST_CARDS.accepted): Promise<string> {
  const response = await kit.injectAs("customer", {
    method: "POST",
    url: "/api/payment-simulator/pay",
    payload: { formToken: token, cardNumber, expiry: "12/39", securityCode: "123" },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json().clientAnswer.orderStatus).toBe("PAID");
  return response.json().clientAnswer.paymentOrderId as string;
}

/** A paid order with a second payment made from a form issued before the first one went through. */
async function paidTwice(secondCard: string = LYRA_TEST_CARDS.accepted) {
  const order = await orderToPay();
  const first = await formToken(order.id);
  const second = await formToken(order.id);
  const firstTransaction = await payForm(first);
  const secondTransaction = await payForm(second, secondCard);
  return { order, firstTransaction, secondTransaction };
}

/** An IPN as Lyra signs it, for an amount the order may no longer have. */
function ipnFor(orderId: string, amountCents: number, transactionId: string) {
  const password = simulatorKeys(t.authSecret).password;
  return signedPaymentIpn({ shopId: "simulator", password, orderId, amountCents, transactionId });
}

const postIpn = (fields: Record<string, string>) => postPaymentIpn(t.app, fields);

const reviewsOf = (orderId: string) =>
  t.db.select().from(paymentReviews).where(eq(paymentReviews.orderId, orderId));

async function openReviewsOf(orderId: string) {
  const response = await kit.injectAs("admin", { method: "GET", url: `${REVIEWS_URL}?orderId=${orderId}` });
  expect(response.statusCode).toBe(200);
  return response.json().reviews as { id: string; transactionId: string; refundError: string | null }[];
}

const act = (reviewId: string, action: "refund" | "accept", role: "admin" | "customer" = "admin") =>
  kit.injectAs(role, { method: "POST", url: `${REVIEWS_URL}/${reviewId}/${action}` });

async function customerView(orderId: string) {
  const detail = await kit.injectAs("customer", { method: "GET", url: `/api/customer/orders/${orderId}` });
  const list = await kit.injectAs("customer", { method: "GET", url: "/api/customer/orders" });
  const summary = (list.json().orders as { id: string; status: string; paymentUnderReview: boolean }[]).find(
    (order) => order.id === orderId,
  );
  return { detail: detail.json().order as { status: string; paymentUnderReview: boolean }, summary };
}

describe("a payment that moved no order becomes a payment to review", () => {
  it("opens one review for a stale form's payment, with amount, reference, date, order and reason, and mails the shop once", async () => {
    const order = await orderToPay();
    const transactionId = randomUUID().replace(/-/g, "");
    // The form was made for 46 €; staff then added an item: the order now costs more.
    const stale = ipnFor(order.id, order.totalAmountCents - 1000, transactionId);

    expect((await postIpn(stale)).json()).toEqual({ outcome: "wrong-amount" });
    expect((await orderRowOf(t.db, order.id)).status).toBe("to-pay");
    const [review, ...others] = await reviewsOf(order.id);
    expect(others).toEqual([]);
    expect(review).toMatchObject({
      provider: "simulator",
      transactionId,
      amountCents: 3600,
      currency: "EUR",
      reason: "wrong-amount",
      status: "open",
    });
    expect(review?.createdAt).toBeInstanceOf(Date);

    const listed = await openReviewsOf(order.id);
    expect(listed).toEqual([
      expect.objectContaining({
        transactionId,
        amountCents: 3600,
        reason: "wrong-amount",
        order: { id: order.id, orderNumber: order.orderNumber, status: "to-pay", totalAmountCents: 4600 },
        refundError: null,
      }),
    ]);

    expect(shopMails()).toHaveLength(1);
    const [mail] = shopMails();
    expect(mail?.subject).toBe(`Paiement à vérifier : commande ${order.orderNumber}`);
    expect(mail?.text).toContain("Montant reçu : 36,00");
    expect(mail?.text).toContain(`Référence du paiement : ${transactionId}`);
    expect(mail?.text).toContain("http://localhost:3000/admin/payment-reviews");

    // The provider delivers the same notification again: a replay of a transaction already under
    // review, still one review, no second mail.
    expect((await postIpn(stale)).json()).toEqual({ outcome: "replayed" });
    expect(await reviewsOf(order.id)).toHaveLength(1);
    expect(shopMails()).toHaveLength(1);
    const trail = await t.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderRef, order.id));
    expect(trail.map((row) => row.outcome)).toEqual(["wrong-amount", "replayed"]);
  });

  it("opens a review for a second payment of a paid order, never for the replay of the payment that paid it", async () => {
    const { order, firstTransaction, secondTransaction } = await paidTwice();
    expect(await orderRowOf(t.db, order.id)).toMatchObject({ status: "paid", paymentId: firstTransaction });
    const reviews = await reviewsOf(order.id);
    expect(reviews).toEqual([
      expect.objectContaining({ transactionId: secondTransaction, reason: "not-payable", amountCents: 4600 }),
    ]);

    const replay = ipnFor(order.id, order.totalAmountCents, firstTransaction);
    expect((await postIpn(replay)).json()).toEqual({ outcome: "replayed" });
    expect(await reviewsOf(order.id)).toHaveLength(1);
    expect(shopMails()).toHaveLength(1);
  });

  it("opens the review from a status check too, when the notification never came", async () => {
    const order = await orderToPay();
    const transactionId = randomUUID().replace(/-/g, "");
    // What the simulator's book holds after a stale form was paid and its notification was lost.
    await t.db.insert(simulatedPayments).values({
      transactionId,
      orderRef: order.id,
      amountCents: 3600,
      currency: "EUR",
      status: "PAID",
      detailedStatus: "AUTHORISED",
      maskedPan: "497010XXXXXX0055",
    });
    const check = await kit.injectAs("customer", {
      method: "POST",
      url: `/api/payments/orders/${order.id}/check`,
    });
    expect(check.statusCode).toBe(409);
    expect(await reviewsOf(order.id)).toEqual([
      expect.objectContaining({ transactionId, reason: "wrong-amount", amountCents: 3600 }),
    ]);
    const trail = await t.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderRef, order.id));
    expect(trail).toEqual([expect.objectContaining({ source: "status-check", outcome: "wrong-amount" })]);
    expect(shopMails()).toHaveLength(1);
  });

  it("opens one for a payment of an order cancelled meanwhile; accepting it keeps the order cancelled", async () => {
    const { userId } = await kit.actor("customer");
    const product = await insertProduct(t.db, { priceCents: 4000 });
    const order = await insertOrder(t.db, { userId, status: "cancelled-by-customer", products: [product] });
    const transactionId = randomUUID().replace(/-/g, "");
    expect((await postIpn(ipnFor(order.id, 4600, transactionId))).json()).toEqual({ outcome: "not-payable" });
    const [review] = await openReviewsOf(order.id);
    expect(review).toMatchObject({ transactionId, reason: "not-payable" });
    expect((await act(review?.id ?? "", "accept")).statusCode).toBe(200);
    expect(await orderRowOf(t.db, order.id)).toMatchObject({
      status: "cancelled-by-customer",
      paymentId: null,
    });
  });

  it("opens none for a refused payment or a payment that paid its order", async () => {
    const order = await orderToPay();
    await payForm(await formToken(order.id));
    expect((await orderRowOf(t.db, order.id)).status).toBe("paid");
    expect(await reviewsOf(order.id)).toEqual([]);
    expect(shopMails()).toEqual([]);
  });
});

describe("the customer who paid", () => {
  it("reads that the payment was received and is being checked until staff resolve it", async () => {
    const order = await orderToPay();
    const token = await formToken(order.id);
    // Another tab sends the order back to to-validate while this one pays.
    const reopen = await kit.injectAs("customer", {
      method: "POST",
      url: `/api/customer/orders/${order.id}/reopen`,
    });
    expect(reopen.statusCode).toBe(200);
    await payForm(token);

    const before = await customerView(order.id);
    expect(before.detail).toMatchObject({ status: "to-validate", paymentUnderReview: true });
    expect(before.summary).toMatchObject({ status: "to-validate", paymentUnderReview: true });

    const [review] = await openReviewsOf(order.id);
    expect((await act(review?.id ?? "", "accept")).statusCode).toBe(200);
    const after = await customerView(order.id);
    expect(after.detail).toMatchObject({ status: "paid", paymentUnderReview: false });
    expect(after.summary).toMatchObject({ status: "paid", paymentUnderReview: false });
  });
});

describe("'Rembourser'", () => {
  it("refunds through the provider, resolves the review and writes the audit log", async () => {
    const { order, secondTransaction } = await paidTwice();
    const [review] = await openReviewsOf(order.id);
    const response = await act(review?.id ?? "", "refund");
    expect(response.statusCode).toBe(200);
    expect(response.json().review).toMatchObject({
      status: "refunded",
      refundError: null,
      resolvedBy: expect.any(String),
      resolvedAt: expect.any(String),
    });
    expect(
      await t.db.select().from(simulatedRefunds).where(eq(simulatedRefunds.transactionId, secondTransaction)),
    ).toEqual([expect.objectContaining({ amountCents: 4600, currency: "EUR" })]);
    expect(await openReviewsOf(order.id)).toEqual([]);
    expect((await orderRowOf(t.db, order.id)).status).toBe("paid");

    const admin = await kit.actor("admin");
    const customer = await kit.actor("customer");
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "payment-refunded"), eq(auditEvents.actorUserId, admin.userId)));
    expect(audit.filter((event) => event.details.transactionId === secondTransaction)).toEqual([
      expect.objectContaining({
        subjectUserId: customer.userId,
        details: expect.objectContaining({ orderNumber: order.orderNumber, amountCents: 4600 }),
      }),
    ]);

    const again = await act(review?.id ?? "", "refund");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: "CONFLICT", message: paymentReviewMessages.alreadyResolved });
  });

  it("never lets a refunded payment pay its order later, even back to to-pay at the same total", async () => {
    const { order, secondTransaction } = await paidTwice();
    const [review] = await openReviewsOf(order.id);
    expect((await act(review?.id ?? "", "refund")).statusCode).toBe(200);
    // Staff move the order back to to-pay; its total is still the refunded payment's amount.
    await t.db.update(orders).set({ status: "to-pay" }).where(eq(orders.id, order.id));
    const replay = await postIpn(ipnFor(order.id, 4600, secondTransaction));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ outcome: "replayed" });
    expect((await orderRowOf(t.db, order.id)).status).toBe("to-pay");
    expect(await reviewsOf(order.id)).toHaveLength(1);
  });

  it("keeps the review listed with a French error when the provider refuses the refund", async () => {
    const { order, secondTransaction } = await paidTwice(LYRA_TEST_CARDS.refundRefused);
    const [review] = await openReviewsOf(order.id);
    const response = await act(review?.id ?? "", "refund");
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      code: "PAYMENT_PROVIDER_FAILED",
      message: paymentReviewMessages.refundRefused,
    });
    expect(await openReviewsOf(order.id)).toEqual([
      expect.objectContaining({ id: review?.id, refundError: paymentReviewMessages.refundRefused }),
    ]);
    expect(
      await t.db.select().from(simulatedRefunds).where(eq(simulatedRefunds.transactionId, secondTransaction)),
    ).toEqual([]);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "payment-refunded"));
    expect(audit.filter((event) => event.details.transactionId === secondTransaction)).toEqual([]);
  });
});

describe("'Accepter'", () => {
  it("pays an order still waiting for payment with that transaction, recording who and when", async () => {
    const order = await orderToPay();
    const transactionId = randomUUID().replace(/-/g, "");
    await postIpn(ipnFor(order.id, 3600, transactionId));
    const [review] = await openReviewsOf(order.id);

    const response = await act(review?.id ?? "", "accept");
    expect(response.statusCode).toBe(200);
    expect(response.json().review).toMatchObject({ status: "accepted", resolvedBy: expect.any(String) });
    const row = await orderRowOf(t.db, order.id);
    expect(row).toMatchObject({ status: "paid", paymentId: transactionId, paymentStatus: "PAID" });
    expect(row.paymentDate).toBeInstanceOf(Date);
    const admin = await kit.actor("admin");
    const [stored] = await reviewsOf(order.id);
    expect(stored).toMatchObject({ status: "accepted", resolvedByUserId: admin.userId });
    expect(stored?.resolvedAt).toBeInstanceOf(Date);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "payment-accepted"));
    expect(audit.filter((event) => event.details.transactionId === transactionId)).toEqual([
      expect.objectContaining({
        actorUserId: admin.userId,
        details: expect.objectContaining({ orderStatusBefore: "to-pay", orderStatusAfter: "paid" }),
      }),
    ]);
    // The accepted transaction now paid the order: delivered again, it is a replay, not a review.
    expect((await postIpn(ipnFor(order.id, 3600, transactionId))).json()).toEqual({ outcome: "replayed" });
  });

  it("only acknowledges the extra amount of an order already paid: its status stays", async () => {
    const { order, firstTransaction } = await paidTwice();
    const [review] = await openReviewsOf(order.id);
    expect((await act(review?.id ?? "", "accept")).statusCode).toBe(200);
    expect(await orderRowOf(t.db, order.id)).toMatchObject({ status: "paid", paymentId: firstTransaction });
    expect((await act(review?.id ?? "", "accept")).statusCode).toBe(409);
  });
});

describe("access", () => {
  it("is for staff only: customers and visitors are refused and change nothing", async () => {
    const { order } = await paidTwice();
    const [review] = await openReviewsOf(order.id);
    for (const role of ["customer", "anonymous"] as const) {
      const list = await kit.injectAs(role, { method: "GET", url: REVIEWS_URL });
      expect(list.statusCode).toBe(role === "customer" ? 403 : 401);
      for (const action of ["refund", "accept"] as const) {
        const response = await kit.injectAs(role, {
          method: "POST",
          url: `${REVIEWS_URL}/${review?.id}/${action}`,
        });
        expect(response.statusCode).toBe(role === "customer" ? 403 : 401);
      }
    }
    // An admin signed in by e-mail link only has no admin rights (decision 003).
    const byLink = await kit.injectAs("adminByMagicLink", {
      method: "POST",
      url: `${REVIEWS_URL}/${review?.id}/accept`,
    });
    expect(byLink.statusCode).toBe(403);
    expect(await reviewsOf(order.id)).toEqual([expect.objectContaining({ status: "open" })]);
  });

  it("answers 404 for an unknown review and 400 for a malformed id", async () => {
    expect((await act(randomUUID(), "accept")).statusCode).toBe(404);
    expect((await act("not-an-id", "refund")).statusCode).toBe(400);
  });
});

describe("a mail server that fails", () => {
  it("neither loses the review nor fails the provider's notification", async () => {
    const failing: Mailer = {
      send: async () => {
        throw new Error("SMTP server unreachable");
      },
    };
    const other = await createTestApp({ mailer: failing });
    try {
      const product = await insertProduct(other.db, { priceCents: 4000 });
      const order = await insertOrder(other.db, { status: "to-pay", products: [product] });
      const transactionId = randomUUID().replace(/-/g, "");
      const fields = signedPaymentIpn({
        shopId: "simulator",
        password: simulatorKeys(other.authSecret).password,
        orderId: order.id,
        amountCents: 3600,
        transactionId,
      });
      const response = await postPaymentIpn(other.app, fields);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ outcome: "wrong-amount" });
      expect(
        await other.db.select().from(paymentReviews).where(eq(paymentReviews.orderId, order.id)),
      ).toEqual([expect.objectContaining({ transactionId, status: "open" })]);
    } finally {
      await other.close();
    }
  });
});
