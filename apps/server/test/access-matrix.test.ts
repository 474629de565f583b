import type { SessionUser } from "@vitrine/domain";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  registerAccessControl,
  requireViewer,
  type Access,
  type Viewer,
  type ViewerResolver,
} from "../src/http/access";
import { registerErrorHandling } from "../src/http/errors";
import { defaultAuthRateLimits } from "../src/modules/auth/service";
import { signInAsAdmin, signUpCustomer } from "./support/actors";
import { createTestApp, sessionCookieOf, tokenFromLatestMail, type TestApp } from "./support/test-app";

const CUSTOMER_EMAIL = "matrix-customer@example.com";

let t: TestApp;
beforeAll(async () => {
  // Actors sign in again after routes such as sign-out end their session: keep the limits out of the way.
  const generous = { max: 1000, windowSeconds: 60 };
  t = await createTestApp({
    authRateLimits: { ...defaultAuthRateLimits, magicLinkPerEmail: generous, adminSignInPerEmail: generous },
  });
});
afterAll(async () => t.close());

type Role = "anonymous" | "customer" | "admin";

/** A plausible value for each path parameter, so a route is reached rather than refused for its URL. */
function fillParams(url: string): string {
  return url
    .replace(/:code\b/g, "cgv")
    .replace(/:(\w*id)\b/gi, () => randomUUID())
    .replace(/:\w+/g, "1")
    .replace(/\*$/, "x");
}

async function isSignedIn(cookie: string): Promise<boolean> {
  const response = await t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } });
  return response.json().user !== null;
}

/** The role's session cookie, signing in again when a route (sign-out) ended the previous one. */
function cookieKeeper(signIn: () => Promise<string>) {
  let cookie: string | undefined;
  return async () => {
    if (!cookie || !(await isSignedIn(cookie))) cookie = await signIn();
    return cookie;
  };
}

const customerCookie = cookieKeeper(async () => {
  const link = await t.app.inject({
    method: "POST",
    url: "/api/auth/magic-link",
    payload: { email: CUSTOMER_EMAIL },
  });
  if (link.statusCode === 404) return signUpCustomer(t, "matrix_customer", CUSTOMER_EMAIL);
  const verify = await t.app.inject({
    method: "POST",
    url: "/api/auth/magic-link/verify",
    payload: { token: tokenFromLatestMail(t.mails, CUSTOMER_EMAIL) },
  });
  return sessionCookieOf(verify);
});
const adminCookie = cookieKeeper(() => signInAsAdmin(t));

const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
function httpMethod(method: string): (typeof HTTP_METHODS)[number] {
  const known = HTTP_METHODS.find((candidate) => candidate === method);
  if (!known) throw new Error(`the matrix does not know how to call ${method}`);
  return known;
}

async function callAs(role: Role, method: string, url: string) {
  const cookie =
    role === "customer" ? await customerCookie() : role === "admin" ? await adminCookie() : undefined;
  const response = await t.app.inject({
    method: httpMethod(method),
    url,
    headers: cookie ? { cookie } : {},
  });
  const code: unknown = response.statusCode >= 400 ? response.json().code : undefined;
  return { status: response.statusCode, code };
}

/** What each role must get from a route of each access level; null means "anything but 401/403". */
const expected: Record<Access, Record<Role, { status: number; code: string } | null>> = {
  public: { anonymous: null, customer: null, admin: null },
  customer: { anonymous: { status: 401, code: "UNAUTHENTICATED" }, customer: null, admin: null },
  admin: {
    anonymous: { status: 401, code: "UNAUTHENTICATED" },
    customer: { status: 403, code: "FORBIDDEN" },
    admin: null,
  },
};

describe("authorization matrix of the real app", () => {
  it("declares every /api route with its access", () => {
    const routes = t.app.declaredRoutes;
    expect(routes.length).toBeGreaterThan(0);
    expect(routes).toContainEqual({ method: "GET", url: "/api/auth/session", access: "public" });
    for (const route of routes) {
      expect(route.url.startsWith("/api/")).toBe(true);
      expect(["public", "customer", "admin"]).toContain(route.access);
      expect(route.method).not.toBe("HEAD");
    }
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("answers every route as its access says, for every role", async () => {
    const whoIs = async (cookie: string) =>
      (await t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })).json().user;
    expect(await whoIs(await customerCookie())).toMatchObject({ email: CUSTOMER_EMAIL, isAdmin: false });
    expect(await whoIs(await adminCookie())).toMatchObject({ isAdmin: true });
    const failures: string[] = [];
    for (const route of t.app.declaredRoutes) {
      const url = fillParams(route.url);
      for (const role of ["anonymous", "customer", "admin"] as const) {
        const got = await callAs(role, route.method, url);
        const want = expected[route.access][role];
        const label = `${route.method} ${route.url} (${route.access}) as ${role}: ${got.status} ${String(got.code)}`;
        if (want === null) {
          if (got.status === 401 || got.status === 403)
            failures.push(`${label}, expected neither 401 nor 403`);
        } else if (got.status !== want.status || got.code !== want.code) {
          failures.push(`${label}, expected ${want.status} ${want.code}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

const customerUser: SessionUser = {
  id: "u-customer",
  email: "client@example.com",
  firstName: null,
  lastName: null,
  tiktokUsername: "client",
  isAdmin: false,
};
const viewerFor = (user: SessionUser, refreshedCookies: string[] = []): Viewer => ({
  user,
  authUserId: `auth-${user.id}`,
  sessionId: `session-${user.id}`,
  refreshedCookies,
});

/** Anyone's role from a test header: the guard is tested apart from how sessions are read. */
function fakeResolver(calls: { count: number }): ViewerResolver {
  return async (request) => {
    calls.count++;
    const role = request.headers["x-test-role"];
    if (role === "customer") return viewerFor(customerUser);
    if (role === "admin") return viewerFor({ ...customerUser, id: "u-admin", isAdmin: true });
    if (role === "refreshed")
      return viewerFor(customerUser, ["vitrine.session_token=renewed; Path=/; HttpOnly"]);
    return null;
  };
}

function bareApp(resolver: ViewerResolver) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const declared = registerAccessControl(app, resolver);
  return { app, declared };
}

describe("access control on a bare Fastify", () => {
  const calls = { count: 0 };
  let app: ReturnType<typeof bareApp>["app"];
  let declared: ReturnType<typeof bareApp>["declared"];
  const handlerRuns: string[] = [];

  beforeAll(async () => {
    const resolver = fakeResolver(calls);
    ({ app, declared } = bareApp(resolver));
    app.get("/api/open", { config: { access: "public" } }, async () => ({ ok: "public" }));
    app.get("/api/mine", { config: { access: "customer" } }, async (request) => {
      const viewer = await requireViewer(request, resolver);
      return { ok: viewer.user.id };
    });
    app.post(
      "/api/mine",
      { config: { access: "customer" }, schema: { body: z.object({ name: z.string().min(1) }) } },
      async (request) => ({ ok: request.body.name }),
    );
    app.get(
      "/api/back-office",
      {
        config: { access: "admin" },
        preHandler: async () => {
          handlerRuns.push("own preHandler");
        },
      },
      async () => ({ ok: "admin" }),
    );
    app.get("/health", async () => ({ ok: "not under /api" }));
    await app.ready();
  });
  afterAll(async () => app.close());

  const call = (method: "GET" | "POST", url: string, role?: string, payload?: Record<string, unknown>) =>
    app.inject({
      method,
      url,
      headers: role ? { "x-test-role": role } : {},
      ...(payload ? { payload } : {}),
    });

  it("lists what it declared, without HEAD and without routes outside /api", () => {
    expect(declared).toEqual([
      { method: "GET", url: "/api/open", access: "public" },
      { method: "GET", url: "/api/mine", access: "customer" },
      { method: "POST", url: "/api/mine", access: "customer" },
      { method: "GET", url: "/api/back-office", access: "admin" },
    ]);
  });

  it("lets anyone call a public route", async () => {
    for (const role of [undefined, "customer", "admin"]) {
      const response = await call("GET", "/api/open", role);
      expect(response.statusCode).toBe(200);
    }
  });

  it("asks an anonymous caller of a customer route to sign in", async () => {
    const response = await call("GET", "/api/mine");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: "UNAUTHENTICATED",
      message: "Vous devez être connecté pour accéder à cette page.",
    });
  });

  it("refuses an anonymous caller before looking at the body", async () => {
    const withoutBody = await call("POST", "/api/mine");
    expect(withoutBody.statusCode).toBe(401);
    expect(withoutBody.json().code).toBe("UNAUTHENTICATED");
    const badBody = await call("POST", "/api/mine", undefined, { name: "" });
    expect(badBody.statusCode).toBe(401);
    const signedIn = await call("POST", "/api/mine", "customer", { name: "" });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json().code).toBe("VALIDATION_FAILED");
    expect((await call("POST", "/api/mine", "customer", { name: "Julie" })).json()).toEqual({ ok: "Julie" });
  });

  it("serves customer routes to customers and admins, resolving the viewer once per request", async () => {
    calls.count = 0;
    const response = await call("GET", "/api/mine", "customer");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: "u-customer" });
    expect(calls.count).toBe(1);
    expect((await call("GET", "/api/mine", "admin")).json()).toEqual({ ok: "u-admin" });
  });

  it("refuses admin routes to anonymous callers (401) and customers (403), and serves admins", async () => {
    handlerRuns.length = 0;
    expect((await call("GET", "/api/back-office")).statusCode).toBe(401);
    const customer = await call("GET", "/api/back-office", "customer");
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual({
      code: "FORBIDDEN",
      message: "Vous n'avez pas accès à cette ressource.",
    });
    expect(handlerRuns).toEqual([]);
    const admin = await call("GET", "/api/back-office", "admin");
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual({ ok: "admin" });
    expect(handlerRuns).toEqual(["own preHandler"]);
  });

  it("sends back the cookie of a session that was extended", async () => {
    const response = await call("GET", "/api/mine", "refreshed");
    expect(response.statusCode).toBe(200);
    expect([response.headers["set-cookie"]].flat()).toEqual([
      "vitrine.session_token=renewed; Path=/; HttpOnly",
    ]);
  });

  it("refuses to register an /api route without a declared access", async () => {
    const { app: bare } = bareApp(fakeResolver({ count: 0 }));
    const register = async () => {
      bare.get("/api/forgotten", async () => ({ ok: true }));
      await bare.ready();
    };
    await expect(register()).rejects.toThrow("GET /api/forgotten must declare config.access");
    await bare.close().catch(() => undefined);
  });

  it("does not require a declaration outside /api or under /api/docs", async () => {
    const { app: bare } = bareApp(fakeResolver({ count: 0 }));
    bare.get("/health", async () => ({ ok: true }));
    bare.get("/api/docs/json", async () => ({ ok: true }));
    await expect(bare.ready()).resolves.toBeDefined();
    await bare.close();
  });
});
