import { colorMessages } from "@vitrine/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productColors, products } from "../src/db/schema";
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

const URL = "/api/admin/colors";

describe("colours", () => {
  it("creates a colour, its code in capitals, and lists colours by French name", async () => {
    const created = await as.admin("POST", URL, { name: " Écru ", hexCode: "#f5f0e1" });
    expect(created.statusCode).toBe(201);
    expect(created.json().color).toMatchObject({ name: "Écru", hexCode: "#F5F0E1" });
    await as.admin("POST", URL, { name: "Ardoise", hexCode: "#4B5563" });
    await as.admin("POST", URL, { name: "Fuchsia", hexCode: "#C026D3" });

    const list = await as.admin("GET", URL);
    expect(list.statusCode).toBe(200);
    const names = list.json().colors.map((color: { name: string }) => color.name);
    expect(names).toEqual(["Ardoise", "Écru", "Fuchsia"]);
  });

  it("asks to fill every field, naming each one, and writes nothing", async () => {
    const before = await countRows(t.db, productColors);
    const response = await as.admin("POST", URL, { name: "  ", hexCode: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: "VALIDATION_FAILED",
      message: "Veuillez remplir tous les champs",
      fields: { name: "Veuillez remplir tous les champs", hexCode: "Veuillez remplir tous les champs" },
    });
    expect((await as.admin("POST", URL, {})).json().fields).toEqual({
      name: colorMessages.required,
      hexCode: colorMessages.required,
    });
    expect(await countRows(t.db, productColors)).toBe(before);
  });

  it.each(["red", "#FFF", "#1234567", "#GGGGGG", "123456", "#12 345", "javascript:alert(1)"])(
    "refuses the code %j with a French message on hexCode",
    async (hexCode) => {
      const before = await countRows(t.db, productColors);
      const response = await as.admin("POST", URL, { name: `Code ${hexCode}`, hexCode });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ hexCode: colorMessages.invalidHex });
      expect(await countRows(t.db, productColors)).toBe(before);
    },
  );

  it.each([
    [{ name: 42, hexCode: "#000000" }, "name", "Le champ « name » doit être un texte (reçu : un nombre)."],
    [
      { name: "Noir", hexCode: ["#000000"] },
      "hexCode",
      "Le champ « hexCode » doit être un texte (reçu : une liste).",
    ],
    [{ name: "x".repeat(51), hexCode: "#000000" }, "name", "Le nom doit contenir au plus 50 caractères."],
    [
      { name: "<script>alert(1)</script>", hexCode: "#000000" },
      "name",
      "Le nom ne doit pas contenir les caractères < ou >.",
    ],
  ])("refuses %j, naming the field", async (body, field, message) => {
    const before = await countRows(t.db, productColors);
    const response = await as.admin("POST", URL, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ [field]: message });
    expect(response.json().message).toBe(message);
    expect(await countRows(t.db, productColors)).toBe(before);
  });

  it("refuses a name already used, even when both are saved at the same instant", async () => {
    const [first, second] = await Promise.all([
      as.admin("POST", URL, { name: "Corail", hexCode: "#FF7F50" }),
      as.admin("POST", URL, { name: "Corail", hexCode: "#FF6F61" }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json()).toEqual({
      code: "CONFLICT",
      message: "Une couleur avec ce nom existe déjà",
      fields: { name: "Une couleur avec ce nom existe déjà" },
    });
    expect(await t.db.$count(productColors, eq(productColors.name, "Corail"))).toBe(1);
  });

  it("updates a colour and refuses to rename it to another colour's name", async () => {
    const color = await insertColor(t.db, { name: "Sable", hexCode: "#C2B280" });
    await insertColor(t.db, { name: "Kaki", hexCode: "#8A864E" });
    const updated = await as.admin("PUT", `${URL}/${color.id}`, { name: "Sable doré", hexCode: "#d4af37" });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().color).toMatchObject({ id: color.id, name: "Sable doré", hexCode: "#D4AF37" });
    expect(new Date(updated.json().color.updatedAt).getTime()).toBeGreaterThan(color.updatedAt.getTime());

    const duplicate = await as.admin("PUT", `${URL}/${color.id}`, { name: "Kaki", hexCode: "#000000" });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(colorMessages.duplicateName);
    const [kept] = await t.db.select().from(productColors).where(eq(productColors.id, color.id));
    expect(kept).toMatchObject({ name: "Sable doré", hexCode: "#D4AF37" });
  });

  it("answers 404 for an unknown colour and 400 for an id that is not one", async () => {
    const unknown = "5f0c6d2e-8a4b-4c1d-9e2f-3a4b5c6d7e8f";
    const update = await as.admin("PUT", `${URL}/${unknown}`, { name: "Vert", hexCode: "#00FF00" });
    expect(update.statusCode).toBe(404);
    expect(update.json()).toEqual({ code: "NOT_FOUND", message: colorMessages.notFound });
    expect((await as.admin("DELETE", `${URL}/${unknown}`)).statusCode).toBe(404);
    expect((await as.admin("DELETE", `${URL}/not-an-id`)).statusCode).toBe(400);
  });

  it("deletes an unused colour", async () => {
    const color = await insertColor(t.db);
    const response = await as.admin("DELETE", `${URL}/${color.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true });
    expect(await t.db.$count(productColors, eq(productColors.id, color.id))).toBe(0);
  });

  it("lists how many products use each colour", async () => {
    const used = await insertColor(t.db);
    const unused = await insertColor(t.db);
    const live = await insertLive(t.db);
    await insertProduct(t.db, { liveId: live.id, colorId: used.id });
    await insertProduct(t.db, { liveId: live.id, colorId: used.id });
    const listed = (await as.admin("GET", URL)).json().colors as { id: string; productCount: number }[];
    expect(listed.find((color) => color.id === used.id)?.productCount).toBe(2);
    expect(listed.find((color) => color.id === unused.id)?.productCount).toBe(0);
  });

  it("refuses to delete a colour used by a product, and keeps it", async () => {
    const color = await insertColor(t.db);
    const live = await insertLive(t.db);
    await insertProduct(t.db, { liveId: live.id, colorId: color.id });
    const response = await as.admin("DELETE", `${URL}/${color.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: "CONFLICT",
      message: "Cette couleur est utilisée par des produits et ne peut pas être supprimée",
    });
    expect(await t.db.$count(productColors, eq(productColors.id, color.id))).toBe(1);
  });

  it("never leaves a product with a deleted colour when both happen at once", async () => {
    const live = await insertLive(t.db);
    for (let round = 0; round < 5; round++) {
      const color = await insertColor(t.db);
      const [deletion, product] = await Promise.allSettled([
        as.admin("DELETE", `${URL}/${color.id}`),
        insertProduct(t.db, { liveId: live.id, colorId: color.id }),
      ]);
      const deleted = deletion.status === "fulfilled" && deletion.value.statusCode === 200;
      const colorLeft = await t.db.$count(productColors, eq(productColors.id, color.id));
      const productsLeft = await t.db.$count(products, eq(products.colorId, color.id));
      expect(deleted ? [0, 0] : [1, 1]).toEqual([colorLeft, productsLeft]);
      expect(product.status === "fulfilled").toBe(!deleted);
    }
  });

  it("refuses customers and anonymous callers on every route, writing nothing", async () => {
    const color = await insertColor(t.db);
    const before = await countRows(t.db, productColors);
    const calls: [Parameters<Caller>[0], string, unknown?][] = [
      ["GET", URL],
      ["POST", URL, { name: "Intrus", hexCode: "#000000" }],
      ["PUT", `${URL}/${color.id}`, { name: "Intrus", hexCode: "#000000" }],
      ["DELETE", `${URL}/${color.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await as.customer(method, url, body)).statusCode).toBe(403);
      expect((await as.anonymous(method, url, body)).statusCode).toBe(401);
    }
    expect(await countRows(t.db, productColors)).toBe(before);
    const [kept] = await t.db.select().from(productColors).where(eq(productColors.id, color.id));
    expect(kept?.name).toBe(color.name);
  });
});
