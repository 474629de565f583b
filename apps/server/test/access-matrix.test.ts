import { storableTextMessages, type ApiErrorBody, type SessionUser } from "@vitrine/domain";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  registerAccessControl,
  type Access,
  type DeclaredRoute,
  type RouteBook,
  type Viewer,
  type ViewerResolver,
} from "../src/http/access";
import { registerErrorHandling } from "../src/http/errors";
import { defaultAuthRateLimits } from "../src/rate-limits";
import { users } from "../src/db/schema";
import { ADMIN, signupPayload } from "./support/actors";
import { insertOrder, orderRowOf } from "./support/factories";
import { apiKitOf, ROLES, type ApiKit, type Role } from "./support/api-kit";
import { bearer, chatEvent } from "./support/live-kit";
import { routerRoutes, type RouterRoute } from "./support/router-routes";
import { createTestApp, type TestApp } from "./support/test-app";

const orderRow = (id: string) => orderRowOf(t.db, id);

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  // Roles sign in again after routes such as sign-out end their session: keep the limits out of the way.
  const generous = { max: 1000, windowSeconds: 60 };
  t = await createTestApp({
    // The Instagram webhook configured, so that its routes are reached rather than turned off.
    env: { INSTAGRAM_APP_SECRET: "matrix-app-secret", INSTAGRAM_VERIFY_TOKEN: "matrix-verify-token" },
    authRateLimits: {
      ...defaultAuthRateLimits,
      magicLinkPerEmail: generous,
      magicLinkPerEmailAndIp: generous,
      adminFailuresPerAccountAndIp: generous,
    },
  });
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

/** A plausible value for each path parameter, so a route is reached rather than refused for its URL. */
function fillParams(url: string): string {
  return url
    .replace(/:code\b/g, "cgv")
    .replace(/:platform\b/g, "youtube")
    .replace(/:(\w*id)\b/gi, () => randomUUID())
    .replace(/:\w+/g, "1")
    .replace(/\*$/, "x");
}

let probe = 0;
/**
 * A valid body for every route that takes one, so that each role reaches the handler: a route
 * that skipped its guard would then answer where it must refuse. A new route with a body needs
 * its entry here (the matrix fails without one).
 */
const validBodies: Record<string, () => unknown> = {
  "POST /api/auth/signup": () =>
    signupPayload(`matrix_probe_${++probe}`, `matrix-probe-${probe}@example.com`),
  "POST /api/auth/check-tiktok-username": () => ({ username: "matrix_probe" }),
  "POST /api/auth/magic-link": () => ({ email: "matrix-nobody@example.com" }),
  "POST /api/auth/magic-link/verify": () => ({ token: "a-token-that-was-never-issued" }),
  "POST /api/auth/admin/sign-in": () => ({
    email: "matrix-nobody@example.com",
    password: "not-the-password",
  }),
  "POST /api/admin/colors": () => ({ name: `Matrice ${++probe}`, hexCode: "#123456" }),
  "PUT /api/admin/colors/:id": () => ({ name: `Matrice ${++probe}`, hexCode: "#654321" }),
  "POST /api/admin/lives": () => ({ title: "Live de la matrice", liveDate: "2025-05-12T18:00:00.000Z" }),
  "PUT /api/admin/lives/:id": () => ({ title: "Live de la matrice", ref: "matrice", isActive: false }),
  "PATCH /api/admin/lives/:id/active": () => ({ isActive: true }),
  "PUT /api/admin/shop-settings": () => ({ minimumOrder: "" }),
  "POST /api/admin/products": () => ({ liveId: randomUUID(), name: "Robe", ref: 1, priceCents: 1250 }),
  "PUT /api/admin/products/:id": () => ({ liveId: randomUUID(), name: "Robe", ref: 1, priceCents: 1250 }),
  "POST /api/admin/products/bulk": () => ({
    liveId: randomUUID(),
    name: "Robe",
    priceCents: 1250,
    colorId: randomUUID(),
    start: 1,
    end: 10,
  }),
  "POST /api/admin/faqs": () => ({ title: "Question ?", content: "<p>Réponse.</p>" }),
  "PUT /api/admin/faqs/:id": () => ({ title: "Question ?", content: "<p>Réponse.</p>" }),
  "POST /api/admin/faqs/:id/move": () => ({ direction: "up" }),
  "POST /api/admin/pages": () => ({
    title: "Page",
    code: `matrix-page-${++probe}`,
    content: "<p>Texte.</p>",
    isActive: false,
  }),
  "PUT /api/admin/pages/:id": () => ({
    title: "Page",
    code: "cgv",
    content: "<p>Texte.</p>",
    isActive: true,
  }),
  "POST /api/admin/message-templates": () => ({ type: "paid", title: "Payée", body: "<p>Merci.</p>" }),
  "PUT /api/admin/message-templates/:id": () => ({ type: "paid", title: "Payée", body: "<p>Merci.</p>" }),
  "POST /api/admin/message-templates/:id/test": () => ({ email: "matrix-test@example.com" }),
  "PUT /api/customer/orders/:id/address": () => ({
    first_name: "Julie",
    last_name: "Martin",
    street: "12 rue des Lilas",
    zip: "69001",
    city: "Lyon",
    email: "julie.martin@example.com",
    phone: "0612345678",
  }),
  "POST /api/admin/orders": () => ({ liveId: randomUUID(), userId: randomUUID() }),
  "POST /api/admin/orders/bulk-status": () => ({ orderIds: [randomUUID()], status: "paid" }),
  "PUT /api/customer/profile": () => ({ firstName: "Julie", lastName: "Martin" }),
  "PUT /api/customer/profile/live-accounts/:platform": () => ({ name: "Julie Martin" }),
  // Web push subscriptions.
  "POST /api/customer/push/subscriptions": () => ({
    endpoint: "https://fcm.googleapis.com/fcm/send/matrix",
    keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
  }),
  "DELETE /api/customer/push/subscriptions": () => ({
    endpoint: "https://fcm.googleapis.com/fcm/send/matrix",
  }),
  // User merge (the label and preparation routes take no body).
  "POST /api/admin/user-merge": () => ({ sourceUserId: randomUUID(), destinationUserId: randomUUID() }),
  // Users, impersonation, audit log and messaging.
  "PATCH /api/admin/users/:id": () => ({
    firstName: "Julie",
    lastName: "Martin",
    tiktokUsername: "",
    isAdmin: false,
  }),
  "PUT /api/admin/users/:id/email": () => ({ email: `matrix-${++probe}@example.com` }),
  "POST /api/admin/users/:id/live-accounts": () => ({ platform: "youtube", viewer: `UCmatrix${++probe}` }),
  "POST /api/auth/impersonation": () => ({ userId: randomUUID() }),
  "POST /api/admin/messages": () => ({
    type: "paid",
    subject: "Merci !",
    body: "<p>Bonjour.</p>",
    recipients: [randomUUID()],
  }),
  "POST /api/payments/ipn": () => ({ "kr-answer": "{}", "kr-hash": "0", "kr-hash-algorithm": "sha256_hmac" }),
  "POST /api/payment-simulator/pay": () => ({
    formToken: "a-token-that-was-never-issued",
    cardNumber: "4970100000000055",
    expiry: "12/39",
    securityCode: "123",
  }),
  "PUT /api/admin/orders/:id/status": () => ({ status: "paid" }),
  "PUT /api/admin/orders/:id/address": () => ({
    first_name: "Julie",
    last_name: "Martin",
    street: "12 rue des Lilas",
    zip: "69001",
    city: "Lyon",
    email: "julie.martin@example.com",
    phone: "0612345678",
  }),
  "POST /api/admin/orders/:id/items": () => ({ productId: randomUUID() }),
  "POST /api/admin/parcels": () => ({ orderIds: [randomUUID(), randomUUID()] }),
  // Live ingestion (its bearer token is checked by the route, not the session guard).
  "POST /api/live-ingest/events": () => ({
    liveRef: "matrice",
    events: [
      {
        type: "chat",
        msgId: `matrix-${++probe}`,
        createTime: 1_700_000_000_000,
        tiktokUserId: null,
        uniqueId: "matrix_viewer",
        nickname: null,
        avatarUrl: null,
        comment: "je prends le 3",
        payload: {},
      },
    ],
  }),
  "POST /api/live-ingest/status": () => ({ liveRef: "matrice", state: "connected" }),
  "POST /api/live-ingest/gaps": () => ({
    liveRef: "matrice",
    from: 1_700_000_000_000,
    to: 1_700_000_020_000,
    resent: 0,
  }),
  // Meta's deliveries of Instagram live comments: taken as the text received, which their
  // signature covers (checked by the route).
  "POST /api/webhooks/instagram": () =>
    JSON.stringify({
      object: "instagram",
      entry: [
        {
          id: "17841400000000000",
          time: 1_796_400_000,
          changes: [
            {
              field: "live_comments",
              value: {
                from: { id: "6543210987654321", username: "matrice" },
                id: `matrix-${++probe}`,
                text: "le 3",
              },
            },
          ],
        },
      ],
    }),
  // The live-order sidebar.
  "POST /api/admin/live-sidebar/shown": () => ({ liveId: randomUUID(), productId: randomUUID() }),
  "POST /api/customer/live/claims": () => ({ productId: randomUUID() }),
  "POST /api/admin/live-sidebar/add": () => ({
    liveId: randomUUID(),
    productId: randomUUID(),
    handle: "matrice",
  }),
  // Claims of a live.
  "PUT /api/admin/lives/:liveId/claims/settings": () => ({ mode: "manuel", holdSeconds: null }),
};

/**
 * Routes that answer whom they serve with a stream that never ends (server-sent events): called
 * with a deadline, a stream still open then was served.
 */
const streamingRoutes = new Set(["GET /api/admin/live-feed/stream", "GET /api/customer/live/stream"]);
const STREAM_DEADLINE_MS = 1_000;

/** The kit signs each role in once, and again after a route (sign-out) cleared its cookie. */
async function callAs(role: Role, route: DeclaredRoute) {
  const body = validBodies[`${route.method} ${route.url}`]?.();
  const streaming = streamingRoutes.has(`${route.method} ${route.url}`);
  const response = await kit
    .injectAs(role, {
      method: route.method,
      url: fillParams(route.url),
      ...(body === undefined
        ? {}
        : { payload: JSON.stringify(body), headers: { "content-type": "application/json" } }),
      ...(streaming ? { signal: AbortSignal.timeout(STREAM_DEADLINE_MS) } : {}),
    })
    .catch((error: unknown) => {
      if (streaming && error instanceof Error && /Abort|Timeout/.test(error.name)) return null;
      throw error;
    });
  if (!response) return { status: 200, code: undefined };
  const code: unknown = response.statusCode >= 400 ? response.json().code : undefined;
  return { status: response.statusCode, code };
}

/**
 * Who each route is for, written here rather than read from the routes: a route declared with
 * the wrong access (an admin route declared 'customer' by mistake) must fail the matrix, which a
 * matrix reading the routes' own declarations cannot see. Every /api/admin/* route is for
 * administrators; the others are listed one by one, so a new one needs its entry here.
 */
type Audience =
  | "anyone"
  | "a signed-in person"
  | "administrators"
  | "live sources (bearer token, checked by the route)"
  | "the payment provider (signed notification, checked by the route)"
  | "Meta's webhooks (verify token or signed delivery, checked by the route)"
  | "development only (not served in production)";

/** What the session guard must require of each audience. */
const GUARD_ACCESS: Record<Audience, Access> = {
  anyone: "public",
  "a signed-in person": "customer",
  administrators: "admin",
  "live sources (bearer token, checked by the route)": "public",
  "the payment provider (signed notification, checked by the route)": "public",
  "Meta's webhooks (verify token or signed delivery, checked by the route)": "public",
  "development only (not served in production)": "public",
};

const AUDIENCE_OUTSIDE_ADMIN: Record<string, Audience> = {
  "GET /healthz": "anyone",
  "GET /readyz": "anyone",
  "GET /api/shop": "anyone",
  "GET /api/faqs": "anyone",
  "GET /api/pages": "anyone",
  "GET /api/pages/:code": "anyone",
  "GET /api/auth/session": "anyone",
  "POST /api/auth/signup": "anyone",
  "POST /api/auth/check-tiktok-username": "anyone",
  "POST /api/auth/magic-link": "anyone",
  "POST /api/auth/magic-link/verify": "anyone",
  "POST /api/auth/admin/sign-in": "anyone",
  // Signing out without a session is harmless, and clears a stale cookie.
  "POST /api/auth/sign-out": "anyone",
  // Starting an impersonation is an administrator's act (decision 016)...
  "POST /api/auth/impersonation": "administrators",
  // ...ending it is done from the impersonated customer's session.
  "DELETE /api/auth/impersonation": "a signed-in person",
  "GET /api/customer/profile": "a signed-in person",
  "PUT /api/customer/profile": "a signed-in person",
  "GET /api/customer/profile/live-accounts": "a signed-in person",
  "PUT /api/customer/profile/live-accounts/:platform": "a signed-in person",
  "DELETE /api/customer/profile/live-accounts/:platform": "a signed-in person",
  "GET /api/customer/push/key": "a signed-in person",
  "POST /api/customer/push/subscriptions": "a signed-in person",
  "DELETE /api/customer/push/subscriptions": "a signed-in person",
  "GET /api/customer/orders": "a signed-in person",
  "GET /api/customer/live": "a signed-in person",
  "GET /api/customer/live/stream": "a signed-in person",
  "POST /api/customer/live/claims": "a signed-in person",
  "GET /api/customer/live/comment-test": "a signed-in person",
  "POST /api/customer/live/comment-test": "a signed-in person",
  "GET /api/customer/orders/last-address": "a signed-in person",
  "GET /api/customer/orders/:id": "a signed-in person",
  "PUT /api/customer/orders/:id/address": "a signed-in person",
  "POST /api/customer/orders/:id/reopen": "a signed-in person",
  "POST /api/payments/orders/:id/form-token": "a signed-in person",
  "POST /api/payments/orders/:id/check": "a signed-in person",
  "POST /api/payments/ipn": "the payment provider (signed notification, checked by the route)",
  // The simulator's card form: it only pays a form token the server issued (decision 011).
  "POST /api/payment-simulator/pay": "anyone",
  "POST /api/live-ingest/events": "live sources (bearer token, checked by the route)",
  "POST /api/live-ingest/status": "live sources (bearer token, checked by the route)",
  "POST /api/live-ingest/gaps": "live sources (bearer token, checked by the route)",
  "GET /api/webhooks/instagram": "Meta's webhooks (verify token or signed delivery, checked by the route)",
  "POST /api/webhooks/instagram": "Meta's webhooks (verify token or signed delivery, checked by the route)",
  "GET /dev/mail": "development only (not served in production)",
};

/** The access a route must have, whatever it declares; undefined for a route nobody wrote down. */
function requiredAccess(route: { method: string; url: string }): Access | undefined {
  if (route.url.startsWith("/api/admin/")) return "admin";
  const audience = AUDIENCE_OUTSIDE_ADMIN[`${route.method} ${route.url}`];
  return audience && GUARD_ACCESS[audience];
}

const GUARD_CODES = ["UNAUTHENTICATED", "FORBIDDEN"];
const UNAUTHENTICATED = { status: 401, code: "UNAUTHENTICATED" };
const FORBIDDEN = { status: 403, code: "FORBIDDEN" };
/** What each role must get from a route of each access level; null means "served: no guard refusal". */
const expected: Record<Access, Record<Role, { status: number; code: string } | null>> = {
  public: { anonymous: null, customer: null, otherCustomer: null, admin: null, adminByMagicLink: null },
  customer: {
    anonymous: UNAUTHENTICATED,
    customer: null,
    otherCustomer: null,
    admin: null,
    adminByMagicLink: null,
  },
  // An admin who opened the session with a magic link only has a customer's rights (decision 003).
  admin: {
    anonymous: UNAUTHENTICATED,
    customer: FORBIDDEN,
    otherCustomer: FORBIDDEN,
    admin: null,
    adminByMagicLink: FORBIDDEN,
  },
};

/** Routes in the router that the access hook never saw (registered before it). */
function routesMissedByTheAccessHook(app: FastifyInstance, book: RouteBook) {
  const seen = [...book.declared, ...book.framework];
  return routerRoutes(app)
    .filter((route) => !seen.some((known) => sameRoute(known, route)))
    .map((route) => `${route.method} ${route.url}`);
}

const withoutTrailingSlash = (url: string) => (url.length > 1 ? url.replace(/\/$/, "") : url);

/**
 * Two modules may name the parameter at one place differently ("/api/admin/lives/:id" and
 * "/api/admin/lives/:liveId/claims"): the route tree prints both names (":id|:liveId") on each.
 * The router tells routes apart by their shape, so they are compared without the names.
 */
const shapeOf = (url: string) => withoutTrailingSlash(url).replace(/:[^/]+/g, ":");

/**
 * Fastify adds the trailing-slash twin of a plugin's root route, and its route tree prints a
 * wildcard without the static segment before it ("/api/docs/static/*" shows as "/api/docs/*").
 */
function sameRoute(known: RouterRoute, printed: RouterRoute): boolean {
  if (known.method !== printed.method) return false;
  if (shapeOf(known.url) === shapeOf(printed.url)) return true;
  return (
    printed.url.endsWith("*") && known.url.endsWith("*") && known.url.startsWith(printed.url.slice(0, -1))
  );
}

describe("authorization matrix of the real app", () => {
  it("declares the access of every route the router holds, outside /api too", () => {
    const routes = t.app.routeBook.declared;
    expect(routes).toContainEqual(
      expect.objectContaining({ method: "GET", url: "/api/auth/session", access: "public" }),
    );
    expect(routes).toContainEqual(
      expect.objectContaining({ method: "GET", url: "/dev/mail", access: "public" }),
    );
    for (const route of routes) {
      expect(["public", "customer", "admin"]).toContain(route.access);
      expect(route.method).not.toBe("HEAD");
    }
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(routesMissedByTheAccessHook(t.app, t.app.routeBook)).toEqual([]);
    // The documentation UI is the only framework plugin here (no built web app in tests).
    for (const route of t.app.routeBook.framework) expect(route.url.startsWith("/api/docs")).toBe(true);
  });

  it("declares the merge, label and preparation routes for admins only", () => {
    const mergeLabelsPreparation = t.app.routeBook.declared
      .filter((route) => /^\/api\/admin\/(user-merge|preparation|orders\/:id\/label)/.test(route.url))
      .map((route) => `${route.access} ${route.method} ${route.url}`)
      .sort();
    expect(mergeLabelsPreparation).toEqual([
      "admin DELETE /api/admin/orders/:id/label",
      "admin GET /api/admin/orders/:id/label",
      "admin GET /api/admin/preparation",
      "admin GET /api/admin/user-merge/search",
      "admin GET /api/admin/user-merge/users/:id",
      "admin POST /api/admin/orders/:id/label",
      "admin POST /api/admin/preparation/:id/validate",
      "admin POST /api/admin/user-merge",
    ]);
  });

  it("declares the combined parcels' routes for admins only", () => {
    const parcels = t.app.routeBook.declared
      .filter((route) => route.url.startsWith("/api/admin/parcels"))
      .map((route) => `${route.access} ${route.method} ${route.url}`)
      .sort();
    expect(parcels).toEqual([
      "admin GET /api/admin/parcels/of/:id",
      "admin GET /api/admin/parcels/suggestions",
      "admin POST /api/admin/parcels",
      "admin POST /api/admin/parcels/split/:id",
    ]);
  });

  it("declares the live-order sidebar's routes for admins only", () => {
    const sidebar = t.app.routeBook.declared
      .filter((route) => route.url.startsWith("/api/admin/live-sidebar"))
      .map((route) => `${route.access} ${route.method} ${route.url}`)
      .sort();
    expect(sidebar).toEqual([
      "admin DELETE /api/admin/live-sidebar/orders/:orderId/items/:itemId",
      "admin GET /api/admin/live-sidebar/claimables",
      "admin GET /api/admin/live-sidebar/handles",
      "admin GET /api/admin/live-sidebar/orders",
      "admin GET /api/admin/live-sidebar/pieces",
      "admin GET /api/admin/live-sidebar/products",
      "admin GET /api/admin/live-sidebar/source-help",
      "admin GET /api/admin/live-sidebar/unheard",
      "admin POST /api/admin/live-sidebar/add",
      "admin POST /api/admin/live-sidebar/shown",
    ]);
  });

  it("declares for every route the access written for it outside the routes", () => {
    const declared = t.app.routeBook.declared;
    const wrong = declared
      .filter((route) => requiredAccess(route) !== route.access)
      .map(
        (route) =>
          `${route.method} ${route.url} declares '${route.access}', must be '${requiredAccess(route) ?? "written in AUDIENCE_OUTSIDE_ADMIN"}'`,
      );
    expect(wrong).toEqual([]);
    const keys = new Set(declared.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(AUDIENCE_OUTSIDE_ADMIN).filter((key) => !keys.has(key))).toEqual([]);
    expect(declared.filter((route) => route.url.startsWith("/api/admin/")).length).toBeGreaterThan(60);
  });

  it("refuses a signed-in customer on every admin route with 403, and lets them change nothing", async () => {
    const customer = await kit.actor("customer");
    const unpaid = await insertOrder(t.db, { userId: customer.userId, status: "to-pay" });
    const orderBefore = await orderRow(unpaid.id);
    const [personBefore] = await t.db.select().from(users).where(eq(users.id, customer.userId));
    // Aimed at the customer's own order and own account: what a customer would try first.
    const ownTargets: Record<string, { url: string; body: unknown }> = {
      "POST /api/admin/orders/bulk-status": {
        url: "/api/admin/orders/bulk-status",
        body: { orderIds: [unpaid.id], status: "paid" },
      },
      "PUT /api/admin/orders/:id/status": {
        url: `/api/admin/orders/${unpaid.id}/status`,
        body: { status: "paid" },
      },
      "PUT /api/admin/users/:id/email": {
        url: `/api/admin/users/${customer.userId}/email`,
        body: { email: "sa-propre-adresse@example.com" },
      },
      "PATCH /api/admin/users/:id": {
        url: `/api/admin/users/${customer.userId}`,
        body: { firstName: "Promue", lastName: "Par elle-même", tiktokUsername: "", isAdmin: true },
      },
    };
    const adminRoutes = t.app.routeBook.declared.filter((route) => requiredAccess(route) === "admin");
    expect(adminRoutes.length).toBeGreaterThan(60);
    const served: string[] = [];
    for (const route of adminRoutes) {
      const key = `${route.method} ${route.url}`;
      const own = ownTargets[key];
      const body = own ? own.body : validBodies[key]?.();
      const response = await kit
        .injectAs("customer", {
          method: route.method,
          url: own ? own.url : fillParams(route.url),
          ...(body === undefined
            ? {}
            : { payload: JSON.stringify(body), headers: { "content-type": "application/json" } }),
          ...(streamingRoutes.has(key) ? { signal: AbortSignal.timeout(STREAM_DEADLINE_MS) } : {}),
        })
        .catch(() => null);
      const code =
        response && response.statusCode >= 400 ? response.json<{ code: string }>().code : undefined;
      if (response?.statusCode !== 403 || code !== "FORBIDDEN") {
        served.push(
          `${key}: ${response ? `${response.statusCode} ${response.body.slice(0, 120)}` : "served"}`,
        );
      }
    }
    expect(served).toEqual([]);
    expect(await orderRow(unpaid.id)).toEqual(orderBefore);
    const [personAfter] = await t.db.select().from(users).where(eq(users.id, customer.userId));
    expect(personAfter).toEqual(personBefore);
  });

  it("has a valid body for every route that takes one", () => {
    const missing: string[] = [];
    for (const route of t.app.routeBook.declared) {
      if (!route.bodySchema) continue;
      const key = `${route.method} ${route.url}`;
      const example = validBodies[key];
      // Domain schemas are zod/mini, the server's own classic zod: both are zod core schemas.
      const schema = route.bodySchema;
      if (!(schema instanceof z.core.$ZodType)) missing.push(`${key}: body schema is not a zod schema`);
      else if (!example)
        missing.push(`${key}: no valid body, add one to validBodies in access-matrix.test.ts`);
      else if (!z.safeParse(schema, example()).success) missing.push(`${key}: its example body is invalid`);
    }
    expect(missing).toEqual([]);
  });

  it("answers every route as the access written for it says, for every role", async () => {
    const whoIs = async (role: Role) =>
      (await kit.injectAs(role, { method: "GET", url: "/api/auth/session" })).json().user;
    const customer = await kit.actor("customer");
    expect(await whoIs("customer")).toMatchObject({ email: customer.email, isAdmin: false });
    const otherCustomer = await kit.actor("otherCustomer");
    expect(await whoIs("otherCustomer")).toMatchObject({ email: otherCustomer.email, isAdmin: false });
    expect(otherCustomer.userId).not.toBe(customer.userId);
    expect(await whoIs("admin")).toMatchObject({ isAdmin: true });
    expect(await whoIs("adminByMagicLink")).toMatchObject({
      email: ADMIN.email,
      isAdmin: false,
    });
    expect(await whoIs("anonymous")).toBeNull();
    const failures: string[] = [];
    for (const route of t.app.routeBook.declared) {
      const access = requiredAccess(route);
      if (!access) {
        failures.push(`${route.method} ${route.url}: not in AUDIENCE_OUTSIDE_ADMIN`);
        continue;
      }
      for (const role of ROLES) {
        const got = await callAs(role, route);
        const want = expected[access][role];
        const label = `${route.method} ${route.url} (${access}) as ${role}: ${got.status} ${String(got.code)}`;
        if (want === null) {
          if (GUARD_CODES.includes(String(got.code))) failures.push(`${label}, expected to be served`);
        } else if (got.status !== want.status || got.code !== want.code) {
          failures.push(`${label}, expected ${want.status} ${want.code}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

/** The one answer for an order that is not yours: the same as for an order that does not exist. */
const NOT_YOURS = JSON.stringify({ code: "NOT_FOUND", message: "Commande introuvable" });

/** Routes that act on one order of the signed-in customer, named by its id in the URL. */
const isOwnOrderRoute = (route: DeclaredRoute) =>
  /^\/api\/(customer\/orders|payments\/orders)\/:id\b/.test(route.url);

describe("one customer's order, on every order route", () => {
  it("is 404 'Commande introuvable' for another customer and for an admin, 401 anonymous, and never changes", async () => {
    const routes = t.app.routeBook.declared.filter(isOwnOrderRoute);
    expect(routes.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      "GET /api/customer/orders/:id",
      "POST /api/customer/orders/:id/reopen",
      "POST /api/payments/orders/:id/check",
      "POST /api/payments/orders/:id/form-token",
      "PUT /api/customer/orders/:id/address",
    ]);
    const owner = await kit.actor("customer");
    const failures: string[] = [];
    for (const status of ["to-validate", "to-pay"] as const) {
      const order = await insertOrder(t.db, { userId: owner.userId, status });
      const rowBefore = await orderRow(order.id);
      for (const route of routes) {
        for (const role of ["otherCustomer", "admin", "adminByMagicLink", "anonymous"] as const) {
          const body = validBodies[`${route.method} ${route.url}`]?.();
          const response = await kit.injectAs(role, {
            method: route.method,
            url: route.url.replace(":id", order.id),
            ...(body === undefined
              ? {}
              : { payload: JSON.stringify(body), headers: { "content-type": "application/json" } }),
          });
          const { code } = response.json<{ code: string }>();
          const refusedAsItMust =
            role === "anonymous"
              ? response.statusCode === 401 && code === "UNAUTHENTICATED"
              : response.statusCode === 404 && response.body === NOT_YOURS;
          if (!refusedAsItMust) {
            failures.push(
              `${route.method} ${route.url}, ${status} order, as ${role}: ${response.statusCode} ${response.body}`,
            );
          }
        }
      }
      expect(await orderRow(order.id)).toEqual(rowBefore);
    }
    expect(failures).toEqual([]);
  });
});

/**
 * Text PostgreSQL cannot store: U+0000 and the first half of a surrogate pair alone. A URL can
 * only carry the first: a lone surrogate's three bytes (%ED%A0%80) are not UTF-8, and the router
 * keeps them as the harmless text "%ED%A0%80".
 */
const UNSTORABLE = [
  { name: "U+0000", text: String.fromCharCode(0), query: "%00" },
  { name: "a lone surrogate", text: "\uD800", query: null },
];

/** Each string of a valid body in turn, with unstorable text appended. */
function bodiesWithUnstorableText(body: unknown, text: string): { path: string; body: unknown }[] {
  const variants: { path: string; body: unknown }[] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (typeof value === "string") {
      variants.push({ path: path.join("."), body: replaceAt(body, path, `${value}${text}`) });
    } else if (Array.isArray(value)) value.forEach((entry, index) => walk(entry, [...path, index]));
    else if (value !== null && typeof value === "object") {
      for (const [key, entry] of Object.entries(value)) walk(entry, [...path, key]);
    }
  };
  walk(body, []);
  return variants;
}

function replaceAt(value: unknown, path: (string | number)[], replacement: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value))
    return value.map((entry, index) => (index === head ? replaceAt(entry, rest, replacement) : entry));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: replaceAt(record[head], rest, replacement) };
}

/** The names a route's query schema declares (zod objects, classic or mini, expose their shape). */
function queryNamesOf(route: DeclaredRoute): string[] {
  const shape = (route.querySchema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Object.keys(shape ?? {});
}

/** Every table's rows, fingerprinted; sessions and rate-limit counters change with any call. */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const { rows: tables } = await t.db.$client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        AND table_name NOT IN ('auth_sessions', 'rate_limits')
      ORDER BY table_name`,
  );
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await t.db.$client.query<{ digest: string }>(
      `SELECT md5(coalesce(string_agg(row::text, '|' ORDER BY row::text), '')) AS digest FROM "${name}" row`,
    );
    fingerprint[name] = rows[0]?.digest ?? "";
  }
  return fingerprint;
}

/** A role the route serves, so the request passes its guard and reaches the text check. */
const servedRole = (access: Access): Role =>
  access === "admin" ? "admin" : access === "customer" ? "customer" : "anonymous";

describe("text PostgreSQL cannot store, on every route", () => {
  it("is refused with a French 400 naming where it was, in any body field, query or path parameter, and writes nothing", async () => {
    /**
     * Parameters and query: the shared check's own answer. A body field: a 400 on that field, the
     * shared check's answer or, first, the route's own rule for that field (a name's label, an
     * identifier's format): never served, never a 500.
     */
    const isRefusal = (body: ApiErrorBody, field: string, part: "body" | "url") => {
      if (body.code !== "VALIDATION_FAILED") return false;
      if (part === "url" || body.message === storableTextMessages.request) {
        return JSON.stringify(body.fields) === JSON.stringify({ [field]: storableTextMessages.request });
      }
      const fieldMessage = body.fields?.[field.split(".")[0] ?? field];
      refusalsByRouteRules.add(body.message);
      return fieldMessage === body.message;
    };
    const refusalsByRouteRules = new Set<string>();
    // Signed in before the fingerprint: opening a session writes rows of its own.
    for (const role of ["customer", "admin"] as const) await kit.actor(role);
    const before = await databaseFingerprint();
    const failures: string[] = [];
    let sent = 0;
    for (const route of t.app.routeBook.declared) {
      const key = `${route.method} ${route.url}`;
      // Live sources' events are cleaned one by one (checked below); the rest of that body is not.
      const cleanedByRoute = key === "POST /api/live-ingest/events" ? /^events\./ : null;
      const call = async (label: string, field: string, url: string, body?: unknown) => {
        const part = label.includes(" in body field ") ? "body" : "url";
        sent += 1;
        const response = await kit
          .injectAs(servedRole(route.access), {
            method: route.method,
            url,
            headers: {
              ...(route.url.startsWith("/api/live-ingest/") ? bearer() : {}),
              ...(body === undefined ? {} : { "content-type": "application/json" }),
            },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
            // A stream still open at the deadline was served, text and all.
            ...(streamingRoutes.has(key) ? { signal: AbortSignal.timeout(STREAM_DEADLINE_MS) } : {}),
          })
          .catch((error: unknown) => {
            if (error instanceof Error && /Abort|Timeout/.test(error.name)) return null;
            throw error;
          });
        // The payment provider's notification URL answers machines, in the provider's own terms:
        // a body it cannot take is "malformed" there, whatever is wrong with it.
        // Meta's webhook reads nothing of a delivery before its signature, which these lack.
        const unsignedDelivery =
          key === "POST /api/webhooks/instagram" &&
          part === "body" &&
          response?.statusCode === 403 &&
          response.json<ApiErrorBody>().code === "WEBHOOK_SIGNATURE_INVALID";
        const refused =
          unsignedDelivery ||
          (response?.statusCode === 400 &&
            (isRefusal(response.json<ApiErrorBody>(), field, part) ||
              (key === "POST /api/payments/ipn" &&
                response.json<{ outcome?: string }>().outcome === "malformed")));
        if (!refused) {
          const got = response ? `${response.statusCode} ${response.body.slice(0, 160)}` : "stream opened";
          failures.push(`${key}, ${label}: ${got}`);
        }
      };
      const url = fillParams(route.url);
      const validBody = validBodies[key]?.();
      for (const { name, text, query } of UNSTORABLE) {
        for (const variant of bodiesWithUnstorableText(validBody, text)) {
          if (cleanedByRoute?.test(variant.path)) continue;
          await call(`${name} in body field ${variant.path}`, variant.path, url, variant.body);
        }
        if (query === null) continue;
        for (const parameter of [...queryNamesOf(route), "q"]) {
          const separator = url.includes("?") ? "&" : "?";
          await call(
            `${name} in query ${parameter}`,
            `query.${parameter}`,
            `${url}${separator}${parameter}=${query}`,
            validBody,
          );
        }
        const param = /:(\w+)/.exec(route.url)?.[1];
        if (param) {
          const withBadParam = fillParams(route.url.replace(`:${param}`, query));
          await call(`${name} in path parameter ${param}`, `params.${param}`, withBadParam, validBody);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(200);
    // The routes' own rules answer in French too (zod's English defaults start with these words).
    expect([...refusalsByRouteRules].filter((message) => /^(Invalid|Expected|Too )/.test(message))).toEqual(
      [],
    );
    expect(await databaseFingerprint()).toEqual(before);
  }, 120_000);

  it("is left to the live ingestion route in its events, which it cleans one by one", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/live-ingest/events",
      headers: { ...bearer(), "content-type": "application/json" },
      payload: JSON.stringify({
        liveRef: "aucun-live",
        events: [chatEvent({ comment: `je prends le 3${String.fromCharCode(0)}` })],
      }),
    });
    expect(response.json()).not.toMatchObject({ message: storableTextMessages.request });
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
  impersonation: null,
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
  const book = registerAccessControl(app, resolver);
  return { app, book };
}

describe("access control on a bare Fastify", () => {
  const calls = { count: 0 };
  let app: ReturnType<typeof bareApp>["app"];
  let book: RouteBook;
  const handlerRuns: string[] = [];

  beforeAll(async () => {
    const resolver = fakeResolver(calls);
    ({ app, book } = bareApp(resolver));
    app.get("/api/open", { config: { access: "public" } }, async () => ({ ok: "public" }));
    app.get("/api/mine", { config: { access: "customer" } }, async (request) => {
      const viewer = await request.requireViewer();
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
    app.get("/health", { config: { access: "public" } }, async () => ({ ok: "outside /api" }));
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

  it("lists what it declared, without HEAD, with the body schema of each", () => {
    expect(book.declared.map(({ bodySchema: _, ...route }) => route)).toEqual([
      { method: "GET", url: "/api/open", access: "public" },
      { method: "GET", url: "/api/mine", access: "customer" },
      { method: "POST", url: "/api/mine", access: "customer" },
      { method: "GET", url: "/api/back-office", access: "admin" },
      { method: "GET", url: "/health", access: "public" },
    ]);
    expect(book.declared.find((route) => route.method === "POST")?.bodySchema).toBeInstanceOf(z.ZodObject);
    expect(book.framework).toEqual([]);
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

  it("refuses to register a route without a declared access, under /api or not", async () => {
    for (const url of ["/api/forgotten", "/dev/forgotten", "/api/docs-private", "/api/docsx"]) {
      const { app: bare } = bareApp(fakeResolver({ count: 0 }));
      const register = async () => {
        bare.get(url, async () => ({ ok: true }));
        await bare.ready();
      };
      await expect(register()).rejects.toThrow(`GET ${url} must declare config.access`);
      await bare.close().catch(() => undefined);
    }
  });

  it("leaves only the documentation plugin's own routes and static files undeclared", async () => {
    const { app: bare, book: bareBook } = bareApp(fakeResolver({ count: 0 }));
    await bare.register(
      async (docs) => {
        docs.get("/json", async () => ({ ok: true }));
      },
      { prefix: "/api/docs" },
    );
    bare.get("/assets/app.js", { config: { file: "app.js" } }, async () => "file");
    await expect(bare.ready()).resolves.toBeDefined();
    expect(bareBook.framework).toEqual([
      { method: "GET", url: "/api/docs/json" },
      { method: "GET", url: "/assets/app.js" },
    ]);
    expect(routesMissedByTheAccessHook(bare, bareBook)).toEqual([]);
    await bare.close();
  });

  it("finds a route registered before the access hook", async () => {
    const early = Fastify({ logger: false });
    early.get("/api/too-early", async () => ({ ok: true }));
    const earlyBook = registerAccessControl(early, fakeResolver({ count: 0 }));
    early.get("/api/on-time", { config: { access: "public" } }, async () => ({ ok: true }));
    await early.ready();
    expect(routesMissedByTheAccessHook(early, earlyBook)).toEqual(["GET /api/too-early"]);
    await early.close();
  });
});
