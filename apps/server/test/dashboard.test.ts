import { dashboardResponseSchema, type Dashboard } from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "../src/db/schema";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { insertCustomer, insertLive, insertOrder, insertProduct } from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
  await kit.actor("admin");
});
afterAll(async () => t.close());

async function dashboard(): Promise<Dashboard> {
  const response = await kit.injectAs("admin", { method: "GET", url: "/api/admin/dashboard" });
  expect(response.statusCode).toBe(200);
  return dashboardResponseSchema.parse(response.json()).dashboard;
}

const countOf = (figures: Dashboard, status: string) =>
  figures.orders.byStatus.find((entry) => entry.status === status)?.count ?? 0;

describe("GET /api/admin/dashboard", () => {
  it("counts customers, products and orders, and the revenue paid this month", async () => {
    const before = await dashboard();

    await insertCustomer(t.db);
    const oldCustomer = await insertCustomer(t.db);
    await t.db
      .update(users)
      .set({ createdAt: sql`now() - interval '40 days'` })
      .where(eq(users.id, oldCustomer.id));

    const activeLive = await insertLive(t.db, { isActive: true });
    const inactiveLive = await insertLive(t.db, { isActive: false });
    const [sold, unsold] = [
      await insertProduct(t.db, { liveId: activeLive.id, priceCents: 3000 }),
      await insertProduct(t.db, { liveId: activeLive.id }),
    ];
    await insertProduct(t.db, { liveId: inactiveLive.id });
    const paid = await insertOrder(t.db, { products: [sold], status: "paid", paymentDate: new Date() });
    const cancelled = await insertOrder(t.db, { products: [unsold] });
    await t.db.update(orders).set({ status: "cancelled-by-admin" }).where(eq(orders.id, cancelled.id));
    // Paid long ago: not this month's revenue.
    await insertOrder(t.db, {
      liveId: inactiveLive.id,
      status: "delivered",
      paymentDate: new Date(Date.now() - 70 * 86_400_000),
    });

    const after = await dashboard();
    // insertOrder's default owner is a new live viewer: one per order without a userId.
    expect(after.users.total - before.users.total).toBe(2 + 3);
    expect(after.users.newThisWeek - before.users.newThisWeek).toBe(1 + 3);
    // The inactive live's order created one more product of its own.
    expect(after.products.total - before.products.total).toBe(4);
    // The cancelled order released its product: unsold again.
    expect(after.products.unsoldInActiveLives - before.products.unsoldInActiveLives).toBe(1);
    expect(after.orders.total - before.orders.total).toBe(3);
    expect(countOf(after, "paid") - countOf(before, "paid")).toBe(1);
    expect(countOf(after, "cancelled-by-admin") - countOf(before, "cancelled-by-admin")).toBe(1);
    // Its piece, not its shipping (decision 042).
    expect(paid.totalAmountCents).toBeGreaterThan(3000);
    expect(after.orders.revenuePaidThisMonthCents - before.orders.revenuePaidThisMonthCents).toBe(3000);
  });

  it("charts the 10 latest lives, oldest first, with their paid revenue and items sold", async () => {
    const base = Date.now() + 86_400_000;
    const created = [];
    for (let index = 0; index < 11; index++) {
      created.push(await insertLive(t.db, { liveDate: new Date(base + index * 3_600_000) }));
    }
    const newest = created.at(-1);
    if (!newest) throw new Error("no live");
    const piece = await insertProduct(t.db, { liveId: newest.id, priceCents: 2500 });
    await insertOrder(t.db, { products: [piece], status: "shipped" });
    await insertOrder(t.db, { liveId: newest.id });

    const figures = await dashboard();
    expect(figures.lives.map((live) => live.id)).toEqual(created.slice(1).map((live) => live.id));
    expect(figures.lives.at(-1)).toMatchObject({ id: newest.id, revenueCents: 2500, itemsSold: 2 });
  });

  it("gives a live one revenue on every screen: its paid pieces, shipping apart, a cancelled order out", async () => {
    const live = await insertLive(t.db, { liveDate: new Date(Date.now() + 30 * 86_400_000) });
    const [robe, jupe, pull] = [
      await insertProduct(t.db, { liveId: live.id, priceCents: 4000 }),
      await insertProduct(t.db, { liveId: live.id, priceCents: 1500 }),
      await insertProduct(t.db, { liveId: live.id, priceCents: 900 }),
    ];
    const paid = await insertOrder(t.db, { products: [robe, jupe], status: "paid", paymentDate: new Date() });
    // Its total carries the parcel fee: shipping, not revenue, refunded or not.
    expect(paid.totalAmountCents).toBe(5500 + paid.shippingFeeCents);
    expect(paid.shippingFeeCents).toBeGreaterThan(0);
    const cancelled = await insertOrder(t.db, { products: [pull], status: "paid", paymentDate: new Date() });
    await t.db.update(orders).set({ status: "cancelled-by-admin" }).where(eq(orders.id, cancelled.id));

    const home = (await dashboard()).lives.find((entry) => entry.id === live.id);
    const detail = await kit.injectAs("admin", {
      method: "GET",
      url: `/api/admin/dashboard/lives/${live.id}`,
    });
    expect(detail.statusCode).toBe(200);
    const figures = detail.json<{ figures: { revenuePaidCents: number } }>().figures;
    const counters = await kit.injectAs("admin", {
      method: "GET",
      url: `/api/admin/lives/${live.id}/claims`,
    });
    expect(counters.statusCode).toBe(200);
    expect(home?.revenueCents).toBe(5500);
    expect(figures.revenuePaidCents).toBe(5500);
    expect(counters.json<{ counters: { revenuePaidCents: number } }>().counters.revenuePaidCents).toBe(5500);
  });

  it("is for administrators only", async () => {
    for (const role of ["anonymous", "customer", "adminByMagicLink"] as const) {
      const response = await kit.injectAs(role, { method: "GET", url: "/api/admin/dashboard" });
      expect(response.statusCode, role).toBe(role === "anonymous" ? 401 : 403);
    }
  });
});
