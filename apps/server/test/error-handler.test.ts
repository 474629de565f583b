import { ERROR_CODES, httpMessages, type ErrorCode } from "@vitrine/domain";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { registerAccessControl } from "../src/http/access";
import { DomainError, httpStatusByErrorCode, registerErrorHandling } from "../src/http/errors";
import { createTestApp, type TestApp } from "./support/test-app";

const INTERNAL = {
  code: "INTERNAL",
  message: "Une erreur interne est survenue. Veuillez réessayer plus tard.",
};
const SECRET = "connection to db.internal:5432 failed for user vitrine_owner";

let t: TestApp;
const bareApp = () => Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
/** A bare Fastify with the app's error handling, and routes that fail on purpose. */
let bare: ReturnType<typeof bareApp>;
beforeAll(async () => {
  t = await createTestApp();
  bare = bareApp();
  bare.setValidatorCompiler(validatorCompiler);
  bare.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(bare);
  registerAccessControl(bare, async () => null);
  bare.get("/api/crash", { config: { access: "public" } }, async () => {
    throw new Error(SECRET);
  });
  bare.get("/api/crash-5xx", { config: { access: "public" } }, async () => {
    throw Object.assign(new Error(SECRET), { statusCode: 502 });
  });
  bare.get("/api/too-many", { config: { access: "public" } }, async () => {
    throw Object.assign(new Error("limit reached"), { statusCode: 429 });
  });
  bare.get(
    "/api/domain/:code",
    { config: { access: "public" }, schema: { params: z.object({ code: z.enum(ERROR_CODES) }) } },
    async (request) => {
      throw new DomainError(request.params.code, "Message en français", { title: "Le titre est requis" });
    },
  );
  bare.get("/api/domain-without-fields", { config: { access: "public" } }, async () => {
    throw new DomainError("CONFLICT", "Ce code de page existe déjà");
  });
  await bare.ready();
});
afterAll(async () => {
  await Promise.all([t.close(), bare.close()]);
});

describe("error handling of the real app", () => {
  it("answers a malformed JSON body with a 400 and a French message", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      headers: { "content-type": "application/json" },
      payload: '{"email": "julie@example.com"',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: "VALIDATION_FAILED", message: "Requête invalide." });
  });

  it("answers an undecodable URL and an over-long path parameter in the same error model", async () => {
    for (const url of ["/api/pages/%E0%A4%A", `/api/pages/${"a".repeat(150)}`]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toEqual({ code: "VALIDATION_FAILED", message: "Requête invalide." });
    }
  });

  it("answers a wrong content type and a body too large as invalid requests", async () => {
    const wrongType = await t.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      headers: { "content-type": "application/xml" },
      payload: "<email>julie@example.com</email>",
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({ code: "VALIDATION_FAILED", message: "Requête invalide." });

    const tooLarge = await t.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: "julie@example.com", padding: "x".repeat(300 * 1024) },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ code: "VALIDATION_FAILED", message: "Requête invalide." });
  });

  it("answers a body that breaks the schema with the field's French message", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: "julie" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: "VALIDATION_FAILED",
      message: "Veuillez saisir une adresse email valide",
      fields: { email: "Veuillez saisir une adresse email valide" },
    });
  });

  it.each([
    ["GET", "/api/nothing-here"],
    ["POST", "/api/auth/nothing-here"],
    ["GET", "/some/page"],
  ] as const)("answers an unknown path (%s %s) with 404 NOT_FOUND", async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "NOT_FOUND", message: "Ressource introuvable." });
  });

  it("sends security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/auth/session" });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    // HSTS only in production, where the site is served over HTTPS.
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("sends security headers on errors too", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.headers["content-security-policy"]).toBeDefined();
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("error handling on a bare Fastify", () => {
  it("hides an unexpected error behind a generic 500", async () => {
    const response = await bare.inject({ method: "GET", url: "/api/crash" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(INTERNAL);
    expect(response.body).not.toContain("db.internal");
    expect(response.body).not.toMatch(/stack|at .*\.ts/i);
  });

  it("hides a 5xx from a library the same way", async () => {
    const response = await bare.inject({ method: "GET", url: "/api/crash-5xx" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(INTERNAL);
  });

  it("turns a framework 429 into RATE_LIMITED", async () => {
    const response = await bare.inject({ method: "GET", url: "/api/too-many" });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ code: "RATE_LIMITED", message: httpMessages.rateLimited });
  });

  it("maps the error codes to the statuses the client expects", () => {
    expect(httpStatusByErrorCode).toMatchObject({
      VALIDATION_FAILED: 400,
      UNAUTHENTICATED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      RATE_LIMITED: 429,
      INTERNAL: 500,
    });
    expect(Object.keys(httpStatusByErrorCode).sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each(ERROR_CODES.map((code): [ErrorCode, number] => [code, httpStatusByErrorCode[code]]))(
    "answers a DomainError %s with %i, its message and its fields",
    async (code, status) => {
      const response = await bare.inject({ method: "GET", url: `/api/domain/${code}` });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({
        code,
        message: "Message en français",
        fields: { title: "Le titre est requis" },
      });
    },
  );

  it("leaves fields out when a DomainError has none", async () => {
    const response = await bare.inject({ method: "GET", url: "/api/domain-without-fields" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: "CONFLICT", message: "Ce code de page existe déjà" });
  });
});
