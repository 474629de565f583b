import { SHIPPING_FEE_CENTS } from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders } from "../src/db/schema";
import { addItem, createOrder } from "../src/modules/orders";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { catalogueCallers, type Caller } from "./support/catalogue-fixtures";
import { insertCustomer, insertLive, insertOrder, insertProduct, orderRowOf } from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

/*
 * An order's total is its own shipping fee plus each line's price times its quantity, whoever
 * changes the lines and however: the order page, the live sidebar, the orders list's creation, a
 * re-pricing, a merge of users, a cancellation. Each change below is followed by the total the
 * database holds, checked against the lines it holds.
 */

let t: TestApp;
let as: { admin: Caller; customer: Caller; anonymous: Caller };
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp();
  as = await catalogueCallers(t);
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

/** The order's stored total, and the one its fee and lines add up to. */
async function totals(orderId: string) {
  const order = await orderRowOf(t.db, orderId);
  const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const expected = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, order.shippingFeeCents);
  return { stored: order.totalAmountCents, expected };
}

async function expectTotal(orderId: string, cents: number) {
  const { stored, expected } = await totals(orderId);
  expect(expected).toBe(cents);
  expect(stored).toBe(cents);
}

describe("the order's total", () => {
  it("follows every way the app adds and removes lines", async () => {
    const live = await insertLive(t.db, { isActive: true });
    const dress = await insertProduct(t.db, { liveId: live.id, priceCents: 2500 });
    const skirt = await insertProduct(t.db, { liveId: live.id, priceCents: 1800 });
    const scarf = await insertProduct(t.db, { liveId: live.id, priceCents: 900 });
    const customer = await insertCustomer(t.db);

    // Created from the orders list: the fee alone.
    const created = await as.admin("POST", "/api/admin/orders", { liveId: live.id, userId: customer.id });
    expect(created.statusCode).toBe(201);
    const orderId = created.json<{ order: { id: string } }>().order.id;
    await expectTotal(orderId, SHIPPING_FEE_CENTS);

    // The order page adds and removes.
    const url = `/api/admin/orders/${orderId}`;
    expect((await as.admin("POST", `${url}/items`, { productId: dress.id })).statusCode).toBe(201);
    await expectTotal(orderId, SHIPPING_FEE_CENTS + 2500);
    const page = await as.admin("POST", `${url}/items`, { productId: skirt.id });
    expect(page.json().order.totalAmountCents).toBe(SHIPPING_FEE_CENTS + 2500 + 1800);
    const dressLine = page
      .json<{ order: { items: { id: string; productId: string }[] } }>()
      .order.items.find((item) => item.productId === dress.id);
    expect((await as.admin("DELETE", `${url}/items/${dressLine?.id}`)).statusCode).toBe(200);
    await expectTotal(orderId, SHIPPING_FEE_CENTS + 1800);

    // The live sidebar adds to the customer's to-validate order of the live, then removes.
    const handle = (await orderRowOf(t.db, orderId)).userId;
    const [user] = await t.db
      .execute<{ tiktok_username: string }>(sql`SELECT tiktok_username FROM users WHERE id = ${handle}`)
      .then((result) => result.rows);
    const sidebar = await as.admin("POST", "/api/admin/live-sidebar/add", {
      liveId: live.id,
      productId: scarf.id,
      handle: user?.tiktok_username,
    });
    expect(sidebar.statusCode, sidebar.body).toBe(201);
    expect(sidebar.json().order.id).toBe(orderId);
    await expectTotal(orderId, SHIPPING_FEE_CENTS + 1800 + 900);
    const scarfLine = sidebar
      .json<{ order: { items: { id: string; productId: string }[] } }>()
      .order.items.find((item) => item.productId === scarf.id);
    const removed = await as.admin(
      "DELETE",
      `/api/admin/live-sidebar/orders/${orderId}/items/${scarfLine?.id}`,
    );
    expect(removed.statusCode).toBe(200);
    await expectTotal(orderId, SHIPPING_FEE_CENTS + 1800);
  });

  it("counts a new order the live sidebar makes, with its first line", async () => {
    const live = await insertLive(t.db, { isActive: true });
    const coat = await insertProduct(t.db, { liveId: live.id, priceCents: 7900 });
    const response = await as.admin("POST", "/api/admin/live-sidebar/add", {
      liveId: live.id,
      productId: coat.id,
      handle: `total_${live.ref}`.toLowerCase(),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().orderCreated).toBe(true);
    await expectTotal(response.json().order.id, SHIPPING_FEE_CENTS + 7900);
  });

  it("multiplies each line's price by its quantity, and follows a re-priced line", async () => {
    const order = await insertOrder(t.db);
    const [line] = order.items;
    if (!line) throw new Error("the order has no line");
    await t.db.update(orderItems).set({ quantity: 3 }).where(eq(orderItems.id, line.id));
    await expectTotal(order.id, SHIPPING_FEE_CENTS + line.priceCents * 3);
    await t.db.update(orderItems).set({ priceCents: 1000 }).where(eq(orderItems.id, line.id));
    await expectTotal(order.id, SHIPPING_FEE_CENTS + 3000);
  });

  it("keeps the order's own fee: a changed fee counts, and the customer's subtotal is the total minus it", async () => {
    const customer = await kit.actor("customer");
    const live = await insertLive(t.db);
    const dress = await insertProduct(t.db, { liveId: live.id, priceCents: 2500 });
    const order = await insertOrder(t.db, { products: [dress], userId: customer.userId });
    await t.db.update(orders).set({ shippingFeeCents: 990 }).where(eq(orders.id, order.id));
    await expectTotal(order.id, 990 + 2500);

    const response = await kit.injectAs("customer", {
      method: "GET",
      url: `/api/customer/orders/${order.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toMatchObject({
      totalAmountCents: 3490,
      subtotalCents: 2500,
      shippingCents: 990,
    });
  });

  it("cannot be written by anyone: a total set by hand is put back", async () => {
    const order = await insertOrder(t.db);
    const before = await totals(order.id);
    await t.db.update(orders).set({ totalAmountCents: 1 }).where(eq(orders.id, order.id));
    await t.db.execute(sql`UPDATE orders SET total_amount_cents = 999999 WHERE id = ${order.id}`);
    expect(await totals(order.id)).toEqual(before);
  });

  it("moves with a line moved to another order: both totals follow", async () => {
    const first = await insertOrder(t.db);
    const second = await insertOrder(t.db, { liveId: first.liveId, products: [] });
    const [line] = first.items;
    if (!line) throw new Error("the order has no line");
    await t.db.update(orderItems).set({ orderId: second.id }).where(eq(orderItems.id, line.id));
    await expectTotal(first.id, SHIPPING_FEE_CENTS);
    await expectTotal(second.id, SHIPPING_FEE_CENTS + line.priceCents);
  });

  it("stays as it is through a merge of users, a cancellation and a revival", async () => {
    const source = await insertCustomer(t.db);
    const destination = await insertCustomer(t.db);
    const order = await insertOrder(t.db, { userId: source.id });
    const total = (await orderRowOf(t.db, order.id)).totalAmountCents;
    const merged = await as.admin("POST", "/api/admin/user-merge", {
      sourceUserId: source.id,
      destinationUserId: destination.id,
    });
    expect(merged.statusCode).toBe(200);
    await expectTotal(order.id, total);
    for (const status of ["cancelled-by-admin", "to-validate"]) {
      expect((await as.admin("PUT", `/api/admin/orders/${order.id}/status`, { status })).statusCode).toBe(
        200,
      );
      await expectTotal(order.id, total);
    }
  });

  it("is the fee plus price times quantity for any lines the add-item path writes", async () => {
    const live = await insertLive(t.db);
    const customer = await insertCustomer(t.db);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            priceCents: fc.integer({ min: 0, max: 100_000 }),
            quantity: fc.integer({ min: 1, max: 5 }),
          }),
          { maxLength: 6 },
        ),
        fc.integer({ min: 0, max: 5_000 }),
        async (lines, feeCents) => {
          const order = await createOrder(t.db, { liveId: live.id, userId: customer.id });
          for (const { priceCents, quantity } of lines) {
            const product = await insertProduct(t.db, { liveId: live.id, priceCents });
            const lineId = await addItem(t.db, order.id, product.id);
            await t.db.update(orderItems).set({ quantity }).where(eq(orderItems.id, lineId));
          }
          await t.db.update(orders).set({ shippingFeeCents: feeCents }).where(eq(orders.id, order.id));
          const sum = lines.reduce((total, line) => total + line.priceCents * line.quantity, feeCents);
          expect((await orderRowOf(t.db, order.id)).totalAmountCents).toBe(sum);
        },
      ),
      { numRuns: 25 },
    );
  });
});
