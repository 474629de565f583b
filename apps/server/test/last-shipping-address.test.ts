import { SHIPPING_COUNTRY, type ShippingAddress } from "@vitrine/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKitOf, type ApiKit, type Role } from "./support/api-kit";
import { insertOrder } from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

const URL = "/api/customer/orders";
const lastAddress = (role: Role) => kit.injectAs(role, { method: "GET", url: `${URL}/last-address` });

const lyon = {
  first_name: "Julie",
  last_name: "Martin",
  street: "12 rue des Lilas",
  zip: "69001",
  city: "Lyon",
  email: "julie.martin@example.com",
  phone: "06 12 34 56 78",
};
const stored = (address: typeof lyon): ShippingAddress => ({
  ...address,
  state: "",
  country: SHIPPING_COUNTRY,
});
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);

describe("the customer's last delivery address", () => {
  it("is null before any order has one", async () => {
    const customerId = (await kit.actor("customer")).userId;
    await insertOrder(t.db, { userId: customerId, status: "to-validate" });
    const response = await lastAddress("customer");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ address: null });
  });

  it("is the address given for the previous order, so that the next order's form starts from it", async () => {
    const customerId = (await kit.actor("customer")).userId;
    const first = await insertOrder(t.db, {
      userId: customerId,
      status: "to-validate",
      orderDate: daysAgo(3),
    });
    const saved = await kit.injectAs("customer", {
      method: "PUT",
      url: `${URL}/${first.id}/address`,
      payload: { ...lyon, delivery_note: "Code 1234" },
    });
    expect(saved.statusCode).toBe(200);
    // The order of tonight's live, without an address yet.
    await insertOrder(t.db, { userId: customerId, status: "to-validate" });

    const response = await lastAddress("customer");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ address: { ...stored(lyon), delivery_note: "Code 1234" } });
  });

  it("is that of the most recent order with an address, older shapes read in today's", async () => {
    const customerId = (await kit.actor("customer")).userId;
    const paris = { ...lyon, street: "3 rue de Rivoli", zip: "75001", city: "Paris" };
    await insertOrder(t.db, {
      userId: customerId,
      status: "shipped",
      orderDate: daysAgo(20),
      shippingAddress: stored(paris),
    });
    await insertOrder(t.db, {
      userId: customerId,
      status: "delivered",
      orderDate: daysAgo(2),
      // As an older version of the shop saved it.
      shippingAddress: {
        name: "Julie Martin",
        address: "8 quai Saint-Vincent",
        postal_code: "69001",
        city: "Lyon",
        country: "France",
        email: "julie.martin@example.com",
        phone_number: "06 12 34 56 78",
      } as never,
    });
    await insertOrder(t.db, { userId: customerId, status: "to-validate", orderDate: daysAgo(1) });

    const response = await lastAddress("customer");
    expect(response.json().address).toMatchObject({
      first_name: "Julie",
      last_name: "Martin",
      street: "8 quai Saint-Vincent",
      zip: "69001",
      city: "Lyon",
    });
  });

  it("never shows another customer's address", async () => {
    const otherId = (await kit.actor("otherCustomer")).userId;
    const before = (await lastAddress("otherCustomer")).json();
    await insertOrder(t.db, {
      userId: (await kit.actor("customer")).userId,
      status: "to-pay",
      shippingAddress: stored({ ...lyon, street: "1 place Bellecour" }),
    });
    expect((await lastAddress("otherCustomer")).json()).toEqual(before);
    expect(before).toEqual({ address: null });
    expect(otherId).not.toBe((await kit.actor("customer")).userId);
  });

  it("is for signed-in customers only", async () => {
    const response = await lastAddress("anonymous");
    expect(response.statusCode).toBe(401);
  });
});
