import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authVerifications, pendingSignups, rateLimits, users } from "../src/db/schema";
import { purgeExpiredRows } from "../src/maintenance";
import { ensureFirstAdmin } from "../src/modules/auth/first-admin";
import { ADMIN, signupPayload } from "./support/actors";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const requestLink = (email: string, headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/api/auth/magic-link", payload: { email }, headers });

describe("state-changing calls from another site", () => {
  beforeAll(async () => {
    await t.db.insert(users).values([{ email: "csrf@example.com" }, { email: "same@example.com" }]);
  });

  it("refuses a POST whose Origin is another site, and sends nothing", async () => {
    const mailsBefore = t.mails.length;
    const response = await requestLink("csrf@example.com", { origin: "https://evil.example" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: "FORBIDDEN",
      message: "Vous n'avez pas accès à cette ressource.",
    });
    expect(t.mails.length).toBe(mailsBefore);
  });

  it("refuses a cross-site admin sign-in (login CSRF)", async () => {
    await ensureFirstAdmin(t.db, ADMIN);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/admin/sign-in",
      payload: ADMIN,
      headers: { origin: "https://evil.example" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("accepts the app's own origin, and the host the browser actually used", async () => {
    expect((await requestLink("same@example.com", { origin: "http://localhost:3000" })).statusCode).toBe(202);
    const viaLoopback = await requestLink("same@example.com", {
      origin: "http://127.0.0.1:3000",
      host: "127.0.0.1:3000",
    });
    expect(viaLoopback.statusCode).toBe(202);
  });

  it("lets reads through whatever their origin", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { origin: "https://evil.example" },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("sign-up with an e-mail the shop knows under another handle", () => {
  it("is refused: that person should sign in instead, and no mail is sent", async () => {
    await t.db.insert(users).values({ email: "known.handle@example.com", tiktokUsername: "original_handle" });
    const mailsBefore = t.mails.length;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: signupPayload("another_handle", "known.handle@example.com"),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("ACCOUNT_ALREADY_EXISTS");
    expect(t.mails.length).toBe(mailsBefore);
  });

  it("is accepted under the same handle, in any case", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: signupPayload("Original_Handle", "known.handle@example.com"),
    });
    expect(response.statusCode).toBe(202);
  });
});

describe("purge of expired rows", () => {
  it("removes expired tokens, stale sign-ups and old rate-limit windows, and keeps the rest", async () => {
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 600_000);
    await t.db.insert(authVerifications).values([
      { id: "expired-token", identifier: "magic-link:a", value: "{}", expiresAt: past },
      { id: "live-token", identifier: "magic-link:b", value: "{}", expiresAt: future },
    ]);
    await t.db.insert(pendingSignups).values([
      { email: "stale@example.com", tiktokUsername: "stale", expiresAt: past },
      { email: "fresh@example.com", tiktokUsername: "fresh", expiresAt: future },
    ]);
    await t.db.insert(rateLimits).values([
      { key: "old-window", count: 3, windowStartedAt: new Date(Date.now() - 2 * 86_400_000) },
      { key: "current-window", count: 1, windowStartedAt: new Date() },
    ]);

    const purged = await purgeExpiredRows(t.db);
    expect(purged.verifications).toBeGreaterThanOrEqual(1);
    expect(purged.pendingSignups).toBeGreaterThanOrEqual(1);
    expect(purged.rateLimits).toBe(1);

    const ids = (await t.db.select({ id: authVerifications.id }).from(authVerifications)).map((r) => r.id);
    expect(ids).toContain("live-token");
    expect(ids).not.toContain("expired-token");
    const emails = (await t.db.select().from(pendingSignups)).map((r) => r.email);
    expect(emails).toContain("fresh@example.com");
    expect(emails).not.toContain("stale@example.com");
    const keys = (await t.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(["current-window"]));
    expect(keys).not.toContain("old-window");
    const [{ remaining }] = (
      await t.db.execute<{ remaining: number }>(
        sql`SELECT count(*)::int AS remaining FROM auth_verifications WHERE expires_at < now()`,
      )
    ).rows as [{ remaining: number }];
    expect(remaining).toBe(0);
  });
});

const PRODUCTION_ENV = {
  NODE_ENV: "production",
  APP_URL: "https://boutique.example",
  AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
  SMTP_URL: "smtp://127.0.0.1:2525",
};

describe("outside production", () => {
  it("serves the API documentation", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(200);
  });
});

describe("in production", () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ env: PRODUCTION_ENV });
  });
  afterAll(async () => prod.close());

  it("marks the session cookie Secure", async () => {
    await ensureFirstAdmin(prod.db, ADMIN);
    const response = await prod.app.inject({
      method: "POST",
      url: "/api/auth/admin/sign-in",
      payload: ADMIN,
    });
    expect(response.statusCode).toBe(200);
    const cookie = [response.headers["set-cookie"] ?? []].flat().find((c) => c.includes("session_token="));
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("serves no API documentation unless API_DOCS turns it on", async () => {
    for (const url of ["/api/docs", "/api/docs/json"]) {
      const response = await prod.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: "NOT_FOUND", message: "Ressource introuvable." });
    }
    const withDocs = await createTestApp({ env: { ...PRODUCTION_ENV, API_DOCS: "true" } });
    try {
      const description = await withDocs.app.inject({ method: "GET", url: "/api/docs/json" });
      expect(description.statusCode).toBe(200);
      expect(Object.keys(description.json().paths)).toContain("/api/customer/profile");
      expect((await withDocs.app.inject({ method: "GET", url: "/api/docs" })).statusCode).toBeLessThan(400);
    } finally {
      await withDocs.close();
    }
  });

  it("has no development outbox", async () => {
    const response = await prod.app.inject({ method: "GET", url: "/dev/mail" });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("Boîte d'envoi");
  });
});
