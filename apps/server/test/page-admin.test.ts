import { pageMessages, richTextMessages, type AdminPage } from "@vitrine/domain";
import { asc } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pages } from "../src/db/schema";
import { apiKitOf, type ApiKit, type Role } from "./support/api-kit";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(pages);
});

const URL = "/api/admin/pages";

interface PageBody {
  title?: unknown;
  code?: unknown;
  content?: unknown;
  isActive?: unknown;
  inFooter?: unknown;
}

const page = (overrides: PageBody = {}): PageBody => ({
  title: "Conditions générales de vente",
  code: "cgv",
  content: "<h2>Article 1</h2><p>Commande minimum de 15 €.</p>",
  isActive: true,
  ...overrides,
});

const asAdmin = {
  list: () => kit.injectAs("admin", { method: "GET", url: URL }),
  create: (payload: PageBody) => kit.injectAs("admin", { method: "POST", url: URL, payload }),
  update: (id: string, payload: PageBody) =>
    kit.injectAs("admin", { method: "PUT", url: `${URL}/${id}`, payload }),
  remove: (id: string) => kit.injectAs("admin", { method: "DELETE", url: `${URL}/${id}` }),
};

async function created(payload: PageBody): Promise<AdminPage> {
  const response = await asAdmin.create(payload);
  expect(response.statusCode).toBe(201);
  return response.json().page;
}

const stored = () =>
  t.db
    .select({ code: pages.code, title: pages.title, content: pages.content, isActive: pages.isActive })
    .from(pages)
    .orderBy(asc(pages.code));

const publicPage = (code: string) => t.app.inject({ method: "GET", url: `/api/pages/${code}` });

describe("creating a page", () => {
  it("stores it and the public site shows it by its code", async () => {
    const cgv = await created(page());
    expect(cgv).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      code: "cgv",
      title: "Conditions générales de vente",
      content: "<h2>Article 1</h2><p>Commande minimum de 15 €.</p>",
      isActive: true,
      inFooter: false,
    });
    const response = await publicPage("cgv");
    expect(response.statusCode).toBe(200);
    expect(response.json().page).toMatchObject({ title: "Conditions générales de vente" });
  });

  it("turns the spaces of the code into hyphens", async () => {
    expect((await created(page({ code: "ma page exemple" }))).code).toBe("ma-page-exemple");
  });

  it.each(["Ma-Page", "ma_page", "ma--page", "-cgv", "cgv-", "café", "x".repeat(101)])(
    "refuses the code %j with the slug message, and writes nothing",
    async (code) => {
      const response = await asAdmin.create(page({ code }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "VALIDATION_FAILED",
        message: pageMessages.invalidCode,
        fields: { code: pageMessages.invalidCode },
      });
      expect(await stored()).toEqual([]);
    },
  );

  it.each([
    [{ title: " " }, "title"],
    [{ code: "" }, "code"],
    [{ content: "<p></p>" }, "content"],
  ])("asks to fill every field (%j)", async (overrides, field) => {
    const response = await asAdmin.create(page(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ [field]: pageMessages.required });
    expect(await stored()).toEqual([]);
  });

  it.each([
    [
      { isActive: "oui" },
      "isActive",
      "Le champ « isActive » doit être un booléen (true ou false) (reçu : un texte).",
    ],
    [{ code: 12 }, "code", "Le champ « code » doit être un texte (reçu : un nombre)."],
    [{ title: "x".repeat(201) }, "title", "Le titre ne doit pas dépasser 200 caractères"],
    [{ content: '<p onclick="x()">a</p>' }, "content", richTextMessages.activeContent],
    [{ content: "<script>alert(1)</script><p>a</p>" }, "content", richTextMessages.activeContent],
  ])("refuses a malformed body in French (%j)", async (overrides, field, message) => {
    const response = await asAdmin.create(page(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ [field]: message });
    expect(await stored()).toEqual([]);
  });

  it("cleans what the editor never writes before storing", async () => {
    const cgv = await created(
      page({ content: '<p style="color:red">Article</p><table><tr><td>x</td></tr></table>' }),
    );
    expect(cgv.content).toBe("<p>Article</p>x");
    expect((await stored())[0]?.content).toBe("<p>Article</p>x");
  });
});

describe("a code another page has", () => {
  it("is refused by the database's unique code ('Ce code de page existe déjà')", async () => {
    await created(page({ isActive: false }));
    const response = await asAdmin.create(page({ title: "Autres CGV" }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: "CONFLICT",
      message: pageMessages.duplicateCode,
      fields: { code: pageMessages.duplicateCode },
    });
    expect((await stored()).map((row) => row.title)).toEqual(["Conditions générales de vente"]);
  });

  it("says an active page already has it when both would be online", async () => {
    await created(page());
    const response = await asAdmin.create(page({ title: "Autres CGV" }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(pageMessages.activeDuplicate);
    const inactive = await asAdmin.create(page({ title: "Brouillon", isActive: false }));
    expect(inactive.json().message).toBe(pageMessages.duplicateCode);
  });

  it("exempts the winter page from the active-page rule, not from the unique code", async () => {
    await created(page({ code: "page-hiver", title: "Hiver" }));
    const response = await asAdmin.create(page({ code: "page-hiver", title: "Hiver 2" }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(pageMessages.duplicateCode);
  });

  it("is given to one page only when two admins create it at the same time", async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, n) => asAdmin.create(page({ title: `CGV ${n}` }))),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await stored()).toHaveLength(1);
  });
});

describe("editing a page", () => {
  it("changes title, content and the active flag; the public site follows", async () => {
    const cgv = await created(page());
    const response = await asAdmin.update(
      cgv.id,
      page({ title: "CGV 2026", content: "<p>Nouvelles conditions</p>" }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().page).toMatchObject({ title: "CGV 2026", code: "cgv", isActive: true });
    expect((await publicPage("cgv")).json().page.content).toBe("<p>Nouvelles conditions</p>");

    await asAdmin.update(cgv.id, page({ title: "CGV 2026", isActive: false }));
    expect((await publicPage("cgv")).statusCode).toBe(404);
  });

  it("marks a page for the public footer, and unmarks it", async () => {
    const delivery = await created(page({ code: "livraison", title: "Livraison", inFooter: true }));
    expect(delivery.inFooter).toBe(true);
    const listed = async () =>
      (await t.app.inject({ method: "GET", url: "/api/pages" })).json().pages as unknown[];
    expect(await listed()).toEqual([{ code: "livraison", title: "Livraison", inFooter: true }]);
    const response = await asAdmin.update(delivery.id, page({ code: "livraison", title: "Livraison" }));
    expect(response.json().page.inFooter).toBe(false);
    expect(await listed()).toEqual([{ code: "livraison", title: "Livraison", inFooter: false }]);
  });

  it("refuses to change the code, and keeps the page as it was", async () => {
    const cgv = await created(page());
    const response = await asAdmin.update(cgv.id, page({ code: "cgu", title: "Changée" }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: "VALIDATION_FAILED",
      message: pageMessages.codeLocked,
      fields: { code: pageMessages.codeLocked },
    });
    expect(await stored()).toEqual([
      expect.objectContaining({ code: "cgv", title: "Conditions générales de vente" }),
    ]);
  });

  it("refuses blank fields and scripts", async () => {
    const cgv = await created(page());
    expect((await asAdmin.update(cgv.id, page({ content: "<p> </p>" }))).json().fields).toEqual({
      content: pageMessages.required,
    });
    expect((await asAdmin.update(cgv.id, page({ content: "<script>x()</script>ok" }))).statusCode).toBe(400);
    expect((await stored())[0]?.content).toBe("<h2>Article 1</h2><p>Commande minimum de 15 €.</p>");
  });

  it("answers 404 for an unknown page", async () => {
    const response = await asAdmin.update(randomUUID(), page());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "NOT_FOUND", message: pageMessages.notFound });
  });
});

describe("listing and deleting pages", () => {
  it("lists every page by title, inactive ones too", async () => {
    await created(page({ code: "mentions-legales", title: "Mentions légales" }));
    await created(page({ code: "page-hiver", title: "Collection hiver", isActive: false }));
    await created(page());
    const response = await asAdmin.list();
    expect(response.statusCode).toBe(200);
    expect(response.json().pages.map((row: AdminPage) => [row.title, row.code, row.isActive])).toEqual([
      ["Collection hiver", "page-hiver", false],
      ["Conditions générales de vente", "cgv", true],
      ["Mentions légales", "mentions-legales", true],
    ]);
  });

  it("deletes a page: the public site no longer shows it, and its code is free again", async () => {
    const cgv = await created(page());
    const response = await asAdmin.remove(cgv.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "deleted" });
    expect((await publicPage("cgv")).statusCode).toBe(404);
    expect((await asAdmin.remove(cgv.id)).statusCode).toBe(404);
    await created(page({ title: "Nouvelles CGV" }));
    expect((await publicPage("cgv")).json().page.title).toBe("Nouvelles CGV");
  });
});

describe("who may manage pages", () => {
  const refused: [Role, number][] = [
    ["anonymous", 401],
    ["customer", 403],
    ["adminByMagicLink", 403],
  ];

  it.each(refused)("refuses %s (%d) on every route, and nothing changes", async (role, status) => {
    const cgv = await created(page());
    const calls = [
      kit.injectAs(role, { method: "GET", url: URL }),
      kit.injectAs(role, { method: "POST", url: URL, payload: page({ code: "autre" }) }),
      kit.injectAs(role, { method: "PUT", url: `${URL}/${cgv.id}`, payload: page({ title: "Piratée" }) }),
      kit.injectAs(role, { method: "DELETE", url: `${URL}/${cgv.id}` }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(status);
    expect(await stored()).toEqual([
      expect.objectContaining({ code: "cgv", title: "Conditions générales de vente" }),
    ]);
  });
});

describe("the API description", () => {
  it("documents the back office's content routes, their schemas included", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const documented = Object.keys(response.json().paths);
    expect(documented).toEqual(
      expect.arrayContaining([
        "/api/admin/pages",
        "/api/admin/pages/{id}",
        "/api/admin/faqs",
        "/api/admin/faqs/{id}/move",
        "/api/admin/message-templates/{id}/test",
      ]),
    );
  });
});
