import { orderPreparationMessages, SHIPPING_COUNTRY, type ShippingAddress } from "@vitrine/domain";
import { sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueCallers, type Caller } from "./support/catalogue-fixtures";
import {
  insertColor,
  insertCustomer,
  insertLive,
  insertOrder,
  insertProduct,
  orderRowOf,
  type OrderOverrides,
} from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let as: { admin: Caller; customer: Caller; anonymous: Caller };
let storageDir: string;
beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), "vitrine-preparation-"));
  t = await createTestApp({ env: { STORAGE_DIR: storageDir } });
  as = await catalogueCallers(t);
});
afterAll(async () => {
  await t.close();
  await rm(storageDir, { recursive: true, force: true });
});

const URL = "/api/admin/preparation";
const validate = (id: string) => as.admin("POST", `${URL}/${id}/validate`);
const generateLabel = (id: string) => as.admin("POST", `/api/admin/orders/${id}/label`);
const listed = async () => (await as.admin("GET", URL)).json().orders as { id: string }[];

const address: ShippingAddress = {
  first_name: "Sophie",
  last_name: "Martin",
  street: "3 place Bellecour",
  zip: "69002",
  city: "Lyon",
  state: "",
  country: SHIPPING_COUNTRY,
  email: "sophie.martin@example.com",
  phone: "0601020304",
};

const paidOrder = async (overrides: OrderOverrides = {}) =>
  insertOrder(t.db, { status: "paid", shippingAddress: address, ...overrides });

describe("the orders to prepare", () => {
  it("shows an address saved in an older shape in today's shape", async () => {
    const legacy = {
      name: "Sophie Martin",
      address: address.street,
      postal_code: address.zip,
      city: address.city,
      email: address.email,
      phone_number: address.phone,
    };
    const order = await paidOrder({ shippingAddress: legacy as unknown as ShippingAddress });
    const response = await as.admin("GET", URL);
    expect(response.statusCode).toBe(200);
    const shown = (response.json().orders as { id: string; shippingAddress: unknown }[]).find(
      (listedOrder) => listedOrder.id === order.id,
    );
    expect(shown?.shippingAddress).toMatchObject({
      first_name: "Sophie",
      last_name: "Martin",
      street: address.street,
      zip: address.zip,
      city: address.city,
      phone: address.phone,
      country: SHIPPING_COUNTRY,
    });
  });

  it("lists paid orders only, first paid first, with customer, address, pieces with colours and label", async () => {
    const customer = await insertCustomer(t.db, {
      firstName: "Sophie",
      lastName: "Martin",
      tiktokUsername: `sosso_${randomUUID().slice(0, 6)}`,
    });
    const live = await insertLive(t.db, { title: "Live du mardi" });
    const red = await insertColor(t.db, { name: `Rouge ${randomUUID().slice(0, 6)}`, hexCode: "#DC2626" });
    const dress = await insertProduct(t.db, {
      liveId: live.id,
      name: "Robe longue",
      colorId: red.id,
      priceCents: 3990,
    });
    const jeans = await insertProduct(t.db, {
      liveId: live.id,
      name: "Jean droit",
      colorId: null,
      priceCents: 2990,
    });
    const earlier = await paidOrder({ userId: customer.id, paymentDate: new Date("2025-01-02T09:00:00Z") });
    const order = await paidOrder({
      userId: customer.id,
      products: [jeans, dress],
      paymentDate: new Date("2025-01-03T09:00:00Z"),
    });
    const notPaid = [
      await insertOrder(t.db, { status: "to-pay", shippingAddress: address }),
      await insertOrder(t.db, { status: "to-ship", shippingAddress: address }),
    ];
    await generateLabel(order.id);

    const response = await as.admin("GET", URL);
    expect(response.statusCode).toBe(200);
    const ids = response.json().orders.map((listedOrder: { id: string }) => listedOrder.id);
    expect(ids.indexOf(earlier.id)).toBeLessThan(ids.indexOf(order.id));
    for (const other of notPaid) expect(ids).not.toContain(other.id);

    const card = response.json().orders.find((listedOrder: { id: string }) => listedOrder.id === order.id);
    const { trackingId } = await orderRowOf(t.db, order.id);
    expect(card).toEqual({
      id: order.id,
      orderNumber: order.orderNumber,
      orderDate: order.orderDate.toISOString(),
      paymentDate: "2025-01-03T09:00:00.000Z",
      status: "paid",
      totalAmountCents: 3990 + 2990 + 600,
      liveTitle: "Live du mardi",
      customer: {
        id: customer.id,
        tiktokUsername: customer.tiktokUsername,
        firstName: "Sophie",
        lastName: "Martin",
        displayName: null,
        email: customer.email,
      },
      shippingAddress: address,
      items: [
        expect.objectContaining({
          name: "Robe longue",
          ref: String(dress.ref),
          color: { name: red.name, hexCode: "#DC2626" },
        }),
        expect.objectContaining({
          name: "Jean droit",
          ref: String(jeans.ref),
          color: null,
          quantity: 1,
          priceCents: 2990,
        }),
      ],
      hasLabel: true,
      trackingId,
      parcelMembers: [],
    });
    expect(
      response.json().orders.find((listedOrder: { id: string }) => listedOrder.id === earlier.id),
    ).toMatchObject({
      hasLabel: false,
      trackingId: null,
    });
  });

  it("is for admins only", async () => {
    expect((await as.customer("GET", URL)).statusCode).toBe(403);
    expect((await as.anonymous("GET", URL)).statusCode).toBe(401);
  });
});

describe("validating a preparation", () => {
  it("moves a paid order with its label to to-ship, and off the list", async () => {
    const order = await paidOrder();
    await generateLabel(order.id);
    const response = await validate(order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      order: { id: order.id, orderNumber: order.orderNumber, status: "to-ship" },
    });
    const row = await orderRowOf(t.db, order.id);
    expect(row).toMatchObject({ status: "to-ship", trackingId: expect.stringMatching(/^VT/) });
    expect((await listed()).map((listedOrder) => listedOrder.id)).not.toContain(order.id);
  });

  it("refuses a paid order without a label, and writes nothing", async () => {
    const order = await paidOrder();
    const before = await orderRowOf(t.db, order.id);
    const response = await validate(order.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: "CONFLICT", message: orderPreparationMessages.labelMissing });
    expect(await orderRowOf(t.db, order.id)).toEqual(before);
  });

  it("refuses an order that is not paid, even with a label, and writes nothing", async () => {
    for (const status of ["to-pay", "to-ship", "shipped", "cancelled-by-admin"] as const) {
      const order = await paidOrder();
      await generateLabel(order.id);
      await t.db.execute(
        // The label first (a paid order), then the status the test needs.
        sql`UPDATE orders SET status = ${status} WHERE id = ${order.id}`,
      );
      const before = await orderRowOf(t.db, order.id);
      const response = await validate(order.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(orderPreparationMessages.notPaid);
      expect(await orderRowOf(t.db, order.id)).toEqual(before);
    }
  });

  it("answers 'Commande introuvable' for an unknown order", async () => {
    const response = await validate(randomUUID());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "NOT_FOUND", message: "Commande introuvable" });
  });

  it("validates once when asked twice at once", async () => {
    const order = await paidOrder();
    await generateLabel(order.id);
    const responses = await Promise.all([validate(order.id), validate(order.id)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await orderRowOf(t.db, order.id)).status).toBe("to-ship");
  });

  it("is for admins only, and a refused caller changes nothing", async () => {
    const order = await paidOrder();
    await generateLabel(order.id);
    expect((await as.customer("POST", `${URL}/${order.id}/validate`)).statusCode).toBe(403);
    expect((await as.anonymous("POST", `${URL}/${order.id}/validate`)).statusCode).toBe(401);
    expect((await orderRowOf(t.db, order.id)).status).toBe("paid");
  });
});
