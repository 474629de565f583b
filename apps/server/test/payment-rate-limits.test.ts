import { paymentMessages } from "@vitrine/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { insertOrder, insertProduct } from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp({
    env: { PAYMENT_RATE_LIMITS: "formTokenPerCustomer=3/600,statusCheckPerCustomer=2/600" },
  });
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

async function orderToPay(role: "customer" | "otherCustomer") {
  const { userId } = await kit.actor(role);
  return insertOrder(t.db, { userId, status: "to-pay", products: [await insertProduct(t.db)] });
}

const tooMany = { code: "RATE_LIMITED", message: paymentMessages.rateLimited };

describe("payment calls to the provider, per customer", () => {
  it("limits the payment forms a customer opens, whatever the order, and not another customer's", async () => {
    const orders = [await orderToPay("customer"), await orderToPay("customer")];
    const formToken = (role: "customer" | "otherCustomer", orderId: string) =>
      kit.injectAs(role, { method: "POST", url: `/api/payments/orders/${orderId}/form-token` });
    for (const order of [orders[0], orders[1], orders[0]]) {
      expect((await formToken("customer", order?.id ?? "")).statusCode).toBe(200);
    }
    const refused = await formToken("customer", orders[1]?.id ?? "");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);

    const other = await orderToPay("otherCustomer");
    expect((await formToken("otherCustomer", other.id)).statusCode).toBe(200);
  });

  it("limits the status checks a customer asks for", async () => {
    const order = await orderToPay("customer");
    const check = () =>
      kit.injectAs("customer", { method: "POST", url: `/api/payments/orders/${order.id}/check` });
    // Nothing paid yet: each check asks the provider and answers "not confirmed".
    expect((await check()).statusCode).toBe(409);
    expect((await check()).statusCode).toBe(409);
    const refused = await check();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
  });
});
