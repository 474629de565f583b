import { adminMessageMessages, MESSAGE_MAX_RECIPIENTS } from "@vitrine/domain";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OutgoingMail } from "../src/integrations/mail/mailer";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { insertCustomer, insertLiveViewer } from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp({ env: { SHOP_NAME: "Boutique Lila", SHOP_CONTACT_EMAIL: "aide@lila.test" } });
  kit = apiKitOf(t);
  await kit.actor("admin");
});
afterAll(async () => t.close());
beforeEach(() => {
  t.mails.length = 0;
});

const URL = "/api/admin/messages";

const message = (recipients: string[], overrides: Record<string, unknown> = {}) => ({
  type: "shipped",
  subject: "Votre colis est parti",
  body: '<p>Bonjour,</p><p>Suivez-le <a href="https://www.laposte.fr/outils/suivre-vos-envois">ici</a>.</p>',
  recipients,
  ...overrides,
});

const send = (payload: object, app: ApiKit = kit) =>
  app.injectAs("admin", { method: "POST", url: URL, payload });

describe("sending a message", () => {
  it("sends one mail per distinct e-mail, wrapped with a heading, the shop's link and a help notice", async () => {
    const julie = await insertCustomer(t.db, { email: "julie@example.com" });
    const lea = await insertCustomer(t.db, { email: "Lea@Example.com" });
    const response = await send(message([julie.id, lea.id, julie.id]));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sent: 2, failed: [] });

    expect(t.mails.map((mail) => mail.to).sort()).toEqual(["julie@example.com", "lea@example.com"]);
    const mail = t.mails.find((candidate) => candidate.to === "julie@example.com");
    expect(mail?.subject).toBe("Votre colis est parti");
    expect(mail?.html).toContain('<h1 style="font-size:20px">Votre colis est parti</h1>');
    expect(mail?.html).toContain(
      '<a href="https://www.laposte.fr/outils/suivre-vos-envois" rel="noopener noreferrer">ici</a>',
    );
    expect(mail?.html).toContain('<a href="http://localhost:3000"');
    expect(mail?.html).toContain("Accéder à la boutique Boutique Lila");
    expect(mail?.html).toContain("écrivez-nous à aide@lila.test");
    expect(mail?.text).toContain("Suivez-le ici (https://www.laposte.fr/outils/suivre-vos-envois).");
    expect(mail?.text).toContain("Accéder à la boutique Boutique Lila : http://localhost:3000");
  });

  it("fills a template's first name per recipient and leaves out the order's facts it has not", async () => {
    const julie = await insertCustomer(t.db, { email: "julie.p@example.com", firstName: "Julie" });
    const nameless = await insertCustomer(t.db, { email: "anonyme@example.com", firstName: null });
    const response = await send(
      message([julie.id, nameless.id], {
        subject: "Pour {{prenom}}",
        body: "<p>Bonjour {{prenom}},</p><p>Commande {{numero_commande}}, suivi : {{suivi}} {{lien_suivi}}</p>",
      }),
    );
    expect(response.json()).toEqual({ sent: 2, failed: [] });
    const to = (email: string) => t.mails.find((mail) => mail.to === email);
    expect(to("julie.p@example.com")?.subject).toBe("Pour Julie");
    expect(to("julie.p@example.com")?.text).toContain("Bonjour Julie,");
    expect(to("anonyme@example.com")?.text).toContain("Bonjour,");
    for (const mail of t.mails) expect(`${mail.subject}${mail.html}${mail.text}`).not.toContain("{{");
  });

  it("escapes the subject and sanitizes what the editor never writes", async () => {
    const julie = await insertCustomer(t.db);
    const response = await send(
      message([julie.id], {
        subject: "Soldes <b>& promos</b>",
        body: '<p style="color:red">Bonjour <img src="https://evil.test/x.png"><span class="x">à toutes</span></p>',
      }),
    );
    expect(response.statusCode).toBe(200);
    const [mail] = t.mails;
    expect(mail?.html).toContain(
      '<h1 style="font-size:20px">Soldes &#60;b&#62;&#38; promos&#60;/b&#62;</h1>',
    );
    expect(mail?.html).toContain("<p>Bonjour <span>à toutes</span></p>");
    expect(mail?.html).not.toContain("evil.test");
  });

  it("lists who has no e-mail, and sends to the others", async () => {
    const julie = await insertCustomer(t.db);
    const viewer = await insertLiveViewer(t.db, { tiktokUsername: "lea_live" });
    const unknown = randomUUID();
    const response = await send(message([viewer.id, julie.id, unknown]));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      sent: 1,
      failed: ["Email utilisateur introuvable : @lea_live", `Utilisateur introuvable (${unknown})`],
    });
    expect(t.mails.map((mail) => mail.to)).toEqual([julie.email]);
  });

  it("answers a lone recipient without e-mail with 'Email utilisateur introuvable' and sends nothing", async () => {
    const viewer = await insertLiveViewer(t.db, { displayName: "Léa" });
    const response = await send(message([viewer.id]));
    expect(response.json()).toEqual({
      sent: 0,
      failed: [`${adminMessageMessages.recipientWithoutEmail} : Léa`],
    });
    expect(t.mails).toEqual([]);
  });

  it("refuses a message without type, subject, body or recipients (French 400 naming each) and sends nothing", async () => {
    const julie = await insertCustomer(t.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: "" }, "type", adminMessageMessages.typeRequired],
      [{ type: "archived" }, "type", "Le type doit être un statut de commande"],
      // A notice of a live claim carries facts only the server writes: never sent by hand.
      [{ type: "claim-reserved" }, "type", adminMessageMessages.noticeTypeRefused],
      [{ subject: "  " }, "subject", adminMessageMessages.subjectRequired],
      [{ body: "<p> </p>" }, "body", adminMessageMessages.bodyRequired],
      [{ recipients: [] }, "recipients", adminMessageMessages.recipientsRequired],
      [
        { recipients: Array.from({ length: MESSAGE_MAX_RECIPIENTS + 1 }, () => julie.id) },
        "recipients",
        adminMessageMessages.tooManyRecipients,
      ],
    ];
    for (const [overrides, field, text] of cases) {
      const response = await send(message([julie.id], overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: { [field]: text } });
    }
    expect(t.mails).toEqual([]);
  });

  it("takes 500 recipients in one send", async () => {
    const people = await Promise.all(Array.from({ length: 5 }, () => insertCustomer(t.db)));
    const ids = Array.from({ length: MESSAGE_MAX_RECIPIENTS }, (_, index) => people[index % 5]?.id ?? "");
    const response = await send(message(ids));
    expect(response.json()).toEqual({ sent: 5, failed: [] });
  });

  it("is for administrators only", async () => {
    const julie = await insertCustomer(t.db);
    for (const role of ["anonymous", "customer", "adminByMagicLink"] as const) {
      const response = await kit.injectAs(role, { method: "POST", url: URL, payload: message([julie.id]) });
      expect(response.statusCode).toBe(role === "anonymous" ? 401 : 403);
    }
    // Only the sign-in links the roles needed went out.
    expect(t.mails.filter((mail) => mail.subject === "Votre colis est parti")).toEqual([]);
  });
});

describe("when the mail server refuses some mails", () => {
  let failing: TestApp;
  let failingKit: ApiKit;
  const delivered: OutgoingMail[] = [];
  beforeAll(async () => {
    failing = await createTestApp({
      mailer: {
        async send(mail) {
          if (mail.to.startsWith("bounce")) throw new Error("550 mailbox unavailable");
          delivered.push(mail);
        },
      },
    });
    failingKit = apiKitOf(failing);
  });
  afterAll(async () => failing.close());

  it("sends the others and lists the e-mails that failed", async () => {
    const ok = await insertCustomer(failing.db, { email: "ok@example.com" });
    const bounce = await insertCustomer(failing.db, { email: "bounce@example.com" });
    const response = await send(message([bounce.id, ok.id]), failingKit);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sent: 1, failed: ["bounce@example.com"] });
    expect(delivered.map((mail) => mail.to)).toEqual(["ok@example.com"]);
  });
});
