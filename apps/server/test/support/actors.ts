import { normalizeEmail } from "@vitrine/domain";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../src/db/client";
import { authUsers, users } from "../../src/db/schema";
import { ensureFirstAdmin, insertPasswordIdentity } from "../../src/modules/auth/first-admin";
import { sessionCookieOf, tokenFromLatestMail, type TestApp } from "./test-app";

export const ADMIN = { email: "admin@test.local", password: "admin-password-for-tests" };

export async function signInAsAdmin(t: TestApp): Promise<string> {
  await ensureFirstAdmin(t.db, ADMIN);
  const response = await t.app.inject({ method: "POST", url: "/api/auth/admin/sign-in", payload: ADMIN });
  return sessionCookieOf(response);
}

/** A sign-up form filled in correctly: each field confirmed, terms accepted. */
export function signupPayload(handle: string, email: string) {
  return {
    tiktokUsername: handle,
    tiktokUsernameConfirmation: handle,
    email,
    emailConfirmation: email,
    acceptTerms: true,
  };
}

/** Signs a customer up through the API (sign-up, mail, link) and returns their session cookie. */
export async function signUpCustomer(t: TestApp, handle: string, email: string): Promise<string> {
  const signup = await t.app.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: signupPayload(handle, email),
  });
  if (signup.statusCode !== 202) throw new Error(`sign-up failed: ${signup.body}`);
  const verify = await t.app.inject({
    method: "POST",
    url: "/api/auth/magic-link/verify",
    payload: { token: tokenFromLatestMail(t.mails, email) },
  });
  return sessionCookieOf(verify);
}

/** Signs in by e-mailed link someone the shop already knows (a factory's customer): their session cookie. */
export async function signInByLink(t: TestApp, email: string): Promise<string> {
  const request = await t.app.inject({ method: "POST", url: "/api/auth/magic-link", payload: { email } });
  if (request.statusCode !== 202) throw new Error(`link request failed: ${request.body}`);
  const verify = await t.app.inject({
    method: "POST",
    url: "/api/auth/magic-link/verify",
    payload: { token: tokenFromLatestMail(t.mails, email) },
  });
  return sessionCookieOf(verify);
}

/**
 * A person with a password, by default without admin rights (e.g. an admin whose rights were
 * revoked).
 */
export async function createPasswordUser(
  db: Database,
  email: string,
  password: string,
  { isAdmin = false }: { isAdmin?: boolean } = {},
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const authId = await insertPasswordIdentity(db, { email, passwordHash, name: "" });
  await db.insert(users).values({ authId, email, isAdmin });
}

/**
 * The admin account of `account` (ADMIN by default), created when missing even if the shop
 * already has another admin (a factory's), where `ensureFirstAdmin` would create nothing.
 */
export async function ensureAdminAccount(db: Database, account = ADMIN): Promise<void> {
  const email = normalizeEmail(account.email);
  const [identity] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
  if (!identity) await createPasswordUser(db, email, account.password, { isAdmin: true });
}
