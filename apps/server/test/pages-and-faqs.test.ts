import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faqs, pages } from "../src/db/schema";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      SHOP_NAME: "Maison Julie",
      SHOP_CONTACT_EMAIL: "bonjour@maison-julie.test",
      SHOP_POSTAL_ADDRESS: "Maison Julie\\n3 place Bellecour\\n69002 Lyon",
    },
  });
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("GET /api/pages (the pages published at /p/{code})", () => {
  it("lists the active pages other than the terms and the legal notice, with their footer mark", async () => {
    await t.db.delete(pages);
    await t.db.insert(pages).values([
      { code: "cgv", title: "CGV", content: "<p>x</p>" },
      { code: "mentions-legales", title: "Mentions", content: "<p>x</p>" },
      { code: "page-hiver", title: "Collection hiver", content: "<p>Hiver</p>" },
      { code: "livraison", title: "Livraison", content: "<p>48 h</p>", inFooter: true },
      { code: "brouillon", title: "Brouillon", content: "<p>x</p>", isActive: false, inFooter: true },
    ]);
    const response = await get("/api/pages");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      pages: [
        { code: "page-hiver", title: "Collection hiver", inFooter: false },
        { code: "livraison", title: "Livraison", inFooter: true },
      ],
    });
    // Each listed page opens by its code; the inactive one stays hidden.
    expect((await get("/api/pages/livraison")).json().page.content).toBe("<p>48 h</p>");
    expect((await get("/api/pages/brouillon")).statusCode).toBe(404);
    await t.db.delete(pages);
  });
});

describe("GET /api/pages/:code", () => {
  it("returns an active page's title and content", async () => {
    await t.db.insert(pages).values({
      code: "cgv",
      title: "Conditions générales de vente",
      content: "<h2>Article 1</h2><p>Commande minimum de <strong>15 €</strong> HT.</p>",
    });
    const response = await get("/api/pages/cgv");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      page: {
        code: "cgv",
        title: "Conditions générales de vente",
        content: "<h2>Article 1</h2><p>Commande minimum de <strong>15 €</strong> HT.</p>",
      },
    });
  });

  it("sanitizes stored HTML when it is rendered", async () => {
    await t.db.insert(pages).values({
      code: "mentions-legales",
      title: "Mentions légales",
      content:
        '<p onclick="steal()">Éditeur</p><script>alert(document.cookie)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
    });
    const response = await get("/api/pages/mentions-legales");
    expect(response.statusCode).toBe(200);
    const { content } = response.json().page;
    expect(content).not.toMatch(/<script|onclick|onerror|javascript:|<img/i);
    expect(content).toContain("<p>Éditeur</p>");
  });

  it("hides an inactive page", async () => {
    await t.db
      .insert(pages)
      .values({ code: "page-hiver", title: "Hiver", content: "<p>Bientôt</p>", isActive: false });
    const response = await get("/api/pages/page-hiver");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "NOT_FOUND", message: "Page introuvable" });

    await t.db.update(pages).set({ isActive: true }).where(eq(pages.code, "page-hiver"));
    expect((await get("/api/pages/page-hiver")).statusCode).toBe(200);
  });

  it("answers an unknown page with 404", async () => {
    const response = await get("/api/pages/cgu");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "NOT_FOUND", message: "Page introuvable" });
  });

  it.each(["..%2Fx", "UPPER", "cgv%20x", "a_b", "c%C3%A9"])("refuses a malformed code (%s)", async (code) => {
    const response = await get(`/api/pages/${code}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
  });
});

describe("GET /api/faqs", () => {
  it("lists the questions by rank, their answers sanitized", async () => {
    await t.db.insert(faqs).values([
      { title: "Quand sont les lives ?", content: "<p>Le lundi soir.</p>", rank: 2 },
      {
        title: "Comment commander ?",
        content: '<p onmouseover="x()">Pendant le live.</p><script>x()</script>',
        rank: 0,
      },
      { title: "Quels délais ?", content: "<p>48 h.</p>", rank: 1 },
      { title: "Et les retours ?", content: "<p>Sous 14 jours.</p>", rank: 10 },
    ]);
    const response = await get("/api/faqs");
    expect(response.statusCode).toBe(200);
    const list: { id: string; title: string; content: string; rank: number }[] = response.json().faqs;
    expect(list.map((faq) => [faq.rank, faq.title])).toEqual([
      [0, "Comment commander ?"],
      [1, "Quels délais ?"],
      [2, "Quand sont les lives ?"],
      [10, "Et les retours ?"],
    ]);
    expect(list[0]?.content).toBe("<p>Pendant le live.</p>");
    for (const faq of list) expect(faq.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("GET /api/shop", () => {
  it("returns the shop's configured name, contact e-mail and postal address", async () => {
    const response = await get("/api/shop");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      shop: {
        name: "Maison Julie",
        contactEmail: "bonjour@maison-julie.test",
        postalAddress: "Maison Julie\n3 place Bellecour\n69002 Lyon",
      },
    });
  });
});
