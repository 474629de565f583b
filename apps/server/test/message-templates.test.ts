import { messageTemplateMessages, richTextMessages, type MessageTemplate } from "@vitrine/domain";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messageTemplates, rateLimits } from "../src/db/schema";
import { TEMPLATE_TEST_MAIL_LIMIT } from "../src/modules/message-templates/service";
import { ensureAdminAccount } from "./support/actors";
import { apiKitOf, type ApiKit, type Role } from "./support/api-kit";
import { createTestApp, sessionCookieOf, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(messageTemplates);
  await t.db.delete(rateLimits);
  t.mails.length = 0;
});

const URL = "/api/admin/message-templates";

interface TemplateBody {
  type?: unknown;
  title?: unknown;
  body?: unknown;
}

const template = (overrides: TemplateBody = {}): TemplateBody => ({
  type: "to-pay",
  title: "Votre commande est à régler",
  body: '<p>Bonjour,</p><p>Votre commande vous attend : <a href="https://vitrine.test/customer/orders">la régler</a>.</p>',
  ...overrides,
});

const asAdmin = {
  list: () => kit.injectAs("admin", { method: "GET", url: URL }),
  create: (payload: TemplateBody) => kit.injectAs("admin", { method: "POST", url: URL, payload }),
  update: (id: string, payload: TemplateBody) =>
    kit.injectAs("admin", { method: "PUT", url: `${URL}/${id}`, payload }),
  sendTest: (id: string, email: unknown) =>
    kit.injectAs("admin", { method: "POST", url: `${URL}/${id}/test`, payload: { email } }),
};

async function created(payload: TemplateBody): Promise<MessageTemplate> {
  const response = await asAdmin.create(payload);
  expect(response.statusCode).toBe(201);
  return response.json().template;
}

const stored = () =>
  t.db.select({ type: messageTemplates.type, title: messageTemplates.title }).from(messageTemplates);

describe("creating and listing templates", () => {
  it("stores a template of an order status in the back-office scope", async () => {
    const toPay = await created(template());
    expect(toPay).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: "to-pay",
      title: "Votre commande est à régler",
      body: expect.stringContaining("<p>Bonjour,</p>"),
      scope: ["back-office"],
    });
  });

  it("lists the back office's templates in the order of the statuses", async () => {
    await created(template({ type: "shipped", title: "Expédiée" }));
    await created(template({ type: "to-validate", title: "À valider" }));
    await created(template({ type: "paid", title: "Payée" }));
    await t.db
      .insert(messageTemplates)
      .values({ type: "delivered", title: "Livrée", body: "<p>x</p>", scope: ["site"] });
    const response = await asAdmin.list();
    expect(response.statusCode).toBe(200);
    expect(response.json().templates.map((row: MessageTemplate) => row.type)).toEqual([
      "to-validate",
      "paid",
      "shipped",
    ]);
  });

  it("keeps one template per type: the database refuses a second, in French", async () => {
    await created(template());
    const response = await asAdmin.create(template({ title: "Doublon" }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: "CONFLICT",
      message: messageTemplateMessages.duplicateType,
      fields: { type: messageTemplateMessages.duplicateType },
    });
    expect(await stored()).toEqual([{ type: "to-pay", title: "Votre commande est à régler" }]);
  });

  it("gives a type to one template only when two are created at the same time", async () => {
    const responses = await Promise.all([1, 2, 3].map((n) => asAdmin.create(template({ title: `T${n}` }))));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await stored()).toHaveLength(1);
  });

  it.each([
    [{ type: "" }, "type", messageTemplateMessages.required],
    [{ type: "in-delivery" }, "type", "Le type doit être un statut de commande"],
    [{ type: 3 }, "type", "Le type doit être un statut de commande"],
    [{ title: "  " }, "title", messageTemplateMessages.required],
    [{ title: "x".repeat(201) }, "title", "Le titre ne doit pas dépasser 200 caractères"],
    [{ body: "<p></p>" }, "body", messageTemplateMessages.required],
    [{ body: "<p>Bonjour</p><script>fetch('/api')</script>" }, "body", richTextMessages.activeContent],
    [{ body: '<p><img src=x onerror="alert(1)">Bonjour</p>' }, "body", richTextMessages.activeContent],
    [{ body: null }, "body", "Le champ « body » doit être un texte (reçu : null)."],
  ])("refuses %j in French, naming the field, and writes nothing", async (overrides, field, message) => {
    const response = await asAdmin.create(template(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ [field]: message });
    expect(await stored()).toEqual([]);
  });
});

describe("editing a template", () => {
  it("changes title and body", async () => {
    const toPay = await created(template());
    const response = await asAdmin.update(
      toPay.id,
      template({ title: "À régler", body: "<p>Merci de régler.</p>" }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().template).toMatchObject({
      type: "to-pay",
      title: "À régler",
      body: "<p>Merci de régler.</p>",
    });
  });

  it("refuses to change the type", async () => {
    const toPay = await created(template());
    const response = await asAdmin.update(toPay.id, template({ type: "paid" }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: "VALIDATION_FAILED",
      message: messageTemplateMessages.typeLocked,
      fields: { type: messageTemplateMessages.typeLocked },
    });
    expect(await stored()).toEqual([{ type: "to-pay", title: "Votre commande est à régler" }]);
  });

  it("answers 404 for an unknown template", async () => {
    const response = await asAdmin.update(randomUUID(), template());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "NOT_FOUND", message: messageTemplateMessages.notFound });
  });
});

describe("sending a test", () => {
  it("mails the saved template: its title as subject, its body as HTML and as text", async () => {
    const toPay = await created(template());
    const response = await asAdmin.sendTest(toPay.id, " Julie@Example.com ");
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: "sent" });
    expect(t.mails).toHaveLength(1);
    const [mail] = t.mails;
    expect(mail?.to).toBe("julie@example.com");
    expect(mail?.subject).toBe("Votre commande est à régler");
    expect(mail?.html).toContain(
      '<p>Votre commande vous attend : <a href="https://vitrine.test/customer/orders" rel="noopener noreferrer">la régler</a>.</p>',
    );
    expect(mail?.text).toBe(
      "Bonjour,\n\nVotre commande vous attend : la régler (https://vitrine.test/customer/orders).",
    );
  });

  it.each(["julie.example.com", "", "julie@", 42])(
    "needs an e-mail address (%j), and sends nothing",
    async (email) => {
      const toPay = await created(template());
      const response = await asAdmin.sendTest(toPay.id, email);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty("email");
      expect(t.mails).toEqual([]);
    },
  );

  it("says 'Veuillez saisir une adresse email valide' for an address without @", async () => {
    const toPay = await created(template());
    const response = await asAdmin.sendTest(toPay.id, "julie.example.com");
    expect(response.json().message).toBe("Veuillez saisir une adresse email valide");
  });

  it("answers 404 for an unknown template, and sends nothing", async () => {
    const response = await asAdmin.sendTest(randomUUID(), "julie@example.com");
    expect(response.statusCode).toBe(404);
    expect(t.mails).toEqual([]);
  });

  it("limits the tests each admin sends, so that the back office cannot spam", async () => {
    const toPay = await created(template());
    for (let n = 0; n < TEMPLATE_TEST_MAIL_LIMIT.max; n++) {
      expect((await asAdmin.sendTest(toPay.id, `julie+${n}@example.com`)).statusCode).toBe(202);
    }
    const refused = await asAdmin.sendTest(toPay.id, "julie+extra@example.com");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("RATE_LIMITED");
    expect(t.mails).toHaveLength(TEMPLATE_TEST_MAIL_LIMIT.max);

    // The allowance is the admin's own: a colleague still has theirs.
    const colleague = { email: "colleague@test.local", password: "colleague-password-for-tests" };
    await ensureAdminAccount(t.db, colleague);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/admin/sign-in",
      payload: colleague,
      headers: { origin: new globalThis.URL(t.config.appUrl).origin },
    });
    const response = await t.app.inject({
      method: "POST",
      url: `${URL}/${toPay.id}/test`,
      payload: { email: "julie@example.com" },
      headers: { cookie: sessionCookieOf(signIn), origin: new globalThis.URL(t.config.appUrl).origin },
    });
    expect(response.statusCode).toBe(202);
  });
});

describe("who may manage templates", () => {
  const refused: [Role, number][] = [
    ["anonymous", 401],
    ["customer", 403],
    ["adminByMagicLink", 403],
  ];

  it.each(refused)("refuses %s (%d) on every route: nothing written, nothing sent", async (role, status) => {
    const toPay = await created(template());
    const calls = [
      kit.injectAs(role, { method: "GET", url: URL }),
      kit.injectAs(role, { method: "POST", url: URL, payload: template({ type: "paid" }) }),
      kit.injectAs(role, {
        method: "PUT",
        url: `${URL}/${toPay.id}`,
        payload: template({ title: "Piraté" }),
      }),
      kit.injectAs(role, {
        method: "POST",
        url: `${URL}/${toPay.id}/test`,
        payload: { email: "x@example.com" },
      }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(status);
    expect(await stored()).toEqual([{ type: "to-pay", title: "Votre commande est à régler" }]);
    expect(t.mails.filter((mail) => mail.to === "x@example.com")).toEqual([]);
  });
});
