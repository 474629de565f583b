import {
  BULK_PRODUCTS_MAX,
  bulkProductMessages,
  productMessages,
  RECENT_PRODUCTS_LIMIT,
} from "@vitrine/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../src/db/schema";
import {
  catalogueCallers,
  countRows,
  insertColor,
  insertLive,
  insertProduct,
  type Caller,
} from "./support/catalogue-fixtures";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let as: { admin: Caller; customer: Caller; anonymous: Caller };
beforeAll(async () => {
  t = await createTestApp();
  as = await catalogueCallers(t);
});
afterAll(async () => t.close());

const URL = "/api/admin/products";
const UNKNOWN = "5f0c6d2e-8a4b-4c1d-9e2f-3a4b5c6d7e8f";
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

async function setUp() {
  const live = await insertLive(t.db);
  const color = await insertColor(t.db);
  const body = { liveId: live.id, name: "Robe", priceCents: 1500, colorId: color.id, start: 1, end: 10 };
  return { live, color, body };
}

async function refsOf(liveId: string): Promise<number[]> {
  const rows = await t.db.select({ ref: products.ref }).from(products).where(eq(products.liveId, liveId));
  return rows.map((row) => row.ref).sort((a, b) => a - b);
}

describe("next start index", () => {
  it("is 1 for a live without products, then the highest reference + 1", async () => {
    const { live } = await setUp();
    expect((await as.admin("GET", `${URL}/next-ref?liveId=${live.id}`)).json()).toEqual({ start: 1 });
    await insertProduct(t.db, { liveId: live.id, ref: 41 });
    await insertProduct(t.db, { liveId: live.id, ref: 7 });
    expect((await as.admin("GET", `${URL}/next-ref?liveId=${live.id}`)).json()).toEqual({ start: 42 });
  });

  it("answers 404 for an unknown live and 400 without one", async () => {
    expect((await as.admin("GET", `${URL}/next-ref?liveId=${UNKNOWN}`)).statusCode).toBe(404);
    expect((await as.admin("GET", `${URL}/next-ref`)).statusCode).toBe(400);
  });
});

describe("bulk creation", () => {
  it("creates one product per reference of the range, with name, price and colour", async () => {
    const { live, color, body } = await setUp();
    const response = await as.admin("POST", `${URL}/bulk`, body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ createdRefs: range(1, 10), existingRefs: [] });
    const rows = await t.db.select().from(products).where(eq(products.liveId, live.id));
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row).toMatchObject({ name: "Robe", priceCents: 1500, colorId: color.id });
  });

  it("skips and reports the references that already exist", async () => {
    const { live, body } = await setUp();
    await insertProduct(t.db, { liveId: live.id, ref: 3, name: "Ancienne" });
    await insertProduct(t.db, { liveId: live.id, ref: 5, name: "Ancienne" });
    const response = await as.admin("POST", `${URL}/bulk`, body);
    expect(response.json()).toEqual({ createdRefs: [1, 2, 4, 6, 7, 8, 9, 10], existingRefs: [3, 5] });
    const kept = await t.db
      .select({ name: products.name })
      .from(products)
      .where(and(eq(products.liveId, live.id), eq(products.ref, 3)));
    expect(kept).toEqual([{ name: "Ancienne" }]);
    expect(bulkProductMessages.existing([3, 5])).toBe(
      "Les produits avec les références suivantes existent déjà : 3, 5",
    );
  });

  it(`creates ${BULK_PRODUCTS_MAX} products in one submit`, async () => {
    const { live, body } = await setUp();
    const response = await as.admin("POST", `${URL}/bulk`, { ...body, start: 1, end: BULK_PRODUCTS_MAX });
    expect(response.statusCode).toBe(201);
    expect(response.json().createdRefs).toHaveLength(BULK_PRODUCTS_MAX);
    expect(await refsOf(live.id)).toEqual(range(1, BULK_PRODUCTS_MAX));
  });

  it("creates each reference exactly once when two overlapping creations run at the same time", async () => {
    for (let round = 0; round < 3; round++) {
      const { live, body } = await setUp();
      const [first, second] = await Promise.all([
        as.admin("POST", `${URL}/bulk`, { ...body, start: 1, end: 300 }),
        as.admin("POST", `${URL}/bulk`, { ...body, start: 200, end: 500 }),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      const a = first.json();
      const b = second.json();
      expect([...a.createdRefs, ...b.createdRefs].sort((x: number, y: number) => x - y)).toEqual(
        range(1, 500),
      );
      expect([...a.createdRefs, ...a.existingRefs].sort((x: number, y: number) => x - y)).toEqual(
        range(1, 300),
      );
      expect([...b.createdRefs, ...b.existingRefs].sort((x: number, y: number) => x - y)).toEqual(
        range(200, 500),
      );
      expect(await refsOf(live.id)).toEqual(range(1, 500));
    }
  });

  it.each([
    [{ liveId: undefined }, { liveId: bulkProductMessages.liveRequired }],
    [{ name: " " }, { name: bulkProductMessages.nameRequired }],
    [
      { name: "<script>alert(1)</script>" },
      { name: "Le nom du produit ne doit pas contenir les caractères < ou >." },
    ],
    [{ name: "x".repeat(121) }, { name: "Le nom du produit doit contenir au plus 120 caractères." }],
    [{ priceCents: 0 }, { priceCents: bulkProductMessages.pricePositive }],
    [{ priceCents: -5 }, { priceCents: bulkProductMessages.pricePositive }],
    [
      { priceCents: 9.99 },
      { priceCents: "Le prix doit être un nombre entier de centimes (ex : 1250 pour 12,50 €)" },
    ],
    [{ priceCents: "9,90" }, { priceCents: productMessages.priceNotCents }],
    [{ priceCents: "1500" }, { priceCents: productMessages.priceNotCents }],
    [{ priceCents: null }, { priceCents: productMessages.priceNotCents }],
    [{ priceCents: false }, { priceCents: productMessages.priceNotCents }],
    [{ priceCents: 14.5 }, { priceCents: productMessages.priceNotCents }],
    [{ colorId: undefined }, { colorId: bulkProductMessages.colorRequired }],
    [{ start: 0 }, { start: bulkProductMessages.startInvalid }],
    [{ start: 1.5 }, { start: bulkProductMessages.startInvalid }],
    [{ start: "1" }, { start: "Le champ « start » doit être un nombre (reçu : un texte)." }],
    [{ end: -3 }, { end: bulkProductMessages.endInvalid }],
    [{ start: 10, end: 9 }, { end: bulkProductMessages.endBeforeStart }],
    [{ start: 1, end: BULK_PRODUCTS_MAX + 1 }, { end: bulkProductMessages.tooMany }],
  ])("refuses %j with the spec's message on that field, creating nothing", async (change, fields) => {
    const { body } = await setUp();
    const before = await countRows(t.db, products);
    const response = await as.admin("POST", `${URL}/bulk`, { ...body, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(fields);
    expect(await countRows(t.db, products)).toBe(before);
  });

  it("names an unknown live or colour, creating nothing", async () => {
    const { body } = await setUp();
    const before = await countRows(t.db, products);
    const noLive = await as.admin("POST", `${URL}/bulk`, { ...body, liveId: UNKNOWN });
    expect(noLive.statusCode).toBe(400);
    expect(noLive.json().fields).toEqual({ liveId: bulkProductMessages.liveRequired });
    const noColor = await as.admin("POST", `${URL}/bulk`, { ...body, colorId: UNKNOWN });
    expect(noColor.json().fields).toEqual({ colorId: bulkProductMessages.colorRequired });
    expect(await countRows(t.db, products)).toBe(before);
  });
});

describe("latest products", () => {
  it(`lists the ${RECENT_PRODUCTS_LIMIT} latest products, newest first, with live and colour`, async () => {
    const { live, color, body } = await setUp();
    await as.admin("POST", `${URL}/bulk`, { ...body, start: 1001, end: 1060 });
    const response = await as.admin("GET", `${URL}/recent`);
    expect(response.statusCode).toBe(200);
    const recent = response.json().products;
    expect(recent).toHaveLength(RECENT_PRODUCTS_LIMIT);
    expect(recent[0]).toMatchObject({ ref: 1060, live: { id: live.id }, color: { id: color.id } });
    expect(recent.at(-1).ref).toBe(1011);
  });
});

describe("who may call the bulk routes", () => {
  it("refuses customers and anonymous callers, writing nothing", async () => {
    const { live, body } = await setUp();
    const before = await countRows(t.db, products);
    const calls: [Parameters<Caller>[0], string, unknown?][] = [
      ["GET", `${URL}/next-ref?liveId=${live.id}`],
      ["POST", `${URL}/bulk`, body],
      ["GET", `${URL}/recent`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await as.customer(method, url, payload)).statusCode).toBe(403);
      expect((await as.anonymous(method, url, payload)).statusCode).toBe(401);
    }
    expect(await countRows(t.db, products)).toBe(before);
  });
});
