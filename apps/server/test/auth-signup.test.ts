import { tiktokUsernameMessages } from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authVerifications, pendingSignups, users } from "../src/db/schema";
import { purgeExpiredRows } from "../src/maintenance";
import { signUpCustomer, signupPayload } from "./support/actors";
import { createTestApp, sessionCookieOf, tokenFromLatestMail, type TestApp } from "./support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const signup = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/auth/signup", payload });
const validSignup = signupPayload;
const verify = (token: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/magic-link/verify", payload: { token } });
const session = (cookie: string) =>
  t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } }).then((r) => r.json());

describe("sign-up by magic link", () => {
  it("mails a single-use link that signs the new customer in", async () => {
    const response = await signup(validSignup("  @Julie.Mode ", "Julie@Example.com"));
    expect(response.statusCode).toBe(202);
    expect(t.mails.at(-1)?.to).toBe("julie@example.com");
    expect(t.mails.at(-1)?.subject).toContain("Confirmez votre inscription");

    const token = tokenFromLatestMail(t.mails, "julie@example.com");
    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({
      email: "julie@example.com",
      tiktokUsername: "julie.mode",
      isAdmin: false,
    });
    const cookie = sessionCookieOf(first);
    const setCookie = [first.headers["set-cookie"] ?? []].flat().join("\n");
    expect(setCookie).toMatch(/vitrine\.session_token=[^;]+;.*HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/);
    expect((await session(cookie)).user.email).toBe("julie@example.com");

    const reused = await verify(token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      code: "MAGIC_LINK_INVALID",
      message: "Le lien de connexion est expiré ou a déjà été utilisé. Demandez-en un nouveau.",
    });
    const pending = await t.db
      .select()
      .from(pendingSignups)
      .where(eq(pendingSignups.email, "julie@example.com"));
    expect(pending).toHaveLength(0);
  });

  it("stores the token hashed, never in plain text", async () => {
    await signup(validSignup("hash_check", "hash@example.com"));
    const token = tokenFromLatestMail(t.mails, "hash@example.com");
    const rows = await t.db.select().from(authVerifications);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.identifier).not.toContain(token);
      expect(row.value).not.toContain(token);
    }
  });

  it("refuses an expired link and creates nothing", async () => {
    await signup(validSignup("late_girl", "late@example.com"));
    const token = tokenFromLatestMail(t.mails, "late@example.com");
    await t.db.update(authVerifications).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await verify(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("MAGIC_LINK_INVALID");
    const created = await t.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'late@example.com'`);
    expect(created).toHaveLength(0);
  });

  it("claims the user created from a handle during a live: same row, no duplicate", async () => {
    const [liveUser] = await t.db
      .insert(users)
      .values({ tiktokUsername: "vip_viewer", displayName: "VIP" })
      .returning();
    const checkBefore = await t.app.inject({
      method: "POST",
      url: "/api/auth/check-tiktok-username",
      payload: { username: "@VIP_viewer" },
    });
    expect(checkBefore.json()).toEqual({ exists: false });

    const cookie = await signUpCustomer(t, "VIP_Viewer", "vip@example.com");
    const me = await session(cookie);
    expect(me.user.id).toBe(liveUser?.id);
    const rows = await t.db
      .select()
      .from(users)
      .where(sql`lower(${users.tiktokUsername}) = 'vip_viewer'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.authId).not.toBeNull();
    expect(rows[0]?.email).toBe("vip@example.com");

    const checkAfter = await t.app.inject({
      method: "POST",
      url: "/api/auth/check-tiktok-username",
      payload: { username: "vip_viewer" },
    });
    expect(checkAfter.json()).toEqual({ exists: true });
  });

  it("refuses a handle that already has an account, with the spec's message", async () => {
    await signUpCustomer(t, "taken_handle", "owner@example.com");
    const mailsBefore = t.mails.length;
    const response = await signup(validSignup("Taken_Handle", "other@example.com"));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: "TIKTOK_USERNAME_TAKEN",
      message: tiktokUsernameMessages.taken,
      fields: { tiktokUsername: "Ce pseudo TikTok est déjà utilisé" },
    });
    expect(t.mails.length).toBe(mailsBefore);
  });

  it("refuses an e-mail that already has an account", async () => {
    await signUpCustomer(t, "first_one", "twice@example.com");
    const response = await signup(validSignup("second_one", "twice@example.com"));
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("ACCOUNT_ALREADY_EXISTS");
  });

  it.each([
    [{ tiktokUsername: "a" }, "tiktokUsername", "Le pseudo TikTok doit contenir au moins 2 caractères"],
    [
      { tiktokUsername: "x".repeat(25) },
      "tiktokUsername",
      "Le pseudo TikTok ne peut pas dépasser 24 caractères",
    ],
    [{ tiktokUsername: "ju@lie" }, "tiktokUsername", "L'arobase (@) ne doit être qu'au début du pseudo."],
    [
      { tiktokUsername: "ju-lie" },
      "tiktokUsername",
      "Le pseudo TikTok ne doit contenir que des lettres, chiffres, points ou underscore",
    ],
    [{ tiktokUsername: "   " }, "tiktokUsername", "Veuillez saisir votre pseudo TikTok"],
    [
      { tiktokUsernameConfirmation: "other" },
      "tiktokUsernameConfirmation",
      "Les pseudos TikTok ne correspondent pas",
    ],
    [{ emailConfirmation: "other@example.com" }, "emailConfirmation", "Les emails ne correspondent pas"],
    [{ acceptTerms: false }, "acceptTerms", "Vous devez accepter les conditions générales de vente"],
    [{ email: "not-an-email" }, "email", "Veuillez saisir une adresse email valide"],
  ])("rejects %o with a French message and writes nothing", async (override, field, message) => {
    const base = validSignup("valid_handle", "valid@example.com");
    const payload = { ...base, ...override };
    if ("tiktokUsername" in override) payload.tiktokUsernameConfirmation = payload.tiktokUsername;
    if ("email" in override) payload.emailConfirmation = payload.email;
    const mailsBefore = t.mails.length;
    const response = await signup(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.fields[field]).toBe(message);
    expect(t.mails.length).toBe(mailsBefore);
    const pending = await t.db
      .select()
      .from(pendingSignups)
      .where(eq(pendingSignups.email, "valid@example.com"));
    expect(pending).toHaveLength(0);
  });
});

describe("a pending sign-up", () => {
  /** Makes a pending sign-up `ageSeconds` old, as its 15-minute life counts it. */
  const age = (email: string, ageSeconds: number) =>
    t.db
      .update(pendingSignups)
      .set({
        createdAt: sql`now() - make_interval(secs => ${ageSeconds})`,
        expiresAt: sql`now() - make_interval(secs => ${ageSeconds}) + interval '15 minutes'`,
      })
      .where(eq(pendingSignups.email, email));

  it("lives 15 minutes from the sign-up, as long as its link", async () => {
    await signup(validSignup("fifteen_minutes", "fifteen@example.com"));
    const { rows } = await t.db.$client.query<{ life: number }>(
      "SELECT extract(epoch FROM expires_at - created_at)::float AS life FROM pending_signups WHERE email = $1",
      ["fifteen@example.com"],
    );
    expect(rows[0]?.life).toBeGreaterThan(15 * 60 - 2);
    expect(rows[0]?.life).toBeLessThan(15 * 60 + 2);
  });

  it("gives its handle within its 15 minutes, even the row of a live viewer, and never after", async () => {
    // 14 minutes 50 seconds old: the handle, and the viewer's row with it, are the new customer's.
    const [viewer] = await t.db
      .insert(users)
      .values({ tiktokUsername: "still_in_time", displayName: "À temps" })
      .returning();
    await signup(validSignup("still_in_time", "in-time@example.com"));
    await age("in-time@example.com", 14 * 60 + 50);
    const inTime = await verify(tokenFromLatestMail(t.mails, "in-time@example.com"));
    expect(inTime.json().user).toMatchObject({ id: viewer?.id, tiktokUsername: "still_in_time" });

    // 15 minutes and a second old: the link (whose own life is another test's subject) still signs
    // in, but the sign-up's handle is nobody's and the viewer's row stays unclaimed.
    const [late] = await t.db
      .insert(users)
      .values({ tiktokUsername: "too_late_now", displayName: "Trop tard" })
      .returning();
    await signup(validSignup("too_late_now", "too-late@example.com"));
    await age("too-late@example.com", 15 * 60 + 1);
    const afterIt = await verify(tokenFromLatestMail(t.mails, "too-late@example.com"));
    expect(afterIt.statusCode).toBe(200);
    expect(afterIt.json().user).toMatchObject({ email: "too-late@example.com", tiktokUsername: null });
    expect(afterIt.json().user.id).not.toBe(late?.id);
    const [viewerRow] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, late?.id ?? ""));
    expect(viewerRow?.authId).toBeNull();
    const check = await t.app.inject({
      method: "POST",
      url: "/api/auth/check-tiktok-username",
      payload: { username: "too_late_now" },
    });
    expect(check.json()).toEqual({ exists: false });
  });

  it("is removed by the hourly purge once its 15 minutes are over, not before", async () => {
    await signup(validSignup("purged_pending", "purged@example.com"));
    await signup(validSignup("kept_pending", "kept@example.com"));
    await age("purged@example.com", 15 * 60 + 1);
    await age("kept@example.com", 14 * 60 + 50);
    await purgeExpiredRows(t.db);
    const left = await t.db
      .select({ email: pendingSignups.email })
      .from(pendingSignups)
      .where(sql`${pendingSignups.email} IN ('purged@example.com', 'kept@example.com')`);
    expect(left).toEqual([{ email: "kept@example.com" }]);
  });
});
