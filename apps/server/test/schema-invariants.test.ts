import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../src/db/client";
import {
  lives,
  messageTemplates,
  orderItems,
  orders,
  pages,
  productColors,
  products,
} from "../src/db/schema";
import { insertColor, insertLive, insertLiveViewer, insertOrder, insertProduct } from "./support/factories";
import {
  CHECK_VIOLATION,
  failureCodeOf,
  FOREIGN_KEY_VIOLATION,
  pgErrorCode,
  UNIQUE_VIOLATION,
} from "./support/pg-error";
import { waitUntilBlockedBy } from "./support/pg-waits";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let sequence = 0;
/** A unique suffix so that each test's rows never collide with another's. */
const next = () => ++sequence;

const newLive = () => insertLive(t.db);
const newColor = () => insertColor(t.db);
const newProduct = (liveId: string, overrides: { ref?: number; colorId?: string } = {}) =>
  insertProduct(t.db, { liveId, colorId: null, ...overrides });
/** An order without lines, of a new live viewer: the tests add the lines they need. */
const newOrder = (liveId: string) => insertOrder(t.db, { liveId, products: [] });

const addLine = (orderId: string, productId: string) =>
  t.db.insert(orderItems).values({ orderId, productId, priceCents: 2500 });
const setStatus = (orderId: string, status: typeof orders.$inferSelect.status) =>
  t.db.update(orders).set({ status }).where(eq(orders.id, orderId));

describe("pgErrorCode", () => {
  it("reads the code of a bare pg error, of a wrapped one, and nothing else", () => {
    expect(pgErrorCode({ code: "23505" })).toBe("23505");
    expect(pgErrorCode(new Error("Failed query", { cause: { code: "23503" } }))).toBe("23503");
    expect(pgErrorCode(new Error("plain"))).toBeUndefined();
    expect(pgErrorCode({ code: "ECONNREFUSED" })).toBeUndefined();
    expect(pgErrorCode("23505")).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
  });
});

describe("catalogue constraints", () => {
  it("keeps a product ref unique within a live, not across lives", async () => {
    const live = await newLive();
    const other = await newLive();
    await newProduct(live.id, { ref: 7 });
    expect(await failureCodeOf(newProduct(live.id, { ref: 7 }))).toBe(UNIQUE_VIOLATION);
    expect(await failureCodeOf(newProduct(other.id, { ref: 7 }))).toBe("no error");
  });

  it("refuses a negative price and a ref that is not positive", async () => {
    const live = await newLive();
    const insert = (priceCents: number, ref: number) =>
      t.db.insert(products).values({ liveId: live.id, ref, name: "Jupe", priceCents });
    expect(await failureCodeOf(insert(-1, next()))).toBe(CHECK_VIOLATION);
    expect(await failureCodeOf(insert(100, 0))).toBe(CHECK_VIOLATION);
    expect(await failureCodeOf(insert(0, next()))).toBe("no error");
  });

  it("keeps colour names unique", async () => {
    await t.db.insert(productColors).values({ name: "Bleu marine", hexCode: "#000080" });
    expect(
      await failureCodeOf(t.db.insert(productColors).values({ name: "Bleu marine", hexCode: "#000081" })),
    ).toBe(UNIQUE_VIOLATION);
  });

  it.each(["red", "#12345G", "#FFF", "#1234567", "123456", ""])(
    "refuses the colour code %j",
    async (hexCode) => {
      const insert = t.db.insert(productColors).values({ name: `Couleur ${next()}`, hexCode });
      expect(await failureCodeOf(insert)).toBe(CHECK_VIOLATION);
    },
  );

  it("accepts colour codes in either case", async () => {
    for (const hexCode of ["#aabbcc", "#AABBCC", "#0f0F0f"]) {
      expect(
        await failureCodeOf(t.db.insert(productColors).values({ name: `Couleur ${next()}`, hexCode })),
      ).toBe("no error");
    }
  });

  it("refuses to delete a colour a product uses", async () => {
    const color = await newColor();
    const unused = await newColor();
    await newProduct((await newLive()).id, { colorId: color.id });
    expect(await failureCodeOf(t.db.delete(productColors).where(eq(productColors.id, color.id)))).toBe(
      FOREIGN_KEY_VIOLATION,
    );
    expect(await failureCodeOf(t.db.delete(productColors).where(eq(productColors.id, unused.id)))).toBe(
      "no error",
    );
  });
});

describe("content constraints", () => {
  it("keeps page codes unique", async () => {
    await t.db.insert(pages).values({ code: "cgu", title: "CGU", content: "" });
    expect(await failureCodeOf(t.db.insert(pages).values({ code: "cgu", title: "Autre", content: "" }))).toBe(
      UNIQUE_VIOLATION,
    );
  });

  it.each(["Mentions", "ma page", "-cgv", "cgv-", "a--b", "a_b", "é", ""])(
    "refuses the page code %j",
    async (code) => {
      expect(await failureCodeOf(t.db.insert(pages).values({ code, title: "Page", content: "" }))).toBe(
        CHECK_VIOLATION,
      );
    },
  );

  it("accepts slug page codes", async () => {
    for (const code of ["mentions-legales", "page-hiver-2", "faq"]) {
      expect(await failureCodeOf(t.db.insert(pages).values({ code, title: "Page", content: "" }))).toBe(
        "no error",
      );
    }
  });

  it("keeps one message template per order status", async () => {
    await t.db.delete(messageTemplates);
    await t.db.insert(messageTemplates).values({ type: "to-pay", title: "À payer", body: "Merci de régler" });
    const second = t.db.insert(messageTemplates).values({ type: "to-pay", title: "Doublon", body: "..." });
    expect(await failureCodeOf(second)).toBe(UNIQUE_VIOLATION);
    const other = t.db
      .insert(messageTemplates)
      .values({ type: "shipped", title: "Expédiée", body: "En route" });
    expect(await failureCodeOf(other)).toBe("no error");
  });
});

describe("orders", () => {
  it("keeps order numbers unique", async () => {
    const live = await newLive();
    const order = await newOrder(live.id);
    const user = await insertLiveViewer(t.db);
    const duplicate = t.db
      .insert(orders)
      .values({ orderNumber: order.orderNumber, liveId: live.id, userId: user.id });
    expect(await failureCodeOf(duplicate)).toBe(UNIQUE_VIOLATION);
  });

  it("sells a product at most once", async () => {
    const live = await newLive();
    const product = await newProduct(live.id);
    const first = await newOrder(live.id);
    const second = await newOrder(live.id);
    expect(await failureCodeOf(addLine(first.id, product.id))).toBe("no error");
    expect(await failureCodeOf(addLine(second.id, product.id))).toBe(UNIQUE_VIOLATION);
    expect(await failureCodeOf(addLine(first.id, product.id))).toBe(UNIQUE_VIOLATION);
  });

  it("sells a product at most once when two orders take it at the same moment", async () => {
    const live = await newLive();
    const product = await newProduct(live.id);
    const orderA = await newOrder(live.id);
    const orderB = await newOrder(live.id);

    // Both transactions are open and past their first statement before either inserts.
    let arrived = 0;
    let release: () => void = () => {};
    const bothOpen = new Promise<void>((resolve) => (release = resolve));
    const takeProduct = (orderId: string) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        if (++arrived === 2) release();
        await bothOpen;
        await tx.insert(orderItems).values({ orderId, productId: product.id, priceCents: 2500 });
        // The first to insert commits only once the other's insert waits on it: they truly cross.
        const mine = await tx.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
        await waitUntilBlockedBy(t.db.$client, mine.rows[0]?.pid ?? 0);
      });
    const results = await Promise.allSettled([takeProduct(orderA.id), takeProduct(orderB.id)]);

    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((result) => result.status === "rejected");
    expect(pgErrorCode(rejected?.reason)).toBe(UNIQUE_VIOLATION);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.productId, product.id));
    expect(lines).toHaveLength(1);
  });

  it("releases the product when its order is cancelled, and refuses to revive the order once it is sold again", async () => {
    const live = await newLive();
    const product = await newProduct(live.id);
    const first = await newOrder(live.id);
    const second = await newOrder(live.id);
    await addLine(first.id, product.id);

    await setStatus(first.id, "cancelled-by-admin");
    const [released] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, first.id));
    expect(released?.isReleased).toBe(true);
    expect(await failureCodeOf(addLine(second.id, product.id))).toBe("no error");

    expect(await failureCodeOf(setStatus(first.id, "to-validate"))).toBe(UNIQUE_VIOLATION);
    const [stillCancelled] = await t.db.select().from(orders).where(eq(orders.id, first.id));
    expect(stillCancelled?.status).toBe("cancelled-by-admin");
  });

  it("takes the product back when a cancelled order is revived while the product is still free", async () => {
    const live = await newLive();
    const product = await newProduct(live.id);
    const order = await newOrder(live.id);
    const other = await newOrder(live.id);
    await addLine(order.id, product.id);
    await setStatus(order.id, "cancelled-by-customer");
    await setStatus(order.id, "to-validate");
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line?.isReleased).toBe(false);
    expect(await failureCodeOf(addLine(other.id, product.id))).toBe(UNIQUE_VIOLATION);
  });

  it("keeps a line added to an already cancelled order released", async () => {
    const live = await newLive();
    const product = await newProduct(live.id);
    const cancelled = await newOrder(live.id);
    const active = await newOrder(live.id);
    await setStatus(cancelled.id, "cancelled-by-admin");
    await addLine(cancelled.id, product.id);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, cancelled.id));
    expect(line?.isReleased).toBe(true);
    expect(await failureCodeOf(addLine(active.id, product.id))).toBe("no error");
  });

  it("keeps the line sold when the order moves between non-cancelled statuses", async () => {
    const live = await newLive();
    const product = await newProduct(live.id);
    const order = await newOrder(live.id);
    const other = await newOrder(live.id);
    await addLine(order.id, product.id);
    await setStatus(order.id, "to-pay");
    await setStatus(order.id, "paid");
    expect(await failureCodeOf(addLine(other.id, product.id))).toBe(UNIQUE_VIOLATION);
  });

  it("gives distinct order sequences from the per-live counter under concurrency", async () => {
    const live = await newLive();
    const other = await newLive();
    const pool = connectDatabase(t.databaseUrl, 20);
    try {
      const increment = (liveId: string) =>
        pool.db
          .execute<{ order_counter: number }>(
            sql`UPDATE lives SET order_counter = order_counter + 1 WHERE id = ${liveId} RETURNING order_counter`,
          )
          .then((result) => Number(result.rows[0]?.order_counter));
      const values = await Promise.all(Array.from({ length: 20 }, () => increment(live.id)));
      expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(await increment(other.id)).toBe(1);
    } finally {
      await pool.close();
    }
    const [row] = await t.db.select().from(lives).where(eq(lives.id, live.id));
    expect(row?.orderCounter).toBe(20);
  });
});
