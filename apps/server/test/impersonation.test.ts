import { IMPERSONATION_MAX_SECONDS, impersonationMessages, type AuditEvent } from "@vitrine/domain";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, authSessions, authUsers, users } from "../src/db/schema";
import { ADMIN, createPasswordUser, ensureAdminAccount } from "./support/actors";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { insertCustomer, insertLiveViewer } from "./support/factories";
import { eventually } from "./support/eventually";
import { createTestApp, SESSION_COOKIE, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

const ADMIN_SESSION_COOKIE = "vitrine.admin_session";

/** A browser's cookie jar over `app.inject`: keeps what the server sets, drops what it clears. */
function browser() {
  const jar = new Map<string, string>();
  const keep = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies) {
      const cleared = cookie.value === "" || cookie.maxAge === 0;
      if (cleared) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    return response;
  };
  return {
    jar,
    async call(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object) {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      return keep(
        await t.app.inject({
          method,
          url,
          headers: { origin: "http://localhost:3000", ...(cookie ? { cookie } : {}) },
          ...(payload ? { payload } : {}),
        }),
      );
    },
    /** Signs in at the admin form, as the shop's administrator. */
    async signInAsAdmin() {
      await ensureAdminAccount(t.db);
      const response = await this.call("POST", "/api/auth/admin/sign-in", ADMIN);
      expect(response.statusCode).toBe(200);
    },
  };
}

type Browser = ReturnType<typeof browser>;

const impersonate = (b: Browser, userId: string) => b.call("POST", "/api/auth/impersonation", { userId });
const session = async (b: Browser) => (await b.call("GET", "/api/auth/session")).json();

const impersonationSessions = (authUserId: string) =>
  t.db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.userId, authUserId), isNotNull(authSessions.impersonatedBy)));

const auditOf = (subjectUserId: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.subjectUserId, subjectUserId))
    .orderBy(auditEvents.createdAt);

async function adminUserId(): Promise<string> {
  return (await kit.actor("admin")).userId;
}

describe("starting an impersonation", () => {
  it("switches the browser to the customer's session, for an hour at most, and logs who and whom", async () => {
    const customer = await insertCustomer(t.db, { firstName: "Julie", lastName: "Martin" });
    const b = browser();
    await b.signInAsAdmin();
    const adminCookie = b.jar.get(SESSION_COOKIE);

    const started = await impersonate(b, customer.id);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ status: "impersonating" });
    expect(b.jar.get(SESSION_COOKIE)).not.toBe(adminCookie);
    expect(b.jar.has(ADMIN_SESSION_COOKIE)).toBe(true);

    const now = await session(b);
    expect(now.user).toMatchObject({ id: customer.id, email: customer.email, isAdmin: false });
    const expiresAt = Date.parse(now.impersonation.expiresAt);
    expect(expiresAt - Date.now()).toBeGreaterThan((IMPERSONATION_MAX_SECONDS - 60) * 1000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(IMPERSONATION_MAX_SECONDS * 1000);

    const [row] = await impersonationSessions(customer.authId ?? "");
    expect(row?.passwordVerified).toBe(false);
    const [event] = await auditOf(customer.id);
    expect(event).toMatchObject({
      action: "impersonation-started",
      actorUserId: await adminUserIdOf(ADMIN.email),
      subjectUserId: customer.id,
      details: { sessionId: row?.id, expiresAt: new Date(expiresAt).toISOString() },
    });
  });

  it("never slides past its hour, however active the customer is", async () => {
    const customer = await insertCustomer(t.db);
    const b = browser();
    await b.signInAsAdmin();
    await impersonate(b, customer.id);
    const [before] = await impersonationSessions(customer.authId ?? "");
    for (let i = 0; i < 3; i++) expect((await b.call("GET", "/api/customer/orders")).statusCode).toBe(200);
    const [after] = await impersonationSessions(customer.authId ?? "");
    expect(after?.expiresAt).toEqual(before?.expiresAt);
    expect(b.jar.get(SESSION_COOKIE)).toBeDefined();

    // Once its hour is over the session is over: nobody is signed in (once this instance hears
    // of the change written straight in the database, as it would of another instance's).
    await t.db
      .update(authSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authSessions.id, before?.id ?? ""));
    await eventually(async () => (await session(b)).user === null);
    expect((await b.call("GET", "/api/customer/orders")).statusCode).toBe(401);
  });

  it("creates the sign-in account of a customer staff created with an e-mail, as their first link would", async () => {
    const [created] = await t.db
      .insert(users)
      .values({
        email: "marie.sans.compte@example.com",
        firstName: "Marie",
        tiktokUsername: "marie_sans_compte",
      })
      .returning();
    if (!created) throw new Error("no user");
    const b = browser();
    await b.signInAsAdmin();
    expect((await impersonate(b, created.id)).statusCode).toBe(200);
    expect((await session(b)).user).toMatchObject({ id: created.id, email: "marie.sans.compte@example.com" });
    const [linked] = await t.db.select().from(users).where(eq(users.id, created.id));
    const [identity] = await t.db
      .select()
      .from(authUsers)
      .where(eq(authUsers.id, linked?.authId ?? ""));
    expect(identity).toMatchObject({ email: "marie.sans.compte@example.com", emailVerified: false });
    const [event] = await auditOf(created.id);
    expect(event?.details).toMatchObject({ identityCreated: true });
  });

  it("refuses a person without e-mail, an administrator and nobody, and opens no session", async () => {
    const viewer = await insertLiveViewer(t.db);
    await createPasswordUser(t.db, "second-admin@example.com", "second-admin-password", { isAdmin: true });
    const secondAdmin = await adminUserIdOf("second-admin@example.com");
    const b = browser();
    await b.signInAsAdmin();
    const cases = [
      [viewer.id, 409, impersonationMessages.noEmail],
      [secondAdmin, 409, impersonationMessages.targetIsAdmin],
      ["5f0c6d2e-8a4b-4c1d-9e2f-3a4b5c6d7e8f", 404, "Utilisateur introuvable"],
    ] as const;
    for (const [userId, status, message] of cases) {
      const response = await impersonate(b, userId);
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toBe(message);
      expect((await session(b)).user).toMatchObject({ email: ADMIN.email, isAdmin: true });
    }
    const [viewerRow] = await t.db.select().from(users).where(eq(users.id, viewer.id));
    expect(viewerRow?.authId).toBeNull();
    expect(await auditOf(viewer.id)).toEqual([]);
    const sessions = await t.db.select().from(authSessions).where(isNotNull(authSessions.impersonatedBy));
    expect(sessions.filter((row) => row.userId === viewerRow?.authId)).toEqual([]);
  });

  it("is for administrators only: a customer, or an admin signed in by link, cannot start one", async () => {
    const customer = await insertCustomer(t.db);
    for (const role of ["customer", "adminByMagicLink"] as const) {
      const response = await kit.injectAs(role, {
        method: "POST",
        url: "/api/auth/impersonation",
        payload: { userId: customer.id },
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await auditOf(customer.id)).toEqual([]);
  });
});

describe("an impersonation never carries admin rights", () => {
  it("is refused by every admin route, even once the person becomes an administrator", async () => {
    const email = "future-admin@example.com";
    await createPasswordUser(t.db, email, "future-admin-password");
    const target = await adminUserIdOf(email);
    const b = browser();
    await b.signInAsAdmin();
    expect((await impersonate(b, target)).statusCode).toBe(200);
    expect((await b.call("GET", "/api/admin/users")).statusCode).toBe(403);
    // Nor can it start another impersonation.
    expect((await impersonate(b, target)).statusCode).toBe(403);

    const grant = await kit.injectAs("admin", {
      method: "PATCH",
      url: `/api/admin/users/${target}`,
      payload: { firstName: "Future", lastName: "Admin", tiktokUsername: "", isAdmin: true },
    });
    expect(grant.statusCode).toBe(200);
    expect((await session(b)).user).toMatchObject({ id: target, isAdmin: false });
    expect((await b.call("GET", "/api/admin/users")).statusCode).toBe(403);
    expect((await b.call("GET", "/api/admin/audit-events")).statusCode).toBe(403);
  });
});

describe("ending an impersonation", () => {
  it("gives the browser the admin's own session back, without signing in again, and logs it", async () => {
    const customer = await insertCustomer(t.db);
    const b = browser();
    await b.signInAsAdmin();
    const adminCookie = b.jar.get(SESSION_COOKIE);
    await impersonate(b, customer.id);
    const [impersonation] = await impersonationSessions(customer.authId ?? "");

    const ended = await b.call("DELETE", "/api/auth/impersonation");
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ status: "ended" });
    expect(b.jar.get(SESSION_COOKIE)).toBe(adminCookie);
    expect(b.jar.has(ADMIN_SESSION_COOKIE)).toBe(false);
    expect((await session(b)).user).toMatchObject({ email: ADMIN.email, isAdmin: true });
    expect((await b.call("GET", "/api/admin/users")).statusCode).toBe(200);
    expect(await impersonationSessions(customer.authId ?? "")).toEqual([]);

    const events = await auditOf(customer.id);
    expect(events.map((event) => event.action)).toEqual(["impersonation-started", "impersonation-ended"]);
    expect(events[1]).toMatchObject({
      actorUserId: await adminUserIdOf(ADMIN.email),
      details: { sessionId: impersonation?.id, via: "admin" },
    });
  });

  it("ends even when the admin's own session is gone meanwhile: the browser is signed out", async () => {
    const customer = await insertCustomer(t.db);
    await ensureAdminAccount(t.db);
    const [adminRow] = await t.db.select().from(users).where(eq(users.email, ADMIN.email));
    const adminSessionIds = async () =>
      (
        await t.db
          .select()
          .from(authSessions)
          .where(eq(authSessions.userId, adminRow?.authId ?? ""))
      ).map((row) => row.id);
    const before = await adminSessionIds();
    const b = browser();
    await b.signInAsAdmin();
    const mine = (await adminSessionIds()).filter((id) => !before.includes(id));
    expect(mine).toHaveLength(1);
    await impersonate(b, customer.id);
    await t.db.delete(authSessions).where(eq(authSessions.id, mine[0] ?? ""));

    const ended = await b.call("DELETE", "/api/auth/impersonation");
    expect(ended.statusCode).toBe(200);
    expect((await session(b)).user).toBeNull();
    expect(await impersonationSessions(customer.authId ?? "")).toEqual([]);
    expect((await auditOf(customer.id)).map((event) => event.action)).toEqual([
      "impersonation-started",
      "impersonation-ended",
    ]);
  });

  it("is logged as ended when the customer signs out of it", async () => {
    const customer = await insertCustomer(t.db);
    const b = browser();
    await b.signInAsAdmin();
    await impersonate(b, customer.id);
    expect((await b.call("POST", "/api/auth/sign-out")).statusCode).toBe(200);
    const events = await auditOf(customer.id);
    expect(events.map((event) => event.action)).toEqual(["impersonation-started", "impersonation-ended"]);
    expect(events[1]?.details).toMatchObject({ via: "sign-out" });
  });

  it("signing out of it ends the admin's own session on this browser too, cookie and row", async () => {
    const customer = await insertCustomer(t.db);
    const b = browser();
    await b.signInAsAdmin();
    const adminCookie = `${SESSION_COOKIE}=${b.jar.get(SESSION_COOKIE)}`;
    const adminToken = decodeURIComponent(b.jar.get(SESSION_COOKIE) ?? "").split(".")[0] ?? "";
    await impersonate(b, customer.id);
    expect(b.jar.has(ADMIN_SESSION_COOKIE)).toBe(true);

    const signedOut = await b.call("POST", "/api/auth/sign-out");
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ status: "signed-out", endedImpersonation: true });
    expect([...b.jar.keys()].filter((name) => name.includes("session"))).toEqual([]);
    expect((await session(b)).user).toBeNull();
    expect(await t.db.select().from(authSessions).where(eq(authSessions.token, adminToken))).toEqual([]);
    // Whoever kept the admin's cookie from before finds no session behind it.
    const replay = await t.app.inject({
      method: "GET",
      url: "/api/admin/users",
      headers: { cookie: adminCookie },
    });
    expect(replay.statusCode).toBe(401);
  });

  it("a plain sign-out says no impersonation ended", async () => {
    const b = browser();
    await b.signInAsAdmin();
    const signedOut = await b.call("POST", "/api/auth/sign-out");
    expect(signedOut.json()).toEqual({ status: "signed-out", endedImpersonation: false });
  });

  it("answers 409 to someone who is not impersonating", async () => {
    const response = await kit.injectAs("customer", { method: "DELETE", url: "/api/auth/impersonation" });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(impersonationMessages.notImpersonating);
  });
});

describe("what staff change while acting as a customer", () => {
  it("is written to the audit log under the admin's name, the customer as its subject; reads and refusals are not", async () => {
    const customer = await insertCustomer(t.db, { firstName: "Julie", lastName: "Martin" });
    const b = browser();
    await b.signInAsAdmin();
    await impersonate(b, customer.id);
    const [impersonation] = await impersonationSessions(customer.authId ?? "");

    expect((await b.call("GET", "/api/customer/profile")).statusCode).toBe(200);
    const refused = await b.call("PUT", "/api/customer/profile", { firstName: "x".repeat(101) });
    expect(refused.statusCode).toBe(400);
    const changed = await b.call("PUT", "/api/customer/profile", {
      firstName: "Juliette",
      lastName: "Martin",
    });
    expect(changed.statusCode).toBe(200);

    const events = await auditOf(customer.id);
    expect(events.map((event) => event.action)).toEqual(["impersonation-started", "impersonated-write"]);
    expect(events[1]).toMatchObject({
      actorUserId: await adminUserIdOf(ADMIN.email),
      subjectUserId: customer.id,
      details: { sessionId: impersonation?.id, request: "PUT /api/customer/profile", statusCode: 200 },
    });
  });

  it("leaves a customer's own changes out of the log", async () => {
    const { userId } = await kit.actor("customer");
    const response = await kit.injectAs("customer", {
      method: "PUT",
      url: "/api/customer/profile",
      payload: { firstName: "Moi", lastName: "Même" },
    });
    expect(response.statusCode).toBe(200);
    expect((await auditOf(userId)).map((event) => event.action)).not.toContain("impersonated-write");
  });
});

describe("the audit log", () => {
  const readLog = async (page = 1) => {
    const response = await kit.injectAs("admin", {
      method: "GET",
      url: `/api/admin/audit-events?page=${page}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ events: AuditEvent[]; total: number; page: number; pageSize: number }>();
  };

  it("records an impersonation that ran out its hour as expired, at its end time, once", async () => {
    const customer = await insertCustomer(t.db, { firstName: "Expirée", lastName: "Cliente" });
    const b = browser();
    await b.signInAsAdmin();
    await impersonate(b, customer.id);
    const [started] = await auditOf(customer.id);
    const endedAt = new Date(Date.now() - 3600 * 1000).toISOString();
    await t.db
      .update(auditEvents)
      .set({
        createdAt: new Date(Date.now() - 2 * 3600 * 1000),
        details: { ...started?.details, expiresAt: endedAt },
      })
      .where(eq(auditEvents.id, started?.id ?? ""));

    const log = await readLog();
    await readLog();
    const mine = log.events.filter((event) => event.subject?.id === customer.id);
    expect(mine.map((event) => event.action)).toEqual(["impersonation-expired", "impersonation-started"]);
    expect(mine[0]).toMatchObject({
      createdAt: endedAt,
      subject: { id: customer.id, name: "Expirée Cliente" },
      actor: { name: ADMIN.email },
    });
    expect((await auditOf(customer.id)).map((event) => event.action)).toEqual([
      "impersonation-started",
      "impersonation-expired",
    ]);
    // Ended after it expired (the button clicked late): still one end.
    await b.call("DELETE", "/api/auth/impersonation");
    expect(await auditOf(customer.id)).toHaveLength(2);
  });

  it("lists an event whose actor or subject is nobody (the system, a deleted person)", async () => {
    const [row] = await t.db
      .insert(auditEvents)
      .values({
        actorUserId: null,
        subjectUserId: null,
        action: "admin-rights-revoked",
        createdAt: new Date(Date.UTC(2031, 0, 1)),
      })
      .returning({ id: auditEvents.id });
    try {
      const log = await readLog(1);
      expect(log.events[0]).toMatchObject({ id: row?.id, actor: null, subject: null });
    } finally {
      await t.db.delete(auditEvents).where(eq(auditEvents.id, row?.id ?? ""));
    }
  });

  it("lists the newest first, a page at a time", async () => {
    const subject = await insertCustomer(t.db);
    const actor = await adminUserId();
    await t.db.insert(auditEvents).values(
      Array.from({ length: 55 }, (_, index) => ({
        actorUserId: actor,
        subjectUserId: subject.id,
        action: "admin-rights-revoked",
        createdAt: new Date(Date.UTC(2030, 0, 1, 0, index)),
      })),
    );
    const first = await readLog(1);
    expect(first).toMatchObject({ page: 1, pageSize: 50 });
    expect(first.total).toBeGreaterThanOrEqual(55);
    expect(first.events[0]?.createdAt).toBe(new Date(Date.UTC(2030, 0, 1, 0, 54)).toISOString());
    const dates = first.events.map((event) => event.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await readLog(2);
    expect(second.events[0]?.createdAt).toBe(new Date(Date.UTC(2030, 0, 1, 0, 4)).toISOString());
    const bad = await kit.injectAs("admin", { method: "GET", url: "/api/admin/audit-events?page=0" });
    expect(bad.statusCode).toBe(400);
  });
});

async function adminUserIdOf(email: string): Promise<string> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}
