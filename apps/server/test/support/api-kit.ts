import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { randomBytes } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { ADMIN, ensureAdminAccount, signupPayload } from "./actors";
import { SESSION_COOKIE, sessionCookieOf, tokenFromLatestMail, type TestApp } from "./test-app";

/** Who calls the API in a test. */
export const ROLES = ["anonymous", "customer", "otherCustomer", "admin", "adminByMagicLink"] as const;
export type Role = (typeof ROLES)[number];
export type SignedInRole = Exclude<Role, "anonymous">;

/**
 * The person behind a signed-in role. `customer` and `otherCustomer` are two distinct customers
 * (one must never reach the other's data); `admin` and `adminByMagicLink` are the same person
 * (ADMIN), signed in with the password or with an e-mailed link (customer rights only, decision 003).
 */
export interface Actor {
  role: SignedInRole;
  userId: string;
  email: string;
  tiktokUsername: string | null;
}

export interface ApiKit {
  /**
   * `app.inject` as `role`: adds the role's session cookie (signing in through the API on first
   * use) and, for a state-changing method, the app's own Origin, as a browser on the site would.
   * A header the request already sets wins (give header names in lower case).
   */
  injectAs(role: Role, request: InjectOptions): Promise<LightMyRequestResponse>;
  /** Who plays `role`, signing in on first use. */
  actor(role: SignedInRole): Promise<Actor>;
  /** The role's session cookie ("name=value"), signing in on first use. */
  cookieOf(role: SignedInRole): Promise<string>;
}

interface Session {
  actor: Actor;
  cookie: string;
}

interface SignedInUser {
  id: string;
  email: string;
  tiktokUsername: string | null;
  isAdmin: boolean;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const kits = new WeakMap<TestApp, ApiKit>();

/**
 * The kit of a test app, one per app: each role's session is opened once, on first use, and
 * opened again only after a call through the kit ended it (its response cleared the cookie, as
 * sign-out does). A session ended behind the kit's back (rows deleted in the database) is not
 * noticed: such tests use their own sessions.
 */
export function apiKitOf(t: TestApp): ApiKit {
  let kit = kits.get(t);
  if (!kit) {
    kit = createApiKit(t);
    kits.set(t, kit);
  }
  return kit;
}

function createApiKit(t: TestApp): ApiKit {
  const appOrigin = new URL(t.config.appUrl).origin;
  const suffix = randomBytes(3).toString("hex");
  const customers = {
    customer: { tiktokUsername: `kit_customer_${suffix}`, email: `kit-customer-${suffix}@example.com` },
    otherCustomer: { tiktokUsername: `kit_other_${suffix}`, email: `kit-other-${suffix}@example.com` },
  };
  const sessions = new Map<SignedInRole, Promise<Session>>();
  const actors = new Map<SignedInRole, Actor>();
  const signedUp = new Set<SignedInRole>();
  let adminAccount: Promise<void> | undefined;

  const post = (url: string, payload: object) => t.app.inject({ method: "POST", url, payload });

  function expectStatus(response: LightMyRequestResponse, status: number, step: string) {
    if (response.statusCode !== status) {
      throw new Error(`api kit: ${step} answered ${response.statusCode}: ${response.body}`);
    }
  }

  async function verifyLatestLink(email: string) {
    const verify = await post("/api/auth/magic-link/verify", { token: tokenFromLatestMail(t.mails, email) });
    expectStatus(verify, 200, `the link mailed to ${email}`);
    return verify;
  }

  async function signInByLink(email: string) {
    expectStatus(await post("/api/auth/magic-link", { email }), 202, `the link request of ${email}`);
    return verifyLatestLink(email);
  }

  async function signInAs(role: SignedInRole): Promise<LightMyRequestResponse> {
    if (role === "customer" || role === "otherCustomer") {
      const { tiktokUsername, email } = customers[role];
      if (signedUp.has(role)) return signInByLink(email);
      expectStatus(
        await post("/api/auth/signup", signupPayload(tiktokUsername, email)),
        202,
        `${role}'s sign-up`,
      );
      signedUp.add(role);
      return verifyLatestLink(email);
    }
    adminAccount ??= ensureAdminAccount(t.db);
    await adminAccount;
    if (role === "adminByMagicLink") return signInByLink(ADMIN.email);
    const response = await post("/api/auth/admin/sign-in", ADMIN);
    expectStatus(response, 200, "the admin sign-in");
    return response;
  }

  async function openSession(role: SignedInRole): Promise<Session> {
    const response = await signInAs(role);
    const { user } = response.json<{ user: SignedInUser }>();
    if (user.isAdmin !== (role === "admin")) {
      throw new Error(`api kit: ${role} signed in with isAdmin ${String(user.isAdmin)}`);
    }
    const known = actors.get(role);
    if (known && known.userId !== user.id) throw new Error(`api kit: ${role} came back as another user`);
    const chosen = role === "customer" || role === "otherCustomer" ? customers[role] : undefined;
    const actor: Actor = known ?? {
      role,
      userId: user.id,
      // What the kit signed up with, so a test comparing the session to it checks the API.
      email: chosen?.email ?? ADMIN.email,
      tiktokUsername: chosen ? chosen.tiktokUsername : user.tiktokUsername,
    };
    actors.set(role, actor);
    return { actor, cookie: sessionCookieOf(response) };
  }

  function sessionOf(role: SignedInRole): Promise<Session> {
    const cached = sessions.get(role);
    if (cached) return cached;
    const opening = openSession(role);
    sessions.set(role, opening);
    opening.catch(() => forget(role, opening));
    return opening;
  }

  function forget(role: SignedInRole, session: Promise<Session>) {
    if (sessions.get(role) === session) sessions.delete(role);
  }

  return {
    async injectAs(role, request) {
      const headers: OutgoingHttpHeaders = { ...request.headers };
      const method = (request.method ?? "GET").toUpperCase();
      if (!SAFE_METHODS.has(method)) headers.origin ??= appOrigin;
      if (role === "anonymous") return t.app.inject({ ...request, headers });

      const session = sessionOf(role);
      const { cookie } = await session;
      headers.cookie =
        headers.cookie === undefined ? cookie : `${[headers.cookie].flat().join("; ")}; ${cookie}`;
      const response = await t.app.inject({ ...request, headers });
      if (clearsSessionCookie(response)) forget(role, session);
      return response;
    },
    actor: async (role) => (await sessionOf(role)).actor,
    cookieOf: async (role) => (await sessionOf(role)).cookie,
  };
}

function clearsSessionCookie(response: LightMyRequestResponse): boolean {
  return response.cookies.some(
    (cookie) => cookie.name === SESSION_COOKIE && (cookie.value === "" || cookie.maxAge === 0),
  );
}
