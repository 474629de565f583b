import { authMessages } from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authAccounts, authSessions, authUsers, users } from "../src/db/schema";
import { defaultAuthRateLimits } from "../src/rate-limits";
import { ADMIN, createPasswordUser, signInAsAdmin, signUpCustomer } from "./support/actors";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import { createTestApp, sessionCookieOf, tokenFromLatestMail, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  // The admin signs in many times here; the limits themselves are tested in rate-limits.test.ts.
  t = await createTestApp({
    authRateLimits: {
      ...defaultAuthRateLimits,
      adminFailuresPerAccountAndIp: { max: 100, windowSeconds: 60 },
      adminFailuresPerAccount: { max: 100, windowSeconds: 60 },
      adminSignInPerIp: { max: 100, windowSeconds: 60 },
    },
  });
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

const requestLink = (email: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/magic-link", payload: { email } });
const verify = (token: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/magic-link/verify", payload: { token } });
const adminSignIn = (payload: { email: string; password: string }) =>
  t.app.inject({ method: "POST", url: "/api/auth/admin/sign-in", payload });
const sessionUser = async (cookie?: string) => {
  const response = await t.app.inject({
    method: "GET",
    url: "/api/auth/session",
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode).toBe(200);
  return response.json().user;
};
const setCookies = (response: LightMyRequestResponse) => [response.headers["set-cookie"] ?? []].flat();
const usersWithEmail = (email: string) =>
  t.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);

describe("sign-in by magic link", () => {
  it("refuses an unknown e-mail with the spec's message and sends no mail", async () => {
    const mailsBefore = t.mails.length;
    const response = await requestLink("nobody@example.com");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: "ACCOUNT_NOT_FOUND",
      message: "Aucun compte n'existe avec cet email.",
    });
    expect(t.mails.length).toBe(mailsBefore);
  });

  it("mails a link to a person known to the shop without an account, and the link claims that same row", async () => {
    const [known] = await t.db
      .insert(users)
      .values({ email: "known@example.com", firstName: "Anne", tiktokUsername: "anne_live" })
      .returning();
    const response = await requestLink("known@example.com");
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: "sent" });
    const mail = t.mails.at(-1);
    expect(mail?.to).toBe("known@example.com");
    expect(mail?.subject).toBe("Votre lien de connexion à Vitrine");
    expect(mail?.text).toContain("http://localhost:3000/auth/verify?token=");

    const signedIn = await verify(tokenFromLatestMail(t.mails, "known@example.com"));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toEqual({
      id: known?.id,
      email: "known@example.com",
      firstName: "Anne",
      lastName: null,
      tiktokUsername: "anne_live",
      isAdmin: false,
    });
    const rows = await usersWithEmail("known@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(known?.id);
    expect(rows[0]?.authId).not.toBeNull();
    const [authUser] = await t.db
      .select()
      .from(authUsers)
      .where(eq(authUsers.id, rows[0]?.authId ?? ""));
    expect(authUser?.email).toBe("known@example.com");

    const cookie = sessionCookieOf(signedIn);
    expect((await sessionUser(cookie)).id).toBe(known?.id);
  });

  it("treats the e-mail case-insensitively", async () => {
    const [known] = await t.db.insert(users).values({ email: "Claire.Dupont@Example.fr" }).returning();
    const response = await requestLink("  CLAIRE.dupont@example.FR ");
    expect(response.statusCode).toBe(202);
    expect(t.mails.at(-1)?.to).toBe("claire.dupont@example.fr");

    const signedIn = await verify(tokenFromLatestMail(t.mails, "claire.dupont@example.fr"));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(known?.id);
    expect(await usersWithEmail("claire.dupont@example.fr")).toHaveLength(1);
  });

  it("signs a returning customer in to their own account", async () => {
    const firstCookie = await signUpCustomer(t, "returning_one", "returning@example.com");
    const firstUser = await sessionUser(firstCookie);
    expect((await requestLink("returning@example.com")).statusCode).toBe(202);
    const again = await verify(tokenFromLatestMail(t.mails, "returning@example.com"));
    expect(again.statusCode).toBe(200);
    expect(again.json().user).toMatchObject({ id: firstUser.id, tiktokUsername: "returning_one" });
    expect(await usersWithEmail("returning@example.com")).toHaveLength(1);
  });

  it("brings the customer back to the page they asked for: the link carries it, checked", async () => {
    let customers = 0;
    // One customer a link: the per-e-mail limit is not this test's subject.
    const linkFor = async (next: string) => {
      const email = `retour${++customers}@example.com`;
      await t.db.insert(users).values({ email, tiktokUsername: `retour_${customers}` });
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/magic-link",
        payload: { email, next },
      });
      expect(response.statusCode).toBe(202);
      const link = t.mails.at(-1)?.text.match(/http:\/\/localhost:3000\/auth\/verify\?\S+/)?.[0];
      expect(link).toBeDefined();
      return new URL(link ?? "");
    };
    const asked = await linkFor("/customer/order/2f7c1b0e?from=mail");
    expect(asked.searchParams.get("next")).toBe("/customer/order/2f7c1b0e?from=mail");
    // The token still reads the same way, and signs in.
    expect((await verify(asked.searchParams.get("token") ?? "")).statusCode).toBe(200);

    // Another site, or a page outside the customer's area: the link leads home, as without one.
    for (const next of [
      "https://evil.example/customer",
      "//evil.example",
      "/admin/users",
      "/customer/../admin",
    ]) {
      expect((await linkFor(next)).searchParams.has("next")).toBe(false);
    }
  });

  it("refuses a token that was never issued", async () => {
    const response = await verify("not-a-real-token");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: "MAGIC_LINK_INVALID", message: authMessages.magicLinkInvalid });
    expect(setCookies(response)).toEqual([]);
  });

  it("asks for the e-mail when it is empty", async () => {
    const response = await requestLink("");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { email: "L'email est requis" },
    });
  });
});

describe("session and sign-out", () => {
  it("answers no user without a cookie, or with a cookie that means nothing", async () => {
    expect(await sessionUser()).toBeNull();
    expect(await sessionUser("vitrine.session_token=forged.value")).toBeNull();
  });

  it("answers the signed-in customer with a cookie", async () => {
    const { email, tiktokUsername } = await kit.actor("customer");
    expect(await sessionUser(await kit.cookieOf("customer"))).toMatchObject({
      email,
      tiktokUsername,
      isAdmin: false,
    });
  });

  it("signs out: the cookie is cleared and the old cookie opens nothing any more", async () => {
    const cookie = await kit.cookieOf("otherCustomer");
    expect(await sessionUser(cookie)).not.toBeNull();
    const response = await kit.injectAs("otherCustomer", { method: "POST", url: "/api/auth/sign-out" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "signed-out", endedImpersonation: false });
    const cleared = setCookies(response).find((c) => c.startsWith("vitrine.session_token="));
    expect(cleared).toMatch(/^vitrine\.session_token=;/);
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(await sessionUser(cookie)).toBeNull();
  });

  it("signs out without a session and still answers signed-out", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/auth/sign-out" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "signed-out", endedImpersonation: false });
  });
});

describe("admin sign-in", () => {
  it("signs the first admin in with an HttpOnly, SameSite=Lax session cookie", async () => {
    const cookie = await signInAsAdmin(t);
    const response = await adminSignIn(ADMIN);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: ADMIN.email, isAdmin: true });
    const session = setCookies(response).find((c) => c.startsWith("vitrine.session_token="));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Path=\//);
    expect((await sessionUser(cookie)).isAdmin).toBe(true);
  });

  it("accepts the admin's e-mail in any case", async () => {
    await signInAsAdmin(t);
    const response = await adminSignIn({ email: ADMIN.email.toUpperCase(), password: ADMIN.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.isAdmin).toBe(true);
  });

  it("refuses a wrong password with the spec's message and no cookie", async () => {
    await signInAsAdmin(t);
    const response = await adminSignIn({ email: ADMIN.email, password: "not-the-right-password" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: "INVALID_CREDENTIALS",
      message: "Email ou mot de passe incorrect",
    });
    expect(setCookies(response).filter((c) => c.startsWith("vitrine.session_token="))).toEqual([]);
  });

  it("refuses an unknown e-mail like a wrong password", async () => {
    const response = await adminSignIn({ email: "ghost@example.com", password: "whatever-password" });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("INVALID_CREDENTIALS");
  });

  it("refuses a password user who is not an admin, leaving no usable session", async () => {
    await createPasswordUser(t.db, "former-admin@example.com", "former-admin-password");
    const response = await adminSignIn({
      email: "former-admin@example.com",
      password: "former-admin-password",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: "NOT_ADMIN",
      message: "Vous n'avez pas les droits administrateur",
    });
    expect(setCookies(response).filter((c) => c.startsWith("vitrine.session_token="))).toEqual([]);
    const [authUser] = await t.db
      .select()
      .from(authUsers)
      .where(eq(authUsers.email, "former-admin@example.com"));
    const sessions = await t.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, authUser?.id ?? ""));
    expect(sessions).toEqual([]);
  });

  it("ends an admin session 12 hours after sign-in, however active", async () => {
    const cookie = await signInAsAdmin(t);
    const token = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";
    const [session] = await t.db.select().from(authSessions).where(eq(authSessions.token, token));
    expect(session).toBeDefined();

    await t.db
      .update(authSessions)
      .set({ createdAt: new Date(Date.now() - 11 * 3600 * 1000) })
      .where(eq(authSessions.token, token));
    expect((await sessionUser(cookie))?.isAdmin).toBe(true);

    await t.db
      .update(authSessions)
      .set({ createdAt: new Date(Date.now() - 13 * 3600 * 1000) })
      .where(eq(authSessions.token, token));
    // Kept in memory since the request above: ended once this instance hears of the change.
    await eventually(async () => (await sessionUser(cookie)) === null);
    expect(await t.db.select().from(authSessions).where(eq(authSessions.token, token))).toEqual([]);
  });

  it("keeps a customer session older than 12 hours", async () => {
    const cookie = await kit.cookieOf("customer");
    const token = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";
    await t.db
      .update(authSessions)
      .set({ createdAt: new Date(Date.now() - 13 * 3600 * 1000) })
      .where(eq(authSessions.token, token));
    expect(await sessionUser(cookie)).toMatchObject({
      email: (await kit.actor("customer")).email,
      isAdmin: false,
    });
  });

  it("gives an admin who signs in by magic link only customer rights", async () => {
    await signInAsAdmin(t);
    await requestLink(ADMIN.email);
    const response = await verify(tokenFromLatestMail(t.mails, ADMIN.email));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.isAdmin).toBe(false);
    const cookie = sessionCookieOf(response);
    expect((await sessionUser(cookie)).isAdmin).toBe(false);
    const passwordCookie = await signInAsAdmin(t);
    expect((await sessionUser(passwordCookie)).isAdmin).toBe(true);
  });

  it("stores the admin password hashed, never in plain text", async () => {
    await signInAsAdmin(t);
    const [row] = await t.db
      .select({ password: authAccounts.password })
      .from(authAccounts)
      .innerJoin(authUsers, eq(authUsers.id, authAccounts.userId))
      .where(eq(authUsers.email, ADMIN.email));
    expect(row?.password).toBeTruthy();
    expect(row?.password).not.toBe(ADMIN.password);
    expect(row?.password).not.toContain(ADMIN.password);
    expect(row?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
  });
});
