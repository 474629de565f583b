import { isRealEmail, liveViewerPlaceholderEmail, SHIPPING_FEE_CENTS } from "@vitrine/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUsers, lives, orders, products } from "../src/db/schema";
import { ADMIN } from "./support/actors";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import {
  insertColor,
  insertCustomer,
  insertLive,
  insertLiveViewer,
  insertOrder,
  insertProduct,
} from "./support/factories";
import { failureCodeOf, UNIQUE_VIOLATION } from "./support/pg-error";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

const session = { method: "GET", url: "/api/auth/session" } as const;

describe("the API kit", () => {
  it("is one per test app", () => {
    expect(apiKitOf(t)).toBe(kit);
  });

  it("signs each role in once, through the API, as the person it names", async () => {
    const customer = await kit.actor("customer");
    const otherCustomer = await kit.actor("otherCustomer");
    const admin = await kit.actor("admin");
    const adminByMagicLink = await kit.actor("adminByMagicLink");
    expect(otherCustomer.userId).not.toBe(customer.userId);
    expect(otherCustomer.email).not.toBe(customer.email);
    expect(adminByMagicLink.userId).toBe(admin.userId);
    expect(admin.email).toBe(ADMIN.email);

    expect((await kit.injectAs("customer", session)).json().user).toMatchObject({
      id: customer.userId,
      email: customer.email,
      tiktokUsername: customer.tiktokUsername,
      isAdmin: false,
    });
    expect((await kit.injectAs("admin", session)).json().user).toMatchObject({
      id: admin.userId,
      isAdmin: true,
    });
    expect((await kit.injectAs("adminByMagicLink", session)).json().user).toMatchObject({
      id: admin.userId,
      isAdmin: false,
    });
    expect((await kit.injectAs("anonymous", session)).json().user).toBeNull();

    const mailsBefore = t.mails.length;
    const cookie = await kit.cookieOf("customer");
    await kit.injectAs("customer", session);
    expect(await kit.cookieOf("customer")).toBe(cookie);
    expect(t.mails.length).toBe(mailsBefore);
  });

  it("sends the app's own Origin with a state-changing method only, and lets the request's win", async () => {
    const read = await kit.injectAs("customer", session);
    expect(read.raw.req.headers.origin).toBeUndefined();
    expect(read.raw.req.headers.cookie).toBe(await kit.cookieOf("customer"));

    const write = await kit.injectAs("anonymous", {
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: "kit-nobody@example.com" },
    });
    expect(write.raw.req.headers.origin).toBe("http://localhost:3000");
    expect(write.json().code).toBe("ACCOUNT_NOT_FOUND");

    const crossSite = await kit.injectAs("customer", {
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await kit.injectAs("customer", session)).json().user).not.toBeNull();
  });

  it("signs a role in again after a call that ended its session", async () => {
    const before = await kit.cookieOf("otherCustomer");
    const signOut = await kit.injectAs("otherCustomer", { method: "POST", url: "/api/auth/sign-out" });
    expect(signOut.json()).toEqual({ status: "signed-out", endedImpersonation: false });
    const after = await kit.cookieOf("otherCustomer");
    expect(after).not.toBe(before);
    expect((await kit.injectAs("otherCustomer", session)).json().user.id).toBe(
      (await kit.actor("otherCustomer")).userId,
    );
  });
});

describe("data factories", () => {
  it("inserts a customer with a sign-in account, unique each time", async () => {
    const [julie, other] = [await insertCustomer(t.db), await insertCustomer(t.db)];
    expect(julie.authId).not.toBeNull();
    expect(isRealEmail(julie.email)).toBe(true);
    const [identity] = await t.db
      .select()
      .from(authUsers)
      .where(eq(authUsers.id, julie.authId ?? ""));
    expect(identity?.email).toBe(julie.email);
    expect(other.email).not.toBe(julie.email);
    expect(other.tiktokUsername).not.toBe(julie.tiktokUsername);
    expect(await insertCustomer(t.db, { email: "Named@Example.com", firstName: "Anne" })).toMatchObject({
      email: "named@example.com",
      firstName: "Anne",
    });
  });

  it("inserts a live viewer with only a handle and its placeholder e-mail", async () => {
    const viewer = await insertLiveViewer(t.db, { tiktokUsername: "Mode_Lyon" });
    expect(viewer).toMatchObject({
      authId: null,
      tiktokUsername: "mode_lyon",
      email: liveViewerPlaceholderEmail("mode_lyon"),
      firstName: null,
    });
    expect(isRealEmail(viewer.email)).toBe(false);
    expect((await insertLiveViewer(t.db)).tiktokUsername).not.toBe(viewer.tiktokUsername);
  });

  it("inserts lives with distinct valid refs, and colours", async () => {
    const [first, second] = [await insertLive(t.db), await insertLive(t.db, { isActive: true })];
    for (const live of [first, second]) expect(live.ref).toMatch(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
    expect(second.ref).not.toBe(first.ref);
    expect(second).toMatchObject({ isActive: true, orderCounter: 0 });
    expect((await insertColor(t.db)).hexCode).toMatch(/^#[0-9A-F]{6}$/);
    expect(await insertColor(t.db, { name: "Bleu nuit", hexCode: "#191970" })).toMatchObject({
      name: "Bleu nuit",
    });
  });

  it("numbers the products of a live one after another, each with a colour unless told", async () => {
    const live = await insertLive(t.db);
    const three = await Promise.all([1, 2, 3].map(() => insertProduct(t.db, { liveId: live.id })));
    expect(three.map((product) => product.ref).sort((a, b) => a - b)).toEqual([1, 2, 3]);
    for (const product of three) expect(product.colorId).not.toBeNull();
    expect(await insertProduct(t.db, { liveId: live.id, colorId: null, priceCents: 1990 })).toMatchObject({
      ref: 4,
      colorId: null,
      priceCents: 1990,
    });
    expect((await insertProduct(t.db)).liveId).not.toBe(live.id);
  });

  it("inserts orders numbered from the live's counter, totalled with shipping, their lines priced and coloured", async () => {
    const live = await insertLive(t.db);
    const color = await insertColor(t.db, { name: "Rose poudré", hexCode: "#F4C2C2" });
    const dress = await insertProduct(t.db, { liveId: live.id, colorId: color.id, priceCents: 2500 });
    const skirt = await insertProduct(t.db, { liveId: live.id, colorId: null, priceCents: 1800 });
    const customer = await kit.actor("customer");

    const first = await insertOrder(t.db, { products: [dress, skirt], userId: customer.userId });
    expect(first).toMatchObject({
      orderNumber: `HF-${live.ref}-1`,
      liveId: live.id,
      userId: customer.userId,
      status: "to-validate",
      totalAmountCents: 2500 + 1800 + SHIPPING_FEE_CENTS,
    });
    expect(first.items.map(({ productId, priceCents, color }) => ({ productId, priceCents, color }))).toEqual(
      [
        { productId: dress.id, priceCents: 2500, color: { name: "Rose poudré", hex_code: "#F4C2C2" } },
        { productId: skirt.id, priceCents: 1800, color: null },
      ],
    );

    const second = await insertOrder(t.db, { liveId: live.id, status: "paid" });
    expect(second).toMatchObject({ orderNumber: `HF-${live.ref}-2`, status: "paid" });
    expect(second.items).toHaveLength(1);
    expect(second.userId).not.toBe(customer.userId);
    expect((await insertOrder(t.db, { liveId: live.id, products: [] })).totalAmountCents).toBe(
      SHIPPING_FEE_CENTS,
    );
  });

  it("never sells a product twice, and writes nothing when it is tried", async () => {
    const sold = (await insertOrder(t.db)).items[0];
    const [product] = await t.db
      .select()
      .from(products)
      .where(eq(products.id, sold?.productId ?? ""));
    if (!product) throw new Error("the order has no product");
    const [liveBefore] = await t.db.select().from(lives).where(eq(lives.id, product.liveId));
    const ordersBefore = await t.db.$count(orders);

    expect(await failureCodeOf(insertOrder(t.db, { products: [product] }))).toBe(UNIQUE_VIOLATION);
    const [liveAfter] = await t.db.select().from(lives).where(eq(lives.id, product.liveId));
    expect(liveAfter?.orderCounter).toBe(liveBefore?.orderCounter);
    expect(await t.db.$count(orders)).toBe(ordersBefore);
  });

  it("refuses a product of another live than the order's", async () => {
    const product = await insertProduct(t.db);
    await expect(
      insertOrder(t.db, { liveId: (await insertLive(t.db)).id, products: [product] }),
    ).rejects.toThrow("is not in the order's live");
  });
});
