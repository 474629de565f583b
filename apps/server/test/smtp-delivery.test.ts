import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { createSmtpMailer } from "../src/integrations/mail/smtp-mailer";
import { createTestApp, sessionCookieOf, type TestApp } from "./support/test-app";

interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
}

const received: ReceivedMail[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(0, "127.0.0.1", resolve);
  });
  const address = smtp.server.address();
  if (!address || typeof address === "string") throw new Error("the SMTP server has no TCP port");
  const { port } = address;
  t = await createTestApp({
    mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`, "Vitrine <contact@vitrine.local>"),
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const LINK = /http:\/\/localhost:3000\/auth\/verify\?token=([A-Za-z0-9_-]+)/;

describe("mail over real SMTP", () => {
  it("delivers the sign-up link, which signs the customer in", async () => {
    const signup = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: {
        tiktokUsername: "smtp_girl",
        tiktokUsernameConfirmation: "smtp_girl",
        email: "Smtp.Girl@Example.com",
        emailConfirmation: "smtp.girl@example.com",
        acceptTerms: true,
      },
    });
    expect(signup.statusCode).toBe(202);
    expect(t.mails).toEqual([]);
    const mail = received.find((m) => m.envelopeTo.includes("smtp.girl@example.com"));
    const parsed = mail?.parsed;
    const envelopeTo = mail?.envelopeTo;
    expect(envelopeTo).toEqual(["smtp.girl@example.com"]);
    expect(parsed?.from?.value).toEqual([{ name: "Vitrine", address: "contact@vitrine.local" }]);
    const to = [parsed?.to ?? []].flat().flatMap((address) => address.value.map((a) => a.address));
    expect(to).toEqual(["smtp.girl@example.com"]);
    expect(parsed?.subject).toBe("Confirmez votre inscription sur Vitrine");

    const fromText = parsed?.text?.match(LINK);
    const html = typeof parsed?.html === "string" ? parsed.html : "";
    const fromHtml = html.match(LINK);
    expect(fromText?.[1]).toBeTruthy();
    expect(fromHtml?.[0]).toBe(fromText?.[0]);
    expect(html).toContain(`href="${fromText?.[0]}"`);

    const verify = await t.app.inject({
      method: "POST",
      url: "/api/auth/magic-link/verify",
      payload: { token: fromText?.[1] },
    });
    expect(verify.statusCode).toBe(200);
    const cookie = sessionCookieOf(verify);
    const session = await t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } });
    expect(session.json().user).toMatchObject({
      email: "smtp.girl@example.com",
      tiktokUsername: "smtp_girl",
      isAdmin: false,
    });
  });

  it("delivers the sign-in link with its own subject", async () => {
    await t.db.insert(users).values({ email: "smtp.known@example.com" });
    const before = received.length;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: "smtp.known@example.com" },
    });
    expect(response.statusCode).toBe(202);
    expect(received).toHaveLength(before + 1);
    const parsed = received.at(-1)?.parsed;
    expect(received.at(-1)?.envelopeTo).toEqual(["smtp.known@example.com"]);
    expect(parsed?.subject).toBe("Votre lien de connexion à Vitrine");
    expect(parsed?.text).toMatch(LINK);
  });
});
