import fastifyCookie from "@fastify/cookie";
import { normalizeEmail } from "@vitrine/domain";
import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * A browser where an administrator already signed in with the password carries a signed "device"
 * cookie for that account. Failed passwords from such a browser are not counted against the
 * account's global backstop, so an attacker elsewhere who exhausts it cannot lock the owner out
 * (OWASP's "device cookies" defence against online guessing).
 */

export const ADMIN_DEVICE_COOKIE = "vitrine.admin_device";
export const ADMIN_DEVICE_LIFETIME_SECONDS = 365 * 24 * 3600;

function signature(email: string, issuedAt: string, secret: string): Buffer {
  return createHmac("sha256", secret)
    .update(`admin-device:${normalizeEmail(email)}:${issuedAt}`)
    .digest();
}

export function adminDeviceCookie(email: string, secret: string, secure: boolean): string {
  const issuedAt = String(Date.now());
  const value = `${issuedAt}.${signature(email, issuedAt, secret).toString("base64url")}`;
  return fastifyCookie.serialize(ADMIN_DEVICE_COOKIE, value, {
    httpOnly: true,
    secure,
    sameSite: "strict",
    path: "/api/auth/admin",
    maxAge: ADMIN_DEVICE_LIFETIME_SECONDS,
  });
}

/** Whether the cookie was issued by this server to a browser that signed in as `email`. */
export function isTrustedAdminDevice(
  cookieValue: string | undefined,
  email: string,
  secret: string,
): boolean {
  const [issuedAt, given] = (cookieValue ?? "").split(".");
  if (!issuedAt || !given || !/^\d+$/.test(issuedAt)) return false;
  if (Date.now() - Number(issuedAt) > ADMIN_DEVICE_LIFETIME_SECONDS * 1000) return false;
  const expected = signature(email, issuedAt, secret);
  const actual = Buffer.from(given, "base64url");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
