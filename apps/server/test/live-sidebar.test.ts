import {
  liveViewerPlaceholderEmail,
  type LiveOrdersChanged,
  type LiveSidebarAddResponse,
  type LiveSidebarOrder,
} from "@vitrine/domain";
import { eq, inArray } from "drizzle-orm";
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { liveUsers, lives, orderItems, orders, tiktokEvents, users } from "../src/db/schema";
import { createSilentLiveHub } from "../src/realtime/live-hub";
import { ensureFirstAdmin } from "../src/modules/auth/first-admin";
import { ADMIN, signUpCustomer } from "./support/actors";
import { catalogueCallers, type Caller } from "./support/catalogue-fixtures";
import {
  insertColor,
  insertCustomer,
  insertLive,
  insertLiveViewer,
  insertOrder,
  insertProduct,
  orderRowOf,
  type LiveRow,
} from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

/** What the app announced, each with whether the change was already visible to another connection. */
const published: { change: LiveOrdersChanged; itemsSeen: number }[] = [];

let t: TestApp;
let as: { admin: Caller; customer: Caller; anonymous: Caller };
beforeAll(async () => {
  t = await createTestApp({
    liveHub: {
      // The rest of the hub as the silent one has it: this test listens to orders changes only.
      ...createSilentLiveHub(),
      publishOrdersChanged: async (change) => {
        // Read through the pool, outside the add's transaction: counts only what is committed.
        const itemsSeen = await t.db.$count(orderItems, eq(orderItems.orderId, change.orderId));
        published.push({ change, itemsSeen });
      },
    },
  });
  as = await catalogueCallers(t);
});
afterAll(async () => t.close());
beforeEach(() => {
  published.length = 0;
});

const BASE = "/api/admin/live-sidebar";
const SOLD = "Ce produit a déjà été vendu dans ce live.";
const REQUIRED = "Veuillez sélectionner un produit et indiquer un pseudo";

const suffix = randomBytes(2).toString("hex");
let handles = 0;
/** A handle nobody has yet, valid for a sign-up (lower case, at most 24 characters). */
const newHandle = () => `v${++handles}_${suffix}`;

const activeLive = (overrides: Partial<typeof lives.$inferInsert> = {}) =>
  insertLive(t.db, { isActive: true, ...overrides });
const productOf = (live: LiveRow, priceCents = 2500) =>
  insertProduct(t.db, { liveId: live.id, priceCents, colorId: null });

async function add(payload: Record<string, unknown>) {
  return as.admin("POST", `${BASE}/add`, payload);
}

async function added(payload: Record<string, unknown>): Promise<LiveSidebarAddResponse> {
  const response = await add(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<LiveSidebarAddResponse>();
}

/** Everything an add may write: what a refused add must leave as it was. */
async function footprint(liveId: string) {
  const [live] = await t.db.select({ counter: lives.orderCounter }).from(lives).where(eq(lives.id, liveId));
  return {
    users: await t.db.$count(users),
    orders: await t.db.$count(orders),
    items: await t.db.$count(orderItems),
    counter: live?.counter,
  };
}

describe("the one-gesture add", () => {
  it("creates the user from the handle, their order of the live, and the line at the product's price", async () => {
    const live = await activeLive();
    const color = await insertColor(t.db, { name: `Rouge ${suffix}`, hexCode: "#AA0000" });
    const product = await insertProduct(t.db, { liveId: live.id, priceCents: 3450, colorId: color.id });
    const handle = newHandle();

    const reply = await added({ liveId: live.id, productId: product.id, handle, comment: "taille M" });

    expect(reply.userCreated).toBe(true);
    expect(reply.orderCreated).toBe(true);
    expect(reply.order).toMatchObject({
      orderNumber: `HF-${live.ref}-1`,
      status: "to-validate",
      totalAmountCents: 3450 + 600,
      comment: "taille M",
      live: { id: live.id, title: live.title },
      client: { tiktokUsername: handle, firstName: null, lastName: null },
      items: [
        {
          productId: product.id,
          ref: product.ref,
          quantity: 1,
          priceCents: 3450,
          color: { name: color.name, hexCode: "#AA0000" },
        },
      ],
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, reply.order.client.id));
    expect(user).toMatchObject({
      tiktokUsername: handle,
      email: liveViewerPlaceholderEmail(handle),
      authId: null,
    });
  });

  it("records the live's comment a line was claimed by, and no comment of another live or unknown", async () => {
    const live = await activeLive();
    const comment = async (liveId: string) => {
      const [event] = await t.db
        .insert(tiktokEvents)
        .values({ liveId, eventType: "chat", comment: "je prends le 3", createTime: Date.now() })
        .returning({ id: tiktokEvents.id });
      return event!.id;
    };
    const own = await comment(live.id);
    const stranger = await comment((await activeLive()).id);
    const sourceOf = async (sourceEventId: string) => {
      const reply = await added({
        liveId: live.id,
        productId: (await productOf(live)).id,
        handle: newHandle(),
        sourceEventId,
      });
      const [line] = await t.db
        .select({ sourceEventId: orderItems.sourceEventId })
        .from(orderItems)
        .where(eq(orderItems.orderId, reply.order.id));
      return line?.sourceEventId;
    };
    expect(await sourceOf(own)).toBe(own);
    expect(await sourceOf(stranger)).toBeNull();
    expect(await sourceOf(randomUUID())).toBeNull();
  });

  it("lowercases and trims the handle, and drops its @", async () => {
    const live = await activeLive();
    const handle = newHandle();
    const reply = await added({
      liveId: live.id,
      productId: (await productOf(live)).id,
      handle: `  @${handle.toUpperCase()} `,
    });
    expect(reply.order.client.tiktokUsername).toBe(handle);
  });

  it("stores ' @MaRie ' as 'marie'", async () => {
    const live = await activeLive();
    // 'marie' belongs to this test file's database alone.
    const reply = await added({ liveId: live.id, productId: (await productOf(live)).id, handle: " @MaRie " });
    expect(reply.order.client.tiktokUsername).toBe("marie");
  });

  it("finds an existing user whatever the case of the handle, without creating one", async () => {
    const live = await activeLive();
    const customer = await insertCustomer(t.db, { tiktokUsername: `Julie_${suffix}` });
    const before = await t.db.$count(users);
    const reply = await added({
      liveId: live.id,
      productId: (await productOf(live)).id,
      handle: `JULIE_${suffix.toUpperCase()}`,
    });
    expect(reply.userCreated).toBe(false);
    expect(reply.order.client.id).toBe(customer.id);
    expect(await t.db.$count(users)).toBe(before);
  });

  it("reuses the user's to-validate order of the live: one order, both lines, the total recomputed", async () => {
    const live = await activeLive();
    const handle = newHandle();
    const first = await added({ liveId: live.id, productId: (await productOf(live, 1000)).id, handle });
    const second = await added({ liveId: live.id, productId: (await productOf(live, 2000)).id, handle });
    expect(second.orderCreated).toBe(false);
    expect(second.userCreated).toBe(false);
    expect(second.order.id).toBe(first.order.id);
    expect(second.order.items).toHaveLength(2);
    expect(second.order.totalAmountCents).toBe(1000 + 2000 + 600);
    expect((await footprint(live.id)).counter).toBe(1);
  });

  it.each(["to-pay", "paid"] as const)(
    "opens a new order when the user's order of the live is %s",
    async (status) => {
      const live = await activeLive();
      const viewer = await insertLiveViewer(t.db, { tiktokUsername: newHandle() });
      const earlier = await insertOrder(t.db, { liveId: live.id, userId: viewer.id, status, products: [] });
      const reply = await added({
        liveId: live.id,
        productId: (await productOf(live)).id,
        handle: viewer.tiktokUsername,
      });
      expect(reply.orderCreated).toBe(true);
      expect(reply.order.id).not.toBe(earlier.id);
      expect(reply.order.orderNumber).toBe(`HF-${live.ref}-2`);
    },
  );

  it("opens a new order when the user's to-validate order belongs to another live", async () => {
    const live = await activeLive();
    const other = await activeLive();
    const viewer = await insertLiveViewer(t.db, { tiktokUsername: newHandle() });
    const elsewhere = await insertOrder(t.db, { liveId: other.id, userId: viewer.id, products: [] });
    const reply = await added({
      liveId: live.id,
      productId: (await productOf(live)).id,
      handle: viewer.tiktokUsername,
    });
    expect(reply.orderCreated).toBe(true);
    expect(reply.order.id).not.toBe(elsewhere.id);
    expect(reply.order.live.id).toBe(live.id);
  });

  describe("refuses, writing nothing", () => {
    it.each([
      ["without a handle", { handle: "" }],
      ["with a blank handle", { handle: "   " }],
      ["with a lone @", { handle: " @ " }],
      ["without a product", { productId: undefined }],
      ["with a product that is no id", { productId: "12" }],
    ])("%s: 400 'Veuillez sélectionner un produit et indiquer un pseudo'", async (_case, change) => {
      const live = await activeLive();
      const product = await productOf(live);
      const before = await footprint(live.id);
      const response = await add({ liveId: live.id, productId: product.id, handle: newHandle(), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", message: REQUIRED });
      expect(await footprint(live.id)).toEqual(before);
      expect(published).toEqual([]);
    });

    it.each([
      [
        "a space inside",
        "marie dupont",
        "Le pseudo TikTok ne doit contenir que des lettres, chiffres, points ou underscore",
      ],
      [
        "an accent",
        "chloé",
        "Le pseudo TikTok ne doit contenir que des lettres, chiffres, points ou underscore",
      ],
      ["a second @", "marie@75", "L'arobase (@) ne doit être qu'au début du pseudo."],
      ["one letter", "m", "Le pseudo TikTok doit contenir au moins 2 caractères"],
      ["25 letters", "a".repeat(25), "Le pseudo TikTok ne peut pas dépasser 24 caractères"],
    ])("for a handle with %s, as sign-up refuses it, writing nothing", async (_case, handle, message) => {
      const live = await activeLive();
      const product = await productOf(live);
      // Staff have the sidebar open (signed in) before the count.
      expect((await as.admin("GET", `${BASE}/claimables?liveId=${live.id}`)).statusCode).toBe(200);
      const before = await footprint(live.id);
      const response = await add({ liveId: live.id, productId: product.id, handle });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "VALIDATION_FAILED",
        message,
        fields: { handle: message },
      });
      expect(await footprint(live.id)).toEqual(before);
      expect(published).toEqual([]);
    });

    it("for a live that is no id, naming the live", async () => {
      const response = await add({ liveId: "abc", productId: randomUUID(), handle: newHandle() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: "La sélection d'un live est obligatoire" });
    });

    it("for an unknown live: 404", async () => {
      const before = await t.db.$count(users);
      const response = await add({ liveId: randomUUID(), productId: randomUUID(), handle: newHandle() });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "NOT_FOUND", message: "Live introuvable" });
      expect(await t.db.$count(users)).toBe(before);
    });

    it("for a live that is not active: 409 'Ce live n'est pas actif'", async () => {
      const live = await insertLive(t.db, { isActive: false });
      const product = await productOf(live);
      const before = await footprint(live.id);
      const response = await add({ liveId: live.id, productId: product.id, handle: newHandle() });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: "CONFLICT", message: "Ce live n'est pas actif" });
      expect(await footprint(live.id)).toEqual(before);
    });

    it("for a product of another live", async () => {
      const live = await activeLive();
      const stranger = await productOf(await activeLive());
      const before = await footprint(live.id);
      const response = await add({ liveId: live.id, productId: stranger.id, handle: newHandle() });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        `Aucun produit avec la référence ${stranger.ref} trouvé dans ce live`,
      );
      expect(await footprint(live.id)).toEqual(before);
    });

    it("for an unknown product", async () => {
      const live = await activeLive();
      const before = await footprint(live.id);
      const response = await add({ liveId: live.id, productId: randomUUID(), handle: newHandle() });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Aucun produit avec cette référence trouvé dans ce live");
      expect(await footprint(live.id)).toEqual(before);
    });

    it("for a product already in the user's order: 'Ce produit est déjà présent dans la commande'", async () => {
      const live = await activeLive();
      const product = await productOf(live);
      const handle = newHandle();
      await added({ liveId: live.id, productId: product.id, handle });
      const before = await footprint(live.id);
      const response = await add({ liveId: live.id, productId: product.id, handle });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe("Ce produit est déjà présent dans la commande");
      expect(await footprint(live.id)).toEqual(before);
    });

    it("for a product sold to someone else, leaving no user, order or counter change", async () => {
      const live = await activeLive();
      const product = await productOf(live);
      await added({ liveId: live.id, productId: product.id, handle: newHandle() });
      const before = await footprint(live.id);
      const response = await add({ liveId: live.id, productId: product.id, handle: newHandle() });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: "CONFLICT", message: SOLD });
      expect(await footprint(live.id)).toEqual(before);
    });

    it("when the handle's placeholder e-mail belongs to a viewer renamed since: 'Impossible de trouver ou créer l'utilisateur', nothing written", async () => {
      const live = await activeLive();
      const product = await productOf(live);
      const handle = newHandle();
      await t.db
        .insert(users)
        .values({ tiktokUsername: newHandle(), email: liveViewerPlaceholderEmail(handle) });
      const before = await footprint(live.id);
      const response = await add({ liveId: live.id, productId: product.id, handle });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: "CONFLICT",
        message: "Impossible de trouver ou créer l'utilisateur",
      });
      expect(await footprint(live.id)).toEqual(before);
    });

    it("for anyone but an admin", async () => {
      const live = await activeLive();
      const payload = { liveId: live.id, productId: (await productOf(live)).id, handle: newHandle() };
      expect((await as.customer("POST", `${BASE}/add`, payload)).statusCode).toBe(403);
      expect((await as.anonymous("POST", `${BASE}/add`, payload)).statusCode).toBe(401);
      expect(await footprint(live.id)).toMatchObject({ counter: 0 });
    });
  });

  it("gives a piece wanted by 50 new handles at once to exactly one, leaving nothing half-written", async () => {
    const live = await activeLive();
    const product = await productOf(live);
    const before = await footprint(live.id);
    const contenders = Array.from({ length: 50 }, () => newHandle());

    const responses = await Promise.all(
      contenders.map((handle) => add({ liveId: live.id, productId: product.id, handle })),
    );

    const winners = responses.filter((response) => response.statusCode === 201);
    const losers = responses.filter((response) => response.statusCode !== 201);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(49);
    for (const loser of losers) {
      expect(loser.statusCode).toBe(409);
      expect(loser.json()).toMatchObject({ code: "CONFLICT", message: SOLD });
    }
    expect(await footprint(live.id)).toEqual({
      users: before.users + 1,
      orders: before.orders + 1,
      items: before.items + 1,
      counter: (before.counter ?? 0) + 1,
    });
    const winner = winners[0]?.json<LiveSidebarAddResponse>();
    expect(winner?.order.orderNumber).toBe(`HF-${live.ref}-1`);
    const created = await t.db
      .select({ handle: users.tiktokUsername })
      .from(users)
      .where(inArray(users.tiktokUsername, contenders));
    expect(created).toEqual([{ handle: winner?.order.client.tiktokUsername }]);
  });

  it("puts two products added at once for one new handle in one order of one new user", async () => {
    const live = await activeLive();
    const [a, b] = [await productOf(live, 1000), await productOf(live, 2000)];
    const handle = newHandle();
    const before = await footprint(live.id);
    const [first, second] = await Promise.all(
      [a, b].map((product) => add({ liveId: live.id, productId: product?.id, handle })),
    );
    expect([first?.statusCode, second?.statusCode]).toEqual([201, 201]);
    const after = await footprint(live.id);
    expect(after).toEqual({
      users: before.users + 1,
      orders: before.orders + 1,
      items: before.items + 2,
      counter: (before.counter ?? 0) + 1,
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.liveId, live.id));
    expect(order?.totalAmountCents).toBe(1000 + 2000 + 600);
    const replies = [first, second].map((response) => response?.json<LiveSidebarAddResponse>());
    expect(replies.map((reply) => reply?.userCreated).sort()).toEqual([false, true]);
    expect(replies.map((reply) => reply?.orderCreated).sort()).toEqual([false, true]);
  });

  it("hands the order to the viewer who later signs up with that handle", async () => {
    const live = await activeLive();
    const handle = newHandle();
    const reply = await added({ liveId: live.id, productId: (await productOf(live)).id, handle });
    const cookie = await signUpCustomer(t, handle.toUpperCase(), `${handle}@example.com`);
    const response = await t.app.inject({ method: "GET", url: "/api/customer/orders", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().orders).toEqual([
      expect.objectContaining({ id: reply.order.id, orderNumber: reply.order.orderNumber }),
    ]);
    const [user] = await t.db.select().from(users).where(eq(users.id, reply.order.client.id));
    expect(user).toMatchObject({ email: `${handle}@example.com`, authId: expect.any(String) });
  });

  it("announces the live's changed order once the add is committed, and not for a refused add", async () => {
    const live = await activeLive();
    const product = await productOf(live);
    const reply = await added({ liveId: live.id, productId: product.id, handle: newHandle() });
    expect(published).toEqual([{ change: { liveId: live.id, orderId: reply.order.id }, itemsSeen: 1 }]);
    await add({ liveId: live.id, productId: product.id, handle: newHandle() });
    expect(published).toHaveLength(1);
  });
});

describe("deleting a line from the sidebar", () => {
  it("removes it, recomputes the total, puts the piece back on sale and announces it", async () => {
    const live = await activeLive();
    const [a, b] = [await productOf(live, 1000), await productOf(live, 2000)];
    const handle = newHandle();
    await added({ liveId: live.id, productId: a.id, handle });
    const { order } = await added({ liveId: live.id, productId: b.id, handle });
    const line = order.items.find((item) => item.productId === a.id);
    published.length = 0;

    const response = await as.admin("DELETE", `${BASE}/orders/${order.id}/items/${line?.id}`);
    expect(response.statusCode).toBe(200);
    const after = response.json<{ order: LiveSidebarOrder }>().order;
    expect(after.items.map((item) => item.productId)).toEqual([b.id]);
    expect(after.totalAmountCents).toBe(2000 + 600);
    expect((await orderRowOf(t.db, order.id)).totalAmountCents).toBe(2600);
    expect(published).toEqual([{ change: { liveId: live.id, orderId: order.id }, itemsSeen: 1 }]);

    const again = await add({ liveId: live.id, productId: a.id, handle: newHandle() });
    expect(again.statusCode).toBe(201);
  });

  it("answers 404 for a line the order does not hold, and for an unknown order", async () => {
    const live = await activeLive();
    const { order } = await added({
      liveId: live.id,
      productId: (await productOf(live)).id,
      handle: newHandle(),
    });
    const other = await insertOrder(t.db, { liveId: live.id });
    const foreignLine = other.items[0]?.id;
    expect((await as.admin("DELETE", `${BASE}/orders/${order.id}/items/${foreignLine}`)).statusCode).toBe(
      404,
    );
    expect((await as.admin("DELETE", `${BASE}/orders/${randomUUID()}/items/${foreignLine}`)).statusCode).toBe(
      404,
    );
    expect((await as.admin("DELETE", `${BASE}/orders/abc/items/def`)).statusCode).toBe(404);
    expect((await orderRowOf(t.db, order.id)).totalAmountCents).toBe(order.totalAmountCents);
  });
});

describe("lines of an order past to-pay", () => {
  it("are not deleted from the sidebar, and a new add opens a new order to validate", async () => {
    const live = await activeLive();
    const handle = newHandle();
    const { order } = await added({ liveId: live.id, productId: (await productOf(live)).id, handle });
    await t.db.update(orders).set({ status: "paid" }).where(eq(orders.id, order.id));
    const line = order.items[0]?.id ?? "";

    const response = await as.admin("DELETE", `${BASE}/orders/${order.id}/items/${line}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: "CONFLICT",
      message:
        "Les articles de cette commande ne peuvent plus être modifiés : elle n'est plus à valider ni à payer.",
    });
    expect(await t.db.$count(orderItems, eq(orderItems.orderId, order.id))).toBe(1);

    const next = await added({ liveId: live.id, productId: (await productOf(live)).id, handle });
    expect(next.orderCreated).toBe(true);
    expect(next.order.id).not.toBe(order.id);
    expect(await t.db.$count(orderItems, eq(orderItems.orderId, order.id))).toBe(1);
  });
});

describe("the sidebar's reads", () => {
  it("suggests the live's available products by reference prefix, sold ones left out", async () => {
    const live = await activeLive();
    const refs = [1, 12, 120, 121, 13, 2];
    const byRef = new Map<number, string>();
    for (const ref of refs) {
      byRef.set(ref, (await insertProduct(t.db, { liveId: live.id, ref, colorId: null })).id);
    }
    await added({ liveId: live.id, productId: byRef.get(120), handle: newHandle() });
    const response = await as.admin("GET", `${BASE}/products?liveId=${live.id}&ref=12`);
    expect(response.statusCode).toBe(200);
    expect(response.json().products.map((product: { ref: number }) => product.ref)).toEqual([12, 121]);
    const other = await as.admin("GET", `${BASE}/products?liveId=${(await activeLive()).id}&ref=1`);
    expect(other.json().products).toEqual([]);
  });

  it("limits product suggestions to 20 and refuses a reference that is not digits", async () => {
    const live = await activeLive();
    for (let ref = 1; ref <= 25; ref += 1)
      await insertProduct(t.db, { liveId: live.id, ref: 100 + ref, colorId: null });
    const response = await as.admin("GET", `${BASE}/products?liveId=${live.id}&ref=1`);
    expect(response.json().products).toHaveLength(20);
    expect((await as.admin("GET", `${BASE}/products?liveId=${live.id}&ref=1a`)).statusCode).toBe(400);
    expect((await as.admin("GET", `${BASE}/products?ref=1`)).statusCode).toBe(400);
  });

  it("lists the claimable references and the sold ones with their buyer's handle", async () => {
    const live = await activeLive();
    const [p1, p2, p3] = [await productOf(live), await productOf(live), await productOf(live)];
    const handle = newHandle();
    const { order } = await added({ liveId: live.id, productId: p2.id, handle });
    const response = await as.admin("GET", `${BASE}/claimables?liveId=${live.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      availableRefs: [p1.ref, p3.ref],
      sold: [{ ref: p2.ref, productId: p2.id, orderId: order.id, tiktokUsername: handle }],
    });
  });

  it("lists the live's 50 latest orders, newest first, with their lines, client, live and comment", async () => {
    const live = await activeLive();
    const base = Date.parse("2026-01-01T10:00:00Z");
    for (let n = 0; n < 52; n += 1) {
      await insertOrder(t.db, { liveId: live.id, orderDate: new Date(base + n * 60_000), comment: `n${n}` });
    }
    await insertOrder(t.db, { liveId: (await activeLive()).id });
    const response = await as.admin("GET", `${BASE}/orders?liveId=${live.id}`);
    expect(response.statusCode).toBe(200);
    const listed: LiveSidebarOrder[] = response.json().orders;
    expect(listed).toHaveLength(50);
    expect(listed.map((order) => order.comment)).toEqual(
      Array.from({ length: 50 }, (_, index) => `n${51 - index}`),
    );
    expect(listed[0]).toMatchObject({
      live: { id: live.id, title: live.title },
      items: [expect.objectContaining({ quantity: 1, priceCents: 2500 })],
      client: { tiktokUsername: expect.any(String) },
    });
  });

  describe("the handle autocomplete", () => {
    it("matches users and the live's viewers case-insensitively, one entry a handle, exact and prefix first", async () => {
      const live = await activeLive();
      const tag = `zq${suffix}`;
      const user = await insertLiveViewer(t.db, { tiktokUsername: `${tag}_anna` });
      await insertLiveViewer(t.db, { tiktokUsername: `mme_${tag}` });
      await t.db.insert(liveUsers).values([
        {
          liveId: live.id,
          tiktokUsername: `${tag}_anna`,
          displayName: "Anna",
          avatarUrl: "https://a.test/1.png",
        },
        { liveId: live.id, tiktokUsername: "lea_b", displayName: `Léa ${tag.toUpperCase()}` },
        { liveId: live.id, tiktokUsername: tag, displayName: null },
      ]);
      await t.db
        .insert(liveUsers)
        .values({ liveId: (await activeLive()).id, tiktokUsername: `${tag}_other` });

      const response = await as.admin("GET", `${BASE}/handles?q=${tag.toUpperCase()}&liveId=${live.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().handles).toEqual([
        { tiktokUsername: tag, displayName: null, avatarUrl: null, userId: null, source: "viewer" },
        {
          tiktokUsername: `${tag}_anna`,
          displayName: "Anna",
          avatarUrl: "https://a.test/1.png",
          userId: user.id,
          source: "user",
        },
        {
          tiktokUsername: "lea_b",
          displayName: `Léa ${tag.toUpperCase()}`,
          avatarUrl: null,
          userId: null,
          source: "viewer",
        },
        expect.objectContaining({ tiktokUsername: `mme_${tag}`, source: "user" }),
      ]);

      const everywhere = await as.admin("GET", `${BASE}/handles?q=@${tag}`);
      expect(
        everywhere.json().handles.map((entry: { tiktokUsername: string }) => entry.tiktokUsername),
      ).toContain(`${tag}_other`);
    });

    it("answers 100 handles at most, and refuses an empty text", async () => {
      const live = await activeLive();
      const tag = `lim${suffix}`;
      await t.db
        .insert(liveUsers)
        .values(Array.from({ length: 80 }, (_, n) => ({ liveId: live.id, tiktokUsername: `${tag}_v${n}` })));
      for (let n = 0; n < 30; n += 1) await insertLiveViewer(t.db, { tiktokUsername: `${tag}_u${n}` });
      const response = await as.admin("GET", `${BASE}/handles?q=${tag}&liveId=${live.id}`);
      expect(response.json().handles).toHaveLength(100);
      expect((await as.admin("GET", `${BASE}/handles?q=`)).statusCode).toBe(400);
    });
  });

  it("is for admins only", async () => {
    const live = await activeLive();
    for (const url of [
      `${BASE}/products?liveId=${live.id}&ref=1`,
      `${BASE}/claimables?liveId=${live.id}`,
      `${BASE}/handles?q=ab`,
      `${BASE}/orders?liveId=${live.id}`,
    ]) {
      expect((await as.customer("GET", url)).statusCode).toBe(403);
      expect((await as.anonymous("GET", url)).statusCode).toBe(401);
    }
    const { order } = await added({
      liveId: live.id,
      productId: (await productOf(live)).id,
      handle: newHandle(),
    });
    const url = `${BASE}/orders/${order.id}/items/${order.items[0]?.id}`;
    expect((await as.customer("DELETE", url)).statusCode).toBe(403);
    expect((await orderRowOf(t.db, order.id)).totalAmountCents).toBe(order.totalAmountCents);
  });
});

describe("GET /api/admin/live-sidebar/source-help", () => {
  it("lets the sidebar name the comment simulator outside production", async () => {
    const response = await as.admin("GET", `${BASE}/source-help`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ simulatorAvailable: true });
    expect((await as.customer("GET", `${BASE}/source-help`)).statusCode).toBe(403);
  });

  it("never in production, where the command is a developer's and would not be let in", async () => {
    const production = await createTestApp({
      env: { NODE_ENV: "production", AUTH_SECRET: "a".repeat(32), SMTP_URL: "smtp://localhost:2525" },
    });
    try {
      await ensureFirstAdmin(production.db, ADMIN);
      const signIn = await production.app.inject({
        method: "POST",
        url: "/api/auth/admin/sign-in",
        payload: ADMIN,
      });
      // Production names its session cookie with the __Secure- prefix.
      const cookie = [signIn.headers["set-cookie"] ?? []]
        .flat()
        .find((header) => header.includes("session_token="))
        ?.split(";")[0];
      expect(cookie).toBeDefined();
      const response = await production.app.inject({
        method: "GET",
        url: `${BASE}/source-help`,
        headers: { cookie: cookie ?? "" },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ simulatorAvailable: false });
    } finally {
      await production.close();
    }
  });
});
