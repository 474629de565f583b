import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_TEMPLATE_TYPES } from "@vitrine/domain";
import { eq } from "drizzle-orm";
import { liveUsers, lives, messageTemplates, orders, products, tiktokEvents, users } from "../src/db/schema";
import { seedDemoData } from "../src/db/seed";
import { signInAsAdmin, signInByLink, signUpCustomer } from "./support/actors";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const counts = async () => ({
  lives: await t.db.$count(lives),
  products: await t.db.$count(products),
  users: await t.db.$count(users),
  orders: await t.db.$count(orders),
});

const ordersOf = async (cookie: string) => {
  const response = await t.app.inject({ method: "GET", url: "/api/customer/orders", headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json().orders;
};

describe("the demo data", () => {
  it("loads once: a second run changes nothing", async () => {
    expect(await seedDemoData(t.db)).toBe(true);
    const loaded = await counts();
    expect(loaded).toEqual({ lives: 4, products: 12, users: 3, orders: 6 });
    expect(await seedDemoData(t.db)).toBe(false);
    expect(await counts()).toEqual(loaded);
  });

  it("offers the back office a message template for every order status and claim notice", async () => {
    const templates = await t.db.select().from(messageTemplates);
    expect(templates.map((template) => template.type).sort()).toEqual([...MESSAGE_TEMPLATE_TYPES].sort());
    expect(templates).toContainEqual(
      expect.objectContaining({
        type: "shipped",
        title: "Votre commande est en route",
        scope: ["back-office"],
      }),
    );
  });

  it("gives the demo customer an order at every step, newest first, with colours and a parcel to follow", async () => {
    const cookie = await signInByLink(t, "marie.dupont@example.com");
    const list = await ordersOf(cookie);
    expect(list.map((order: { status: string }) => order.status)).toEqual([
      "to-validate",
      "to-pay",
      "preparing",
      "shipped",
    ]);
    expect(list[0]).toMatchObject({
      orderNumber: "HF-nouveautes-1",
      totalAmountCents: 1990 + 2490 + 600,
      items: [
        { name: "Robe fleurie", color: { name: "Noir", hexCode: "#000000" } },
        { name: "Pull en maille", color: { name: "Blanc", hexCode: "#FFFFFF" } },
      ],
    });
    expect(list[3]).toMatchObject({ orderNumber: "HF-best-of-1", trackingId: "6A12345678901" });
    const payable = await t.app.inject({
      method: "GET",
      url: `/api/customer/orders/${list[1].id}`,
      headers: { cookie },
    });
    expect(payable.json().order.shippingAddress).toMatchObject({ city: "Lyon", country: "France" });
  });

  it("opens the live-order sidebar on the running live's viewers, comments and products for sale", async () => {
    const [live] = await t.db.select().from(lives).where(eq(lives.isActive, true));
    expect(live?.ref).toBe("nouveautes");
    const viewers = await t.db
      .select()
      .from(liveUsers)
      .where(eq(liveUsers.liveId, live?.id ?? ""));
    expect(viewers.map((viewer) => viewer.tiktokUsername).sort()).toEqual([
      "camille_mode",
      "ines.shop",
      "lea_live",
      "nath_92",
    ]);
    const comments = await t.db
      .select()
      .from(tiktokEvents)
      .where(eq(tiktokEvents.liveId, live?.id ?? ""));
    expect(comments.map((event) => event.comment)).toContain("je prends le 5");
    const cookie = await signInAsAdmin(t);
    const response = await t.app.inject({
      method: "GET",
      url: `/api/admin/live-sidebar/claimables?liveId=${live?.id}`,
      headers: { cookie },
    });
    expect(response.json().availableRefs).toEqual([3, 5, 6]);
  });

  it("lets whoever signs up with the live viewer's handle find her order", async () => {
    const cookie = await signUpCustomer(t, "lea_live", "lea.demo@example.com");
    const list = await ordersOf(cookie);
    expect(list).toEqual([
      expect.objectContaining({ orderNumber: "HF-nouveautes-2", status: "to-validate" }),
    ]);
  });
});
