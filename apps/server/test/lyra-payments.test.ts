import { paymentMessages } from "@vitrine/domain";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { lyraPaymentAnswer, signedIpnFields } from "../src/integrations/payments/card-simulator";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { insertOrder, insertProduct, orderRowOf } from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

/** Lyra's public demo shop (docs/integrations.md). */
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

/** A stand-in for Lyra's REST API over real HTTP: records each call, answers as Lyra documents. */
function fakeLyra() {
  const calls: LyraCall[] = [];
  const transactions = new Map<
    string,
    { uuid: string; amount: number; currency: string; status: string }[]
  >();
  let refuseNext = false;
  const read = async (request: IncomingMessage) => {
    let text = "";
    for await (const chunk of request) text += String(chunk);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const server: Server = createServer((request, response) => {
    void read(request).then((body) => {
      const path = request.url ?? "";
      calls.push({ path, authorization: request.headers.authorization, body });
      response.setHeader("content-type", "application/json");
      if (refuseNext) {
        refuseNext = false;
        response.end(
          JSON.stringify({
            status: "ERROR",
            answer: { errorCode: "INT_902", errorMessage: "web-service input data validation error" },
          }),
        );
      } else if (path === "/api-payment/V4/Charge/CreatePayment") {
        response.end(
          JSON.stringify({
            status: "SUCCESS",
            answer: { formToken: `token-for-${String(body.orderId)}`, _type: "V4/Charge/PaymentForm" },
          }),
        );
      } else if (path === "/api-payment/V4/Order/Get") {
        response.end(
          JSON.stringify({
            status: "SUCCESS",
            answer: { transactions: transactions.get(String(body.orderId)) ?? [] },
          }),
        );
      } else {
        response.statusCode = 404;
        response.end("{}");
      }
    });
  });
  return {
    calls,
    transactions,
    refuseNext: () => {
      refuseNext = true;
    },
    server,
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

async function orderToPay() {
  const { userId } = await kit.actor("customer");
  const product = await insertProduct(t.db, { priceCents: 4000 });
  return insertOrder(t.db, {
    userId,
    status: "to-pay",
    products: [product],
    shippingAddress: {
      first_name: "Marie",
      last_name: "Durand",
      street: "3 rue des Lilas",
      zip: "69001",
      city: "Lyon",
      state: "",
      country: "France",
      email: "marie@example.com",
      phone: "0601020304",
    },
  });
}

const statusOf = async (id: string) => (await orderRowOf(t.db, id)).status;

describe("Lyra REST V4 adapter", () => {
  it("asks CreatePayment for the server's amount with HTTP Basic auth, and hands the browser its library settings", async () => {
    const order = await orderToPay();
    const response = await kit.injectAs("customer", {
      method: "POST",
      url: `/api/payments/orders/${order.id}/form-token`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().payment).toEqual({
      provider: "lyra",
      formToken: `token-for-${order.id}`,
      amountCents: 4600,
      endpoint: "https://static.payzen.eu",
      publicKey: SHOP.publicKey,
    });
    expect(lyra.calls).toHaveLength(1);
    const [call] = lyra.calls;
    expect(call?.path).toBe("/api-payment/V4/Charge/CreatePayment");
    expect(call?.authorization).toBe(
      `Basic ${Buffer.from(`${SHOP.id}:${SHOP.password}`).toString("base64")}`,
    );
    expect(call?.body).toMatchObject({
      amount: 4600,
      currency: "EUR",
      orderId: order.id,
      formAction: "PAYMENT",
      ipnTargetUrl: "http://localhost:3000/api/payments/ipn",
      customer: {
        email: "marie@example.com",
        billingDetails: {
          firstName: "Marie",
          lastName: "Durand",
          zipCode: "69001",
          city: "Lyon",
          country: "FR",
        },
      },
    });
  });

  it("turns Lyra's refusal into the spec's token message", async () => {
    const order = await orderToPay();
    lyra.refuseNext();
    const response = await kit.injectAs("customer", {
      method: "POST",
      url: `/api/payments/orders/${order.id}/form-token`,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      code: "PAYMENT_PROVIDER_FAILED",
      message: paymentMessages.tokenFailed,
    });
  });

  it("accepts an IPN signed with the shop password, and no other key", async () => {
    const order = await orderToPay();
    const answer = JSON.stringify(
      lyraPaymentAnswer({
        shopId: SHOP.id,
        payment: {
          orderId: order.id,
          amountCents: 4600,
          currency: "EUR",
          email: "marie@example.com",
          reference: "r",
          expiresAt: 0,
        },
        transactionId: "a1b2c3",
        paid: true,
        pan: "497010XXXXXX0055",
        now: new Date(),
      }),
    );
    const post = (fields: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/api/payments/ipn",
        // As Lyra sends it, with its charset.
        headers: { "content-type": "application/x-www-form-urlencoded; charset=UTF-8" },
        payload: new URLSearchParams(fields).toString(),
      });
    const withHmacKey = signedIpnFields(answer, SHOP.hmacKey);
    expect((await post(withHmacKey)).json()).toEqual({ outcome: "forged" });
    expect(await statusOf(order.id)).toBe("to-pay");
    expect((await post(signedIpnFields(answer, SHOP.password))).json()).toEqual({ outcome: "paid" });
    expect(await statusOf(order.id)).toBe("paid");
  });

  it("refuses at the notification URL a browser return, signed with the HMAC key the browser receives", async () => {
    const order = await orderToPay();
    const answer = JSON.stringify(
      lyraPaymentAnswer({
        shopId: SHOP.id,
        payment: {
          orderId: order.id,
          amountCents: 4600,
          currency: "EUR",
          email: "marie@example.com",
          reference: "r",
          expiresAt: 0,
        },
        transactionId: "browser-return-tx",
        paid: true,
        pan: "497010XXXXXX0055",
        now: new Date(),
      }),
    );
    const browserReturn = {
      ...signedIpnFields(answer, SHOP.hmacKey),
      "kr-hash-key": "sha256_hmac",
    };
    const response = await t.app.inject({
      method: "POST",
      url: "/api/payments/ipn",
      headers: { "content-type": "application/x-www-form-urlencoded; charset=UTF-8" },
      payload: new URLSearchParams(browserReturn).toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ outcome: "forged" });
    expect(await orderRowOf(t.db, order.id)).toMatchObject({ status: "to-pay", paymentId: null });
  });

  it("checks the status with Order/Get and marks the order paid from Lyra's answer", async () => {
    const order = await orderToPay();
    const check = () =>
      kit.injectAs("customer", { method: "POST", url: `/api/payments/orders/${order.id}/check` });
    expect((await check()).statusCode).toBe(409);
    lyra.transactions.set(order.id, [{ uuid: "lyra-tx-1", amount: 4600, currency: "EUR", status: "PAID" }]);
    const response = await check();
    expect(response.statusCode).toBe(200);
    expect(response.json().order.status).toBe("paid");
    expect(lyra.calls.map((call) => call.path)).toEqual([
      "/api-payment/V4/Order/Get",
      "/api-payment/V4/Order/Get",
    ]);
    expect(lyra.calls[0]?.body).toEqual({ orderId: order.id });
  });

  it("has no simulator, and lets Lyra's hosts through the content security policy", async () => {
    const pay = await kit.injectAs("customer", {
      method: "POST",
      url: "/api/payment-simulator/pay",
      payload: { formToken: "x", cardNumber: "4970100000000055", expiry: "12/39", securityCode: "123" },
    });
    expect(pay.statusCode).toBe(404);
    const page = await t.app.inject({ method: "GET", url: "/api/shop" });
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self' https://static.payzen.eu");
    expect(csp).toContain("frame-src 'self' https://static.payzen.eu");
  });
});
