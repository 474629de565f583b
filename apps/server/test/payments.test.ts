import { LYRA_TEST_CARDS, paymentFormOutdatedMessage, paymentMessages } from "@vitrine/domain";
import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentNotifications, paymentTransactions, simulatedPayments } from "../src/db/schema";
import { setOrderStatus } from "../src/modules/orders";
import {
  cardSimulatorMessages,
  lyraPaymentAnswer,
  signedIpnFields,
} from "../src/integrations/payments/card-simulator";
import { issueSimulatorToken, simulatorKeys } from "../src/integrations/payments/simulator-provider";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { insertOrder, insertProduct, orderRowOf, type OrderWithItems } from "./support/factories";
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

const FUTURE_EXPIRY = "12/39";

async function orderOf(role: "customer" | "otherCustomer", status: OrderWithItems["status"] = "to-pay") {
  const { userId } = await kit.actor(role);
  const product = await insertProduct(t.db, { priceCents: 4000 });
  return insertOrder(t.db, { userId, status, products: [product] });
}

const orderRow = (id: string) => orderRowOf(t.db, id);

async function notificationsOf(orderId: string) {
  return t.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderRef, orderId));
}

const formToken = (orderId: string) =>
  kit.injectAs("customer", { method: "POST", url: `/api/payments/orders/${orderId}/form-token` });

async function payWithCard(orderId: string, cardNumber: string) {
  const token = (await formToken(orderId)).json().payment.formToken as string;
  return kit.injectAs("customer", {
    method: "POST",
    url: "/api/payment-simulator/pay",
    payload: { formToken: token, cardNumber, expiry: FUTURE_EXPIRY, securityCode: "123" },
  });
}

/** An IPN exactly as Lyra (here: the simulator's keys) would sign it. */
function ipnFor(
  order: { id: string; totalAmountCents: number },
  options: { amountCents?: number; paid?: boolean; transactionId?: string } = {},
) {
  const keys = simulatorKeys(t.authSecret);
  const payment = {
    orderId: order.id,
    amountCents: options.amountCents ?? order.totalAmountCents,
    currency: "EUR",
    email: "client@example.com",
    reference: "ref",
    expiresAt: Date.now() + 60_000,
  };
  const answer = lyraPaymentAnswer({
    shopId: "simulator",
    payment,
    transactionId: options.transactionId ?? randomUUID().replace(/-/g, ""),
    paid: options.paid ?? true,
    pan: "497010XXXXXX0055",
    now: new Date(),
  });
  return signedIpnFields(JSON.stringify(answer), keys.password);
}

const postIpn = (fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: "/api/payments/ipn",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });

describe("payment form token", () => {
  it("is made for the order's own total, by the simulator by default", async () => {
    const order = await orderOf("customer");
    const response = await formToken(order.id);
    expect(response.statusCode).toBe(200);
    const { payment } = response.json();
    expect(payment).toMatchObject({ provider: "simulator", amountCents: 4600 });
    expect(payment.formToken).toEqual(expect.any(String));
  });

  it.each(["to-validate", "paid", "preparing", "shipped", "cancelled-by-customer"] as const)(
    "is refused for an order %s",
    async (status) => {
      const order = await orderOf("customer", status);
      const response = await formToken(order.id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: "CONFLICT", message: paymentMessages.notPayable });
    },
  );

  it("answers 404 for another customer's order, an unknown one and one staff cancelled", async () => {
    const others = await orderOf("otherCustomer");
    const cancelled = await orderOf("customer", "cancelled-by-admin");
    for (const id of [others.id, randomUUID(), cancelled.id]) {
      const response = await formToken(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: "NOT_FOUND", message: "Commande introuvable" });
    }
    const admin = await kit.injectAs("admin", {
      method: "POST",
      url: `/api/payments/orders/${others.id}/form-token`,
    });
    expect(admin.statusCode).toBe(404);
    const anonymous = await kit.injectAs("anonymous", {
      method: "POST",
      url: `/api/payments/orders/${others.id}/form-token`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("paying with the simulator's card form", () => {
  it("pays with Lyra's accepted test card: the notification marks the order paid, once", async () => {
    const order = await orderOf("customer");
    const response = await payWithCard(order.id, LYRA_TEST_CARDS.accepted);
    expect(response.statusCode).toBe(200);
    const { clientAnswer } = response.json();
    expect(clientAnswer).toMatchObject({ orderStatus: "PAID", errorCode: null, errorMessage: null });

    const row = await orderRow(order.id);
    expect(row).toMatchObject({
      status: "paid",
      paymentStatus: "PAID",
      paymentId: clientAnswer.paymentOrderId,
    });
    expect(row.paymentDate).toBeInstanceOf(Date);
    const trail = await notificationsOf(order.id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      source: "ipn",
      outcome: "paid",
      amountCents: 4600,
      provider: "simulator",
    });
  });

  it("refuses Lyra's refused test card and leaves the order to pay; a second try with the good card pays", async () => {
    const order = await orderOf("customer");
    const refused = await payWithCard(order.id, LYRA_TEST_CARDS.refused);
    expect(refused.statusCode).toBe(200);
    expect(refused.json().clientAnswer).toMatchObject({
      orderStatus: "UNPAID",
      errorCode: "ACQ_001",
      errorMessage: cardSimulatorMessages.refused,
    });
    expect(await orderRow(order.id)).toMatchObject({ status: "to-pay", paymentId: null, paymentDate: null });
    expect((await notificationsOf(order.id)).map((n) => n.outcome)).toEqual(["refused"]);

    const accepted = await payWithCard(order.id, LYRA_TEST_CARDS.accepted);
    expect(accepted.json().clientAnswer.orderStatus).toBe("PAID");
    expect((await orderRow(order.id)).status).toBe("paid");
  });

  it("checks the card fields, naming each, and records nothing", async () => {
    const order = await orderOf("customer");
    const token = (await formToken(order.id)).json().payment.formToken as string;
    const before = await t.db.select().from(simulatedPayments);
    const response = await kit.injectAs("customer", {
      method: "POST",
      url: "/api/payment-simulator/pay",
      payload: { formToken: token, cardNumber: "4970 1000 0000 0056", expiry: "13/30", securityCode: "12" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      cardNumber: "Le numéro de carte n'est pas valide",
      expiry: "La date d'expiration doit être au format MM/AA",
      securityCode: "Le cryptogramme doit contenir 3 ou 4 chiffres",
    });
    expect(await t.db.select().from(simulatedPayments)).toHaveLength(before.length);
    expect((await orderRow(order.id)).status).toBe("to-pay");
  });

  it("refuses a forged, altered or expired form token", async () => {
    const order = await orderOf("customer");
    const keys = simulatorKeys(t.authSecret);
    const request = {
      orderId: order.id,
      amountCents: 1,
      currency: "EUR" as const,
      itemsVersion: 0,
      customer: { email: "x@example.com", reference: "x", billing: null },
      ipnTargetUrl: "http://localhost/api/payments/ipn",
    };
    const expired = issueSimulatorToken(request, keys, Date.now() - 16 * 60 * 1000);
    const forged = issueSimulatorToken(request, simulatorKeys("another-secret-another-secret-12345"));
    const genuine = (await formToken(order.id)).json().payment.formToken as string;
    const [body = "", signature = ""] = genuine.split(".");
    const cheaper = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), amountCents: 1 }),
    ).toString("base64url");
    for (const token of [expired, forged, `${cheaper}.${signature}`, "nonsense"]) {
      const response = await kit.injectAs("customer", {
        method: "POST",
        url: "/api/payment-simulator/pay",
        payload: {
          formToken: token,
          cardNumber: LYRA_TEST_CARDS.accepted,
          expiry: FUTURE_EXPIRY,
          securityCode: "123",
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(cardSimulatorMessages.expiredForm);
    }
    expect(await orderRow(order.id)).toMatchObject({ status: "to-pay", paymentId: null });
  });
});

describe("payment notification (IPN)", () => {
  it("marks the order paid from a valid notification", async () => {
    const order = await orderOf("customer");
    const response = await postIpn(ipnFor(order, { transactionId: "tx-valid" }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: "paid" });
    expect(await orderRow(order.id)).toMatchObject({
      status: "paid",
      paymentId: "tx-valid",
      paymentStatus: "PAID",
    });
  });

  it("changes nothing on a replay", async () => {
    const order = await orderOf("customer");
    const fields = ipnFor(order, { transactionId: "tx-replayed" });
    await postIpn(fields);
    const paid = await orderRow(order.id);
    const replay = await postIpn(fields);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ outcome: "replayed" });
    expect(await orderRow(order.id)).toEqual(paid);
    expect((await notificationsOf(order.id)).map((n) => n.outcome).sort()).toEqual(["paid", "replayed"]);
  });

  it("ignores a forged signature, a tampered answer and a missing hash, writing nothing", async () => {
    const order = await orderOf("customer");
    const genuine = ipnFor(order);
    const tampered = {
      ...genuine,
      "kr-answer": genuine["kr-answer"].replace(`"orderTotalAmount":4600`, `"orderTotalAmount":100`),
    };
    const forged = { ...genuine, "kr-hash": "0".repeat(64) };
    const signedWithAnotherKey = signedIpnFields(genuine["kr-answer"], "testpassword_not-ours");
    const { "kr-hash": _hash, ...unsigned } = genuine;
    for (const fields of [forged, tampered, signedWithAnotherKey, unsigned]) {
      const response = await postIpn(fields);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ outcome: "forged" });
    }
    expect(await orderRow(order.id)).toMatchObject({ status: "to-pay", paymentId: null });
    expect(await notificationsOf(order.id)).toEqual([]);
  });

  it("refuses a payment of another amount than the order's", async () => {
    const order = await orderOf("customer");
    const response = await postIpn(ipnFor(order, { amountCents: order.totalAmountCents - 100 }));
    expect(response.json()).toEqual({ outcome: "wrong-amount" });
    expect(await orderRow(order.id)).toMatchObject({ status: "to-pay", paymentId: null });
  });

  it("names no order of ours: unknown order", async () => {
    for (const id of [randomUUID(), "HF-not-a-uuid"]) {
      const response = await postIpn(ipnFor({ id, totalAmountCents: 4600 }));
      expect(response.json()).toEqual({ outcome: "unknown-order" });
    }
  });

  it.each(["to-validate", "preparing", "cancelled-by-admin"] as const)(
    "leaves an order %s as it is",
    async (status) => {
      const order = await orderOf("customer", status);
      const before = await orderRow(order.id);
      const response = await postIpn(ipnFor(order));
      expect(response.json()).toEqual({ outcome: "not-payable" });
      expect(await orderRow(order.id)).toEqual(before);
    },
  );

  it("marks the order paid exactly once when the same payment is delivered many times at once", async () => {
    for (let round = 0; round < 5; round++) {
      const order = await orderOf("customer");
      const fields = ipnFor(order, { transactionId: `tx-burst-${round}` });
      const responses = await Promise.all(Array.from({ length: 8 }, () => postIpn(fields)));
      const outcomes = responses.map((response) => response.json().outcome).sort();
      expect(outcomes).toEqual(["paid", ...Array<string>(7).fill("replayed")]);
      expect((await orderRow(order.id)).paymentId).toBe(`tx-burst-${round}`);
    }
  });
});

describe("a provider transaction pays at most once, ever", () => {
  // Staff take a paid order back to to-pay only through its cancellation and reopening now
  // (decision 039); written directly, an order that went back before that meets the old notification.
  const backToPay = (orderId: string) => setOrderStatus(t.db, orderId, "to-pay");
  const check = (orderId: string) =>
    kit.injectAs("customer", { method: "POST", url: `/api/payments/orders/${orderId}/check` });
  const payWithToken = (token: string, cardNumber: string = LYRA_TEST_CARDS.accepted) =>
    kit.injectAs("customer", {
      method: "POST",
      url: "/api/payment-simulator/pay",
      payload: { formToken: token, cardNumber, expiry: FUTURE_EXPIRY, securityCode: "123" },
    });
  const paidTransactionsOf = (orderId: string) =>
    t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId));

  it("pays nothing when an old notification is replayed after the order went back to to-pay", async () => {
    const order = await orderOf("customer");
    const fields = ipnFor(order, { transactionId: "tx-paid-once" });
    expect((await postIpn(fields)).json()).toEqual({ outcome: "paid" });
    await backToPay(order.id);

    const replay = await postIpn(fields);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ outcome: "replayed" });
    expect(await orderRow(order.id)).toMatchObject({ status: "to-pay" });
    expect((await notificationsOf(order.id)).map((n) => n.outcome).sort()).toEqual(["paid", "replayed"]);
    expect(await paidTransactionsOf(order.id)).toEqual([
      expect.objectContaining({ provider: "simulator", transactionId: "tx-paid-once", amountCents: 4600 }),
    ]);
  });

  it("pays nothing on a status check that finds only the transaction that already paid", async () => {
    const order = await orderOf("customer");
    expect((await payWithCard(order.id, LYRA_TEST_CARDS.accepted)).json().clientAnswer.orderStatus).toBe(
      "PAID",
    );
    await backToPay(order.id);

    const response = await check(order.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: "CONFLICT", message: paymentMessages.notConfirmed });
    expect(await orderRow(order.id)).toMatchObject({ status: "to-pay" });
    expect((await notificationsOf(order.id)).filter((n) => n.outcome === "paid")).toHaveLength(1);

    // A new payment of the order to pay is still taken.
    expect((await payWithCard(order.id, LYRA_TEST_CARDS.accepted)).json().clientAnswer.orderStatus).toBe(
      "PAID",
    );
    expect(await orderRow(order.id)).toMatchObject({ status: "paid" });
    expect(await paidTransactionsOf(order.id)).toHaveLength(2);
  });

  it("refuses a simulator form used a second time, in French, and records nothing", async () => {
    const order = await orderOf("customer");
    const token = (await formToken(order.id)).json().payment.formToken as string;
    expect((await payWithToken(token)).json().clientAnswer.orderStatus).toBe("PAID");
    const bankBook = await t.db
      .select()
      .from(simulatedPayments)
      .where(eq(simulatedPayments.orderRef, order.id));
    const trail = await notificationsOf(order.id);

    const again = await payWithToken(token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: "CONFLICT", message: paymentMessages.formAlreadyUsed });
    expect(
      await t.db.select().from(simulatedPayments).where(eq(simulatedPayments.orderRef, order.id)),
    ).toEqual(bankBook);
    expect(await notificationsOf(order.id)).toEqual(trail);
  });

  it("lets one form pay once when it is sent twice at the same moment", async () => {
    const order = await orderOf("customer");
    const token = (await formToken(order.id)).json().payment.formToken as string;
    const responses = await Promise.all([payWithToken(token), payWithToken(token)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const paid = await t.db.select().from(simulatedPayments).where(eq(simulatedPayments.orderRef, order.id));
    expect(paid.filter((row) => row.status === "PAID")).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ status: "paid" });
  });

  it("lets the same form try another card after a refused one", async () => {
    const order = await orderOf("customer");
    const token = (await formToken(order.id)).json().payment.formToken as string;
    expect((await payWithToken(token, LYRA_TEST_CARDS.refused)).json().clientAnswer.orderStatus).toBe(
      "UNPAID",
    );
    expect((await payWithToken(token)).json().clientAnswer.orderStatus).toBe("PAID");
    expect(await orderRow(order.id)).toMatchObject({ status: "paid" });
  });
});

describe("a payment form opened before staff changed the order's items", () => {
  it("is refused by the simulator with the new total, records nothing, and a new form pays the new total", async () => {
    const { userId } = await kit.actor("customer");
    const first = await insertProduct(t.db, { priceCents: 4000 });
    const second = await insertProduct(t.db, { priceCents: 1500, liveId: first.liveId });
    const order = await insertOrder(t.db, { userId, status: "to-pay", products: [first] });
    const stale = (await formToken(order.id)).json().payment.formToken as string;

    const added = await kit.injectAs("admin", {
      method: "POST",
      url: `/api/admin/orders/${order.id}/items`,
      payload: { productId: second.id },
    });
    expect(added.statusCode).toBe(201);

    const refused = await kit.injectAs("customer", {
      method: "POST",
      url: "/api/payment-simulator/pay",
      payload: {
        formToken: stale,
        cardNumber: LYRA_TEST_CARDS.accepted,
        expiry: FUTURE_EXPIRY,
        securityCode: "123",
      },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: "CONFLICT", message: paymentFormOutdatedMessage(6100) });
    expect(refused.json().message).toContain("61,00");
    expect(
      await t.db.select().from(simulatedPayments).where(eq(simulatedPayments.orderRef, order.id)),
    ).toEqual([]);
    expect(await notificationsOf(order.id)).toEqual([]);
    expect(await orderRow(order.id)).toMatchObject({ status: "to-pay", paymentId: null });

    const fresh = (await formToken(order.id)).json().payment;
    expect(fresh.amountCents).toBe(6100);
    const paid = await kit.injectAs("customer", {
      method: "POST",
      url: "/api/payment-simulator/pay",
      payload: {
        formToken: fresh.formToken,
        cardNumber: LYRA_TEST_CARDS.accepted,
        expiry: FUTURE_EXPIRY,
        securityCode: "123",
      },
    });
    expect(paid.json().clientAnswer.orderStatus).toBe("PAID");
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", totalAmountCents: 6100 });
  });

  it("is refused after a line was removed too", async () => {
    const { userId } = await kit.actor("customer");
    const first = await insertProduct(t.db, { priceCents: 4000 });
    const second = await insertProduct(t.db, { priceCents: 1500, liveId: first.liveId });
    const order = await insertOrder(t.db, { userId, status: "to-pay", products: [first, second] });
    const stale = (await formToken(order.id)).json().payment.formToken as string;
    const line = order.items.find((item) => item.productId === second.id)?.id ?? "";
    const removed = await kit.injectAs("admin", {
      method: "DELETE",
      url: `/api/admin/orders/${order.id}/items/${line}`,
    });
    expect(removed.statusCode).toBe(200);
    const refused = await kit.injectAs("customer", {
      method: "POST",
      url: "/api/payment-simulator/pay",
      payload: {
        formToken: stale,
        cardNumber: LYRA_TEST_CARDS.accepted,
        expiry: FUTURE_EXPIRY,
        securityCode: "123",
      },
    });
    expect(refused.json()).toEqual({ code: "CONFLICT", message: paymentFormOutdatedMessage(4600) });
    expect(await orderRow(order.id)).toMatchObject({ status: "to-pay" });
  });
});

describe("a malformed payment notification", () => {
  const genuine = () => ipnFor({ id: randomUUID(), totalAmountCents: 4600 });
  const form = (fields: [string, string][]) => new URLSearchParams(fields).toString();
  const FORM = "application/x-www-form-urlencoded";
  const cases: [string, string | undefined, () => string][] = [
    ["an empty body without a content type", undefined, () => ""],
    ["an empty form", FORM, () => ""],
    ["text/plain", "text/plain", () => form(Object.entries(genuine()))],
    ["text/plain with no form in it", "text/plain; charset=utf-8", () => "paid, trust me"],
    ["JSON with the form's fields", "application/json", () => JSON.stringify(genuine())],
    ["a JSON number", "application/json", () => "42"],
    ["a JSON array", "application/json", () => JSON.stringify([genuine()])],
    ["JSON null", "application/json", () => "null"],
    ["a JSON string", "application/json", () => JSON.stringify("kr-answer")],
    ["a JSON boolean", "application/json", () => "true"],
    ["a non-string field", "application/json", () => JSON.stringify({ ...genuine(), "kr-answer": 4600 })],
    [
      "a nested field",
      "application/json",
      () => JSON.stringify({ ...genuine(), "kr-answer": { orderStatus: "PAID" } }),
    ],
    ["an array field", "application/json", () => JSON.stringify({ ...genuine(), "kr-hash": ["a", "b"] })],
    ["broken JSON", "application/json", () => '{"kr-answer":'],
    ["a duplicated kr-answer", FORM, () => form([...Object.entries(genuine()), ["kr-answer", "{}"]])],
    ["a duplicated kr-hash", FORM, () => form([["kr-hash", "0"], ...Object.entries(genuine())])],
    ["a duplicated kr-hash-key", FORM, () => `${form(Object.entries(genuine()))}&kr-hash-key=sha256_hmac`],
    ["a huge form", FORM, () => form([...Object.entries(genuine()), ["padding", "x".repeat(70_000)]])],
    ["a huge JSON body", "application/json", () => JSON.stringify({ padding: "x".repeat(300_000) })],
    ["XML", "application/xml", () => "<kr-answer>PAID</kr-answer>"],
    [
      "multipart",
      "multipart/form-data; boundary=x",
      () => "--x\r\nContent-Disposition: form-data; name=a\r\n\r\nb\r\n--x--",
    ],
    ["bytes", "application/octet-stream", () => "\u0000\u0001\u0002"],
    ["a form with bad escapes", FORM, () => "kr-answer=%zz&kr-hash=%"],
    ["a form of only separators", FORM, () => "&&&==&"],
    ["a form with an empty field name", FORM, () => "=PAID"],
    ["a bare form content type with a JSON body", FORM, () => JSON.stringify(genuine())],
    [
      "a form without its answer",
      FORM,
      () => form(Object.entries(genuine()).filter(([name]) => name !== "kr-answer")),
    ],
  ];

  it.each(cases)("answers 400 with a small JSON, never a 500: %s", async (_name, contentType, payload) => {
    const before = await t.db.select().from(paymentNotifications);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/payments/ipn",
      headers: contentType ? { "content-type": contentType } : {},
      payload: payload(),
    });
    expect(response.statusCode).toBe(400);
    const body: unknown = response.json();
    expect(body).toEqual({ outcome: expect.stringMatching(/^(malformed|forged)$/) });
    expect(response.body.length).toBeLessThan(64);
    expect(await t.db.select().from(paymentNotifications)).toHaveLength(before.length);
  });

  it("still takes a genuine form after them", async () => {
    const order = await orderOf("customer");
    expect((await postIpn(ipnFor(order))).json()).toEqual({ outcome: "paid" });
  });
});

describe("payment status check", () => {
  const check = (orderId: string, role: "customer" | "otherCustomer" = "customer") =>
    kit.injectAs(role, { method: "POST", url: `/api/payments/orders/${orderId}/check` });

  async function bankRecords(orderId: string, amountCents: number, status: "PAID" | "UNPAID") {
    await t.db.insert(simulatedPayments).values({
      transactionId: randomUUID().replace(/-/g, ""),
      orderRef: orderId,
      amountCents,
      currency: "EUR",
      status,
      detailedStatus: status === "PAID" ? "AUTHORISED" : "REFUSED",
      maskedPan: "497010XXXXXX0055",
    });
  }

  it("asks the provider and marks the order paid when its notification has not arrived", async () => {
    const order = await orderOf("customer");
    await bankRecords(order.id, order.totalAmountCents, "PAID");
    const response = await check(order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toMatchObject({ id: order.id, status: "paid", paymentStatus: "PAID" });
    expect((await notificationsOf(order.id)).map((n) => [n.source, n.outcome])).toEqual([
      ["status-check", "paid"],
    ]);
    // Asking again once paid answers the paid order and asks nobody.
    expect((await check(order.id)).json().order.status).toBe("paid");
  });

  it("says the payment is not confirmed while the provider has no paid transaction", async () => {
    const order = await orderOf("customer");
    expect((await check(order.id)).json()).toEqual({
      code: "CONFLICT",
      message: paymentMessages.notConfirmed,
    });
    await bankRecords(order.id, order.totalAmountCents, "UNPAID");
    expect((await check(order.id)).statusCode).toBe(409);
    expect((await orderRow(order.id)).status).toBe("to-pay");
  });

  it("does not mark paid a transaction of another amount", async () => {
    const order = await orderOf("customer");
    await bankRecords(order.id, 100, "PAID");
    const response = await check(order.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(paymentMessages.statusUpdateFailed);
    expect((await orderRow(order.id)).status).toBe("to-pay");
  });

  it("answers 404 for another customer's order and changes nothing", async () => {
    const order = await orderOf("otherCustomer");
    await bankRecords(order.id, order.totalAmountCents, "PAID");
    const response = await check(order.id);
    expect(response.statusCode).toBe(404);
    expect((await orderRow(order.id)).status).toBe("to-pay");
  });

  it("pays exactly once when the notification and checks race", async () => {
    const order = await orderOf("customer");
    await bankRecords(order.id, order.totalAmountCents, "PAID");
    const [transaction] = await t.db
      .select()
      .from(simulatedPayments)
      .where(eq(simulatedPayments.orderRef, order.id));
    const fields = ipnFor(order, { transactionId: transaction?.transactionId ?? "" });
    const responses = await Promise.all([check(order.id), postIpn(fields), check(order.id), postIpn(fields)]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const paidOutcomes = (await notificationsOf(order.id)).filter((n) => n.outcome === "paid");
    expect(paidOutcomes).toHaveLength(1);
  });
});
