import { productMessages } from "@vitrine/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../src/db/schema";
import {
  catalogueCallers,
  countRows,
  insertColor,
  insertLive,
  insertProduct,
  sellProduct,
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

async function liveAndColor() {
  const live = await insertLive(t.db, { title: "Live produits" });
  const color = await insertColor(t.db, { hexCode: "#DC2626" });
  return { live, color };
}

describe("creating a product", () => {
  it("stores the price in cents and answers with its live and colour", async () => {
    const { live, color } = await liveAndColor();
    const response = await as.admin("POST", URL, {
      liveId: live.id,
      name: " Robe fleurie ",
      ref: 12,
      priceCents: 1250,
      size: "M",
      colorId: color.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().product).toMatchObject({
      ref: 12,
      name: "Robe fleurie",
      priceCents: 1250,
      size: "M",
      live: { id: live.id, title: "Live produits", ref: live.ref },
      color: { id: color.id, name: color.name, hexCode: "#DC2626" },
    });
    const [stored] = await t.db.select().from(products).where(eq(products.id, response.json().product.id));
    expect(stored?.priceCents).toBe(1250);
  });

  it("leaves size and colour optional", async () => {
    const { live } = await liveAndColor();
    const response = await as.admin("POST", URL, { liveId: live.id, name: "Jean", ref: 3, priceCents: 0 });
    expect(response.statusCode).toBe(201);
    expect(response.json().product).toMatchObject({ size: null, color: null, priceCents: 0 });
  });

  it("asks for every required field with the spec's message, naming each field", async () => {
    const before = await countRows(t.db, products);
    const response = await as.admin("POST", URL, { size: "M" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: "VALIDATION_FAILED",
      message: "Veuillez remplir tous les champs obligatoires",
      fields: {
        liveId: productMessages.required,
        name: productMessages.required,
        ref: productMessages.required,
        priceCents: productMessages.required,
      },
    });
    expect(await countRows(t.db, products)).toBe(before);
  });

  it.each([
    [{ priceCents: -100 }, { priceCents: "Le prix ne peut pas être négatif" }],
    [{ priceCents: 12.5 }, { priceCents: productMessages.priceNotCents }],
    [{ priceCents: 10_000_001 }, { priceCents: productMessages.priceTooHigh }],
    [{ ref: 0 }, { ref: productMessages.refInvalid }],
    [{ ref: 2.5 }, { ref: productMessages.refInvalid }],
    [{ ref: "12" }, { ref: "Le champ « ref » doit être un nombre (reçu : un texte)." }],
    [{ name: "x".repeat(121) }, { name: "Le nom doit contenir au plus 120 caractères." }],
    [
      { name: '<img src=x onerror="alert(1)">' },
      { name: "Le nom ne doit pas contenir les caractères < ou >." },
    ],
    [{ size: "<script>" }, { size: "La taille ne doit pas contenir les caractères < ou >." }],
    [{ size: "x".repeat(31) }, { size: "La taille doit contenir au plus 30 caractères." }],
    [{ colorId: "rouge" }, { colorId: "Le champ « colorId » doit être un identifiant (UUID) valide." }],
    [{ liveId: 7 }, { liveId: "Le champ « liveId » doit être un texte (reçu : un nombre)." }],
  ])("refuses %j with a French 400 on that field, writing nothing", async (change, fields) => {
    const { live } = await liveAndColor();
    const before = await countRows(t.db, products);
    const response = await as.admin("POST", URL, {
      liveId: live.id,
      name: "Robe",
      ref: 1,
      priceCents: 100,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(fields);
    expect(await countRows(t.db, products)).toBe(before);
  });

  it("names an unknown live or colour", async () => {
    const { live } = await liveAndColor();
    const noLive = await as.admin("POST", URL, { liveId: UNKNOWN, name: "Robe", ref: 1, priceCents: 100 });
    expect(noLive.statusCode).toBe(400);
    expect(noLive.json().fields).toEqual({ liveId: productMessages.liveNotFound });
    const noColor = await as.admin("POST", URL, {
      liveId: live.id,
      name: "Robe",
      ref: 1,
      priceCents: 100,
      colorId: UNKNOWN,
    });
    expect(noColor.statusCode).toBe(400);
    expect(noColor.json().fields).toEqual({ colorId: productMessages.colorNotFound });
  });

  it("refuses a reference already in the live, even when both are saved at the same instant", async () => {
    const { live } = await liveAndColor();
    const body = { liveId: live.id, name: "Pull", ref: 7, priceCents: 2500 };
    const [first, second] = await Promise.all([as.admin("POST", URL, body), as.admin("POST", URL, body)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json()).toEqual({
      code: "CONFLICT",
      message: "Cette référence existe déjà pour ce live. Chaque référence doit être unique par live.",
      fields: {
        ref: "Cette référence existe déjà pour ce live. Chaque référence doit être unique par live.",
      },
    });
    expect(await t.db.$count(products, eq(products.liveId, live.id))).toBe(1);

    const otherLive = await insertLive(t.db);
    expect((await as.admin("POST", URL, { ...body, liveId: otherLive.id })).statusCode).toBe(201);
  });
});

// What a form or a script might send instead of integer cents: each is refused with the price's
// French message, and nothing is written.
const UNREADABLE_PRICES: [unknown, string][] = [
  ["9,90", productMessages.priceNotCents],
  ["990", productMessages.priceNotCents],
  ["9,90 €", productMessages.priceNotCents],
  ["", productMessages.priceNotCents],
  [null, productMessages.priceNotCents],
  [true, productMessages.priceNotCents],
  [[990], productMessages.priceNotCents],
  [{ cents: 990 }, productMessages.priceNotCents],
  [9.9, productMessages.priceNotCents],
  [990.5, productMessages.priceNotCents],
  [-990, productMessages.priceNegative],
  [-0.5, productMessages.priceNotCents],
];

describe("a price the server cannot read", () => {
  it.each(UNREADABLE_PRICES)("is refused on creation: %j", async (priceCents, message) => {
    const { live } = await liveAndColor();
    const before = await countRows(t.db, products);
    const response = await as.admin("POST", URL, { liveId: live.id, name: "Robe", ref: 1, priceCents });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ priceCents: message });
    expect(await countRows(t.db, products)).toBe(before);
  });

  it.each(UNREADABLE_PRICES)("is refused on edit, the price kept: %j", async (priceCents, message) => {
    const { live } = await liveAndColor();
    const product = await insertProduct(t.db, { liveId: live.id, ref: 4, priceCents: 2500 });
    const response = await as.admin("PUT", `${URL}/${product.id}`, {
      liveId: live.id,
      name: "Robe",
      ref: 4,
      priceCents,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ priceCents: message });
    const [kept] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(kept?.priceCents).toBe(2500);
  });
});

describe("listing products", () => {
  it("lists a live's products highest reference first, with live and colour", async () => {
    const { live, color } = await liveAndColor();
    const other = await insertLive(t.db);
    for (const ref of [2, 10, 1]) await insertProduct(t.db, { liveId: live.id, ref, colorId: color.id });
    await insertProduct(t.db, { liveId: other.id, ref: 99 });

    const filtered = (await as.admin("GET", `${URL}?liveId=${live.id}`)).json().products;
    expect(filtered.map((product: { ref: number }) => product.ref)).toEqual([10, 2, 1]);
    expect(filtered[0]).toMatchObject({ live: { id: live.id }, color: { id: color.id, name: color.name } });

    const all = (await as.admin("GET", URL)).json().products;
    const refs: number[] = all.map((product: { ref: number }) => product.ref);
    expect(refs).toEqual([...refs].sort((a, b) => b - a));
    expect(all.some((product: { live: { id: string } }) => product.live.id === other.id)).toBe(true);
    expect((await as.admin("GET", `${URL}?liveId=nope`)).statusCode).toBe(400);
  });
});

describe("editing a product", () => {
  it("changes every field", async () => {
    const { live, color } = await liveAndColor();
    const product = await insertProduct(t.db, { liveId: live.id, ref: 5 });
    const response = await as.admin("PUT", `${URL}/${product.id}`, {
      liveId: live.id,
      name: "Robe longue",
      ref: 6,
      priceCents: 3999,
      size: "L",
      colorId: color.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().product).toMatchObject({
      id: product.id,
      name: "Robe longue",
      ref: 6,
      priceCents: 3999,
      size: "L",
      color: { id: color.id },
    });
  });

  it("refuses to take another product's reference in the live, and changes nothing", async () => {
    const { live } = await liveAndColor();
    await insertProduct(t.db, { liveId: live.id, ref: 1 });
    const product = await insertProduct(t.db, { liveId: live.id, ref: 2, name: "Veste" });
    const response = await as.admin("PUT", `${URL}/${product.id}`, {
      liveId: live.id,
      name: "Veste",
      ref: 1,
      priceCents: 100,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(productMessages.duplicateRef);
    const [kept] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(kept?.ref).toBe(2);
  });

  it("answers 404 for an unknown product", async () => {
    const { live } = await liveAndColor();
    const response = await as.admin("PUT", `${URL}/${UNKNOWN}`, {
      liveId: live.id,
      name: "Robe",
      ref: 1,
      priceCents: 100,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "NOT_FOUND", message: productMessages.notFound });
  });
});

describe("deleting a product", () => {
  it("deletes a product never sold", async () => {
    const { live } = await liveAndColor();
    const product = await insertProduct(t.db, { liveId: live.id });
    const response = await as.admin("DELETE", `${URL}/${product.id}`);
    expect(response.statusCode).toBe(200);
    expect(await t.db.$count(products, eq(products.id, product.id))).toBe(0);
    expect((await as.admin("DELETE", `${URL}/${product.id}`)).statusCode).toBe(404);
  });

  it("refuses to delete a product already sold, and keeps it", async () => {
    const { live } = await liveAndColor();
    const product = await insertProduct(t.db, { liveId: live.id });
    await sellProduct(t.db, product);
    const response = await as.admin("DELETE", `${URL}/${product.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: "CONFLICT",
      message: "Ce produit a déjà été vendu dans une commande : il ne peut pas être supprimé.",
    });
    expect(await t.db.$count(products, eq(products.id, product.id))).toBe(1);
  });
});

describe("who may call the product routes", () => {
  it("refuses customers and anonymous callers, writing nothing", async () => {
    const { live } = await liveAndColor();
    const product = await insertProduct(t.db, { liveId: live.id, name: "Protégé" });
    const body = { liveId: live.id, name: "Intrus", ref: 999, priceCents: 1 };
    const before = await countRows(t.db, products);
    const calls: [Parameters<Caller>[0], string, unknown?][] = [
      ["GET", URL],
      ["POST", URL, body],
      ["PUT", `${URL}/${product.id}`, body],
      ["DELETE", `${URL}/${product.id}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await as.customer(method, url, payload)).statusCode).toBe(403);
      expect((await as.anonymous(method, url, payload)).statusCode).toBe(401);
    }
    expect(await countRows(t.db, products)).toBe(before);
    const [kept] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(kept?.name).toBe("Protégé");
  });
});
