import { MESSAGE_TEMPLATE_TYPES, type MessageTemplate } from "@vitrine/domain";
import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MESSAGE_TEMPLATES } from "../src/db/default-message-templates";
import { messageTemplates } from "../src/db/schema";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

const URL = "/api/admin/message-templates";
const list = async (): Promise<MessageTemplate[]> => {
  const response = await kit.injectAs("admin", { method: "GET", url: URL });
  expect(response.statusCode).toBe(200);
  return response.json().templates;
};

describe("a new shop's message templates", () => {
  it("has a French template for every order status and every claim notice, in the types' order", async () => {
    const templates = await list();
    expect(templates.map((template) => template.type)).toEqual([...MESSAGE_TEMPLATE_TYPES]);
    expect(templates.map(({ type, title, body }) => ({ type, title, body }))).toEqual(
      DEFAULT_MESSAGE_TEMPLATES,
    );
    for (const template of templates) {
      expect(template.scope).toEqual(["back-office"]);
      expect(template.body).toMatch(/^<p>Bonjour( {{prenom}})?,<\/p>/);
    }
  });

  it("can send a payment reminder on day one, and edit it as any template", async () => {
    const toPay = (await list()).find((template) => template.type === "to-pay");
    expect(toPay?.title).toBe("Votre commande vous attend");
    const sent = await kit.injectAs("admin", {
      method: "POST",
      url: `${URL}/${toPay?.id}/test`,
      payload: { email: "julie@example.com" },
    });
    expect(sent.statusCode).toBe(202);
    expect(t.mails.at(-1)).toMatchObject({ to: "julie@example.com", subject: "Votre commande vous attend" });
    expect(t.mails.at(-1)?.text).toContain("Payer maintenant");

    const edited = await kit.injectAs("admin", {
      method: "PUT",
      url: `${URL}/${toPay?.id}`,
      payload: { type: "to-pay", title: "Petit rappel", body: "<p>Pensez à régler.</p>" },
    });
    expect(edited.statusCode).toBe(200);
    expect((await list()).find((template) => template.type === "to-pay")).toMatchObject({
      title: "Petit rappel",
      body: "<p>Pensez à régler.</p>",
    });
  });

  it("is inserted by the migrations only where a type has none: a shop's own template stays", async () => {
    await t.db
      .delete(messageTemplates)
      .where(sql`${messageTemplates.type} not in ('shipped', 'claim-expired')`);
    await t.db
      .update(messageTemplates)
      .set({ title: "Colis parti", body: "<p>Il arrive.</p>" })
      .where(sql`${messageTemplates.type} = 'shipped'`);
    await t.db
      .update(messageTemplates)
      .set({ title: "Trop tard", body: "<p>Dommage.</p>" })
      .where(sql`${messageTemplates.type} = 'claim-expired'`);
    const statuses = readFileSync(
      new globalThis.URL("../src/db/migrations/0021_default_message_templates.sql", import.meta.url),
      "utf8",
    );
    await t.db.execute(sql.raw(statuses));
    // The notices' migration holds triggers too: only its templates' statement is run again.
    const notices = readFileSync(
      new globalThis.URL("../src/db/migrations/0027_customer_notices.sql", import.meta.url),
      "utf8",
    );
    const noticeTemplates = notices.slice(notices.indexOf('INSERT INTO "message_templates"'));
    await t.db.execute(sql.raw(noticeTemplates));
    const emptied = readFileSync(
      new globalThis.URL("../src/db/migrations/0036_no_empty_orders.sql", import.meta.url),
      "utf8",
    );
    await t.db.execute(sql.raw(emptied.slice(emptied.indexOf('INSERT INTO "message_templates"'))));
    const templates = await list();
    expect(templates).toHaveLength(MESSAGE_TEMPLATE_TYPES.length);
    expect(templates.find((template) => template.type === "claim-expired")).toMatchObject({
      title: "Trop tard",
      body: "<p>Dommage.</p>",
    });
    expect(templates.find((template) => template.type === "claim-reserved")?.title).toBe("Réservé pour vous");
    expect(templates.find((template) => template.type === "shipped")).toMatchObject({
      title: "Colis parti",
      body: "<p>Il arrive.</p>",
    });
    expect(templates.find((template) => template.type === "to-pay")?.title).toBe(
      "Votre commande vous attend",
    );
  });
});
