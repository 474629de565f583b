import {
  authMessages,
  liveViewerPlaceholderEmail,
  MAGIC_LINK_LIFETIME_SECONDS,
  tiktokUsernameMessages,
} from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authSessions,
  authUsers,
  authVerifications,
  pendingSignups,
  rateLimits,
  users,
} from "../src/db/schema";
import { signToken } from "../src/modules/auth/session-reader";
import { defaultAuthRateLimits } from "../src/rate-limits";
import { signInAsAdmin, signInByLink, signupPayload } from "./support/actors";
import { eventually } from "./support/eventually";
import { apiKitOf } from "./support/api-kit";
import { createTestApp, tokenFromLatestMail, type TestApp } from "./support/test-app";

const HANDLE_TAKEN = { code: "TIKTOK_USERNAME_TAKEN", message: tiktokUsernameMessages.taken };
const ENGLISH = /invalid input|expected|received|too (big|small)|required|must|should|unrecognized/i;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let address = 0;
/** Each call from its own client address, so per-IP counters never mix between tests. */
const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
const signup = (handle: string, email: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: signupPayload(handle, email),
    remoteAddress: nextAddress(),
  });
const verify = (token: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/magic-link/verify",
    payload: { token },
    remoteAddress: nextAddress(),
  });
const requestLink = (email: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/magic-link",
    payload: { email },
    remoteAddress: nextAddress(),
  });
const sessionOf = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })).json().user;
const userByHandle = async (handle: string) =>
  (await t.db.select().from(users).where(eq(users.tiktokUsername, handle)))[0];
const orphanAuthUsers = async () =>
  (
    await t.db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM auth_users a WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.auth_id = a.id)`,
    )
  ).rows[0]?.count;

describe("1. a customer's handle cannot be taken over", () => {
  it("refuses a stranger's sign-up with the handle of a customer the shop knows by e-mail, and writes nothing", async () => {
    await t.db
      .insert(users)
      .values({ email: "sophie.real@example.com", firstName: "Sophie", tiktokUsername: "sophie_real" });
    const mailsBefore = t.mails.length;
    const stranger = await signup("sophie_real", "stranger@example.com");
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json()).toMatchObject(HANDLE_TAKEN);
    expect(t.mails.length).toBe(mailsBefore);
    expect(
      await t.db.select().from(pendingSignups).where(eq(pendingSignups.email, "stranger@example.com")),
    ).toEqual([]);
    expect(await userByHandle("sophie_real")).toMatchObject({
      email: "sophie.real@example.com",
      authId: null,
    });

    const owner = await signup("sophie_real", "sophie.real@example.com");
    expect(owner.statusCode).toBe(202);
    const signedIn = await verify(tokenFromLatestMail(t.mails, "sophie.real@example.com"));
    expect(signedIn.json().user).toMatchObject({ email: "sophie.real@example.com", firstName: "Sophie" });
  });

  it("refuses the confirmation when the handle's row received a real e-mail after the sign-up", async () => {
    await t.db.insert(users).values({ tiktokUsername: "late_mail" });
    expect((await signup("late_mail", "first-comer@example.com")).statusCode).toBe(202);
    await t.db
      .update(users)
      .set({ email: "real.owner@example.com" })
      .where(eq(users.tiktokUsername, "late_mail"));
    const confirmed = await verify(tokenFromLatestMail(t.mails, "first-comer@example.com"));
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json()).toMatchObject(HANDLE_TAKEN);
    expect(confirmed.headers["set-cookie"]).toBeUndefined();
    expect(await userByHandle("late_mail")).toMatchObject({ email: "real.owner@example.com", authId: null });
    const [identity] = await t.db
      .select()
      .from(authUsers)
      .where(eq(authUsers.email, "first-comer@example.com"));
    expect(identity).toBeUndefined();
  });

  it("lets whoever confirms first claim a live viewer whose e-mail is the placeholder, as the spec says", async () => {
    await t.db
      .insert(users)
      .values({ tiktokUsername: "viewer_ph", email: liveViewerPlaceholderEmail("viewer_ph") });
    expect((await signup("viewer_ph", "viewer.ph@example.com")).statusCode).toBe(202);
    const confirmed = await verify(tokenFromLatestMail(t.mails, "viewer.ph@example.com"));
    expect(confirmed.statusCode).toBe(200);
    expect(await userByHandle("viewer_ph")).toMatchObject({ email: "viewer.ph@example.com" });
  });
});

describe("2. client addresses behind a proxy", () => {
  const tightLinks = { ...defaultAuthRateLimits, loginLinkPerIp: { max: 30, windowSeconds: 60 } };
  const fortyRequests = async (app: TestApp, forwardedFor: (i: number) => string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await app.app.inject({
        method: "POST",
        url: "/api/auth/magic-link",
        payload: { email: `proxied-${i}@example.com` },
        remoteAddress: "10.0.0.1",
        headers: { "x-forwarded-for": forwardedFor(i) },
      });
      statuses.push(response.statusCode);
    }
    return statuses.filter((status) => status === 429).length;
  };

  it.each(["true", "1", "10.0.0.1"])(
    "with TRUST_PROXY=%s, a client cannot pick its own address to skip the per-IP limit",
    async (trustProxy) => {
      const app = await createTestApp({ env: { TRUST_PROXY: trustProxy }, authRateLimits: tightLinks });
      try {
        // The proxy appends the real client address; what the client sent comes before it.
        expect(await fortyRequests(app, (i) => `198.51.100.${i}, 203.0.113.7`)).toBe(10);
      } finally {
        await app.close();
      }
    },
  );

  it("without TRUST_PROXY, ignores X-Forwarded-For altogether", async () => {
    const app = await createTestApp({ authRateLimits: tightLinks });
    try {
      expect(await fortyRequests(app, (i) => `198.51.100.${i}`)).toBe(10);
    } finally {
      await app.close();
    }
  });
});

describe("3. concurrent confirmations of one new handle", () => {
  it("gives the handle to exactly one of three e-mails, a French 409 to the others, and leaves nothing of theirs (20 rounds)", async () => {
    for (let round = 0; round < 20; round++) {
      const handle = `race_${round}`;
      const emails = [0, 1, 2].map((i) => `race-${round}-${i}@example.com`);
      for (const email of emails) expect((await signup(handle, email)).statusCode).toBe(202);
      const answers = await Promise.all(emails.map((email) => verify(tokenFromLatestMail(t.mails, email))));

      const winners = answers.filter((answer) => answer.statusCode === 200);
      expect(winners).toHaveLength(1);
      for (const loser of answers.filter((answer) => answer.statusCode !== 200)) {
        expect(loser.statusCode).toBe(409);
        expect(loser.json()).toMatchObject(HANDLE_TAKEN);
        expect(loser.headers["set-cookie"]).toBeUndefined();
      }
      const holders = await t.db.select().from(users).where(eq(users.tiktokUsername, handle));
      expect(holders).toHaveLength(1);
      const identities = await t.db
        .select()
        .from(authUsers)
        .where(
          sql`${authUsers.email} IN (${sql.join(
            emails.map((e) => sql`${e}`),
            sql`, `,
          )})`,
        );
      expect(identities.map((identity) => identity.id)).toEqual([holders[0]?.authId]);
      const pending = await t.db
        .select()
        .from(pendingSignups)
        .where(eq(pendingSignups.tiktokUsername, handle));
      expect(pending).toEqual([]);
    }
    expect(await orphanAuthUsers()).toBe(0);
  });
});

describe("6. validation answers in French, naming the field", () => {
  const badValues: unknown[] = [12345, true, null, ["x"], { nested: 1 }, "x".repeat(5000)];

  it("on every route that takes a body, for every field and every kind of wrong value", async () => {
    const failures: string[] = [];
    for (const route of t.app.routeBook.declared) {
      const shape = (route.bodySchema as { shape?: Record<string, unknown> } | undefined)?.shape;
      if (!shape) continue;
      const bodies: unknown[] = [
        "a string",
        42,
        [],
        ...Object.keys(shape).flatMap((field) => badValues.map((value) => ({ [field]: value }))),
      ];
      for (const body of bodies) {
        const response = await t.app.inject({
          method: route.method === "POST" ? "POST" : "PUT",
          url: route.url,
          payload: JSON.stringify(body),
          headers: { "content-type": "application/json" },
          remoteAddress: nextAddress(),
        });
        if (response.statusCode !== 400) continue;
        const { message, fields } = response.json() as { message: string; fields?: Record<string, string> };
        const label = `${route.method} ${route.url} with ${JSON.stringify(body).slice(0, 60)}: ${message}`;
        if (ENGLISH.test(message) || Object.values(fields ?? {}).some((text) => ENGLISH.test(text))) {
          failures.push(`${label} (English)`);
        }
        // Object bodies name each wrong field; the message is that of one of them.
        if (typeof body === "object" && body && !Array.isArray(body)) {
          const named = Object.keys(fields ?? {});
          const unknown = named.filter((field) => !(field in shape));
          if (named.length === 0 || unknown.length > 0 || !Object.values(fields ?? {}).includes(message)) {
            failures.push(`${label} (fields not named: ${named.join(", ")})`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers a body that is not an object, and a token too long, in French", async () => {
    const notAnObject = await t.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: JSON.stringify("a string"),
      headers: { "content-type": "application/json" },
    });
    expect(notAnObject.json().message).toBe("Le corps de la requête doit être un objet JSON.");
    const tooLong = await verify("x".repeat(500));
    expect(tooLong.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Le champ « token » doit contenir au plus 200 caractères.",
      fields: { token: "Le champ « token » doit contenir au plus 200 caractères." },
    });
  });
});

describe("7. secrets stay out of the logs", () => {
  it("redacts tokens from logged URLs and never logs auth bodies", async () => {
    const log = new PassThrough();
    const lines: string[] = [];
    log.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
    const logged = await createTestApp({ env: { LOG_LEVEL: "info" }, logStream: log });
    try {
      await logged.app.inject({ method: "GET", url: "/auth/verify?token=SECRET-IN-URL-123" });
      await logged.app.inject({
        method: "POST",
        url: "/api/auth/magic-link/verify",
        payload: { token: "SECRET-IN-BODY-456" },
      });
      await logged.app.inject({
        method: "POST",
        url: "/api/auth/admin/sign-in",
        payload: { email: "owner@example.com", password: "SECRET-PASSWORD-789" },
      });
    } finally {
      await logged.close();
    }
    const text = lines.join("");
    expect(text).toContain("/auth/verify?token=[redacted]");
    for (const secret of [
      "SECRET-IN-URL-123",
      "SECRET-IN-BODY-456",
      "SECRET-PASSWORD-789",
      "owner@example.com",
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("8. a newer link voids the older ones", () => {
  it("refuses the first link once a second was requested, and accepts the second", async () => {
    await t.db.insert(users).values({ email: "twice@example.com" });
    expect((await requestLink("twice@example.com")).statusCode).toBe(202);
    const first = tokenFromLatestMail(t.mails, "twice@example.com");
    expect((await requestLink("twice@example.com")).statusCode).toBe(202);
    const second = tokenFromLatestMail(t.mails, "twice@example.com");
    expect(second).not.toBe(first);
    expect((await verify(first)).json()).toEqual({
      code: "MAGIC_LINK_INVALID",
      message: authMessages.magicLinkInvalid,
    });
    expect((await verify(second)).statusCode).toBe(200);
  });
});

describe("9. no cache keeps an API answer", () => {
  it("sends Cache-Control: no-store on the session, signed in or not, and on errors", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/api/auth/session" });
    expect(anonymous.headers["cache-control"]).toBe("no-store");
    const signedIn = await apiKitOf(t).injectAs("admin", { method: "GET", url: "/api/auth/session" });
    expect(signedIn.json().user).toMatchObject({ isAdmin: true });
    expect(signedIn.headers["cache-control"]).toBe("no-store");
    const error = await verify("never-issued");
    expect(error.statusCode).toBe(400);
    expect(error.headers["cache-control"]).toBe("no-store");
  });
});

describe("10. the session read from its cookie", () => {
  const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";

  it("refuses a cookie whose signature does not match, before any lookup", async () => {
    const cookie = await signInAsAdmin(t);
    const token = tokenOf(cookie);
    expect(
      await sessionOf(
        `vitrine.session_token=${encodeURIComponent(signToken(token, "another-secret-of-32-characters!!"))}`,
      ),
    ).toBeNull();
    expect(await sessionOf(`vitrine.session_token=${token}`)).toBeNull();
  });

  it("honours revocation and expiry", async () => {
    const revoked = await signInAsAdmin(t);
    await t.db.delete(authSessions).where(eq(authSessions.token, tokenOf(revoked)));
    expect(await sessionOf(revoked)).toBeNull();
    const expired = await signInAsAdmin(t);
    await t.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.token, tokenOf(expired)));
    expect(await sessionOf(expired)).toBeNull();
  });

  it("extends a session a day after its last extension, with a new cookie, and not before", async () => {
    const cookie = await signInAsAdmin(t);
    const fresh = await t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } });
    expect(fresh.headers["set-cookie"]).toBeUndefined();
    const weekMs = 7 * 24 * 3600 * 1000;
    await t.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() + weekMs - 25 * 3600 * 1000) })
      .where(eq(authSessions.token, tokenOf(cookie)));
    // Read from memory until this instance hears of the change made straight in the database.
    let due: LightMyRequestResponse | undefined;
    await eventually(async () => {
      due = await t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } });
      return due.headers["set-cookie"] !== undefined;
    });
    expect(due?.json().user).toMatchObject({ isAdmin: true });
    expect(String(due?.headers["set-cookie"])).toMatch(/^vitrine\.session_token=.*Max-Age=604800/);
    const [session] = await t.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.token, tokenOf(cookie)));
    expect((session?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(weekMs - 60_000);
  });
});

describe("11. a session's absolute lifetime (SESSION_MAX_AGE_DAYS, 30 days by default)", () => {
  const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";
  const dayMs = 24 * 3600 * 1000;
  let customers = 0;

  /** A customer signed in by link whose session was opened `days` ago and used just now (slid). */
  async function customerSignedInDaysAgo(days: number) {
    customers += 1;
    const email = `lifetime-${customers}@example.com`;
    await t.db.insert(users).values({ email, tiktokUsername: `lifetime_${customers}` });
    const cookie = await signInByLink(t, email);
    const token = tokenOf(cookie);
    // Extended by the sliding renewal 25 hours ago, so due for the next one now.
    const row = {
      createdAt: new Date(Date.now() - days * dayMs),
      expiresAt: new Date(Date.now() + 7 * dayMs - 25 * 3600 * 1000),
    };
    await t.db.update(authSessions).set(row).where(eq(authSessions.token, token));
    const sessionRow = async () =>
      (await t.db.select().from(authSessions).where(eq(authSessions.token, token)))[0];
    return { cookie, email, row, sessionRow };
  }

  it("refuses a session opened 31 days ago, however active, and does not extend it", async () => {
    const customer = await customerSignedInDaysAgo(31);
    const response = await t.app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { cookie: customer.cookie },
    });
    expect(response.json().user).toBeNull();
    expect(response.headers["set-cookie"]).toBeUndefined();
    const profile = await t.app.inject({
      method: "GET",
      url: "/api/customer/profile",
      headers: { cookie: customer.cookie },
    });
    expect(profile.statusCode).toBe(401);
    expect((await customer.sessionRow())?.expiresAt).toEqual(customer.row.expiresAt);
  });

  it("keeps a session opened 29 days ago, extending it no further than its 30th day", async () => {
    const customer = await customerSignedInDaysAgo(29);
    const response = await t.app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { cookie: customer.cookie },
    });
    expect(response.json().user).toMatchObject({ email: customer.email });
    const end = customer.row.createdAt.getTime() + 30 * dayMs;
    expect((await customer.sessionRow())?.expiresAt.getTime()).toBe(end);
    const maxAge = Number(/Max-Age=(\d+)/.exec(String(response.headers["set-cookie"]))?.[1]);
    expect(maxAge).toBeGreaterThan(dayMs / 1000 - 60);
    expect(maxAge).toBeLessThanOrEqual(dayMs / 1000);
  });

  it("follows the setting", async () => {
    const shortLived = await createTestApp({ env: { SESSION_MAX_AGE_DAYS: "2" } });
    try {
      const email = "lifetime-setting@example.com";
      await shortLived.db.insert(users).values({ email, tiktokUsername: "lifetime_setting" });
      const cookie = await signInByLink(shortLived, email);
      const session = async () =>
        (await shortLived.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })).json()
          .user;
      expect(await session()).toMatchObject({ email });
      await shortLived.db
        .update(authSessions)
        .set({ createdAt: new Date(Date.now() - 2 * dayMs - 60_000) })
        .where(eq(authSessions.token, tokenOf(cookie)));
      // Once this instance hears of the change (the session was kept in memory).
      await eventually(async () => (await session()) === null);
    } finally {
      await shortLived.close();
    }
  });
});

describe("what the suite missed before", () => {
  it("gives a link 15 minutes, as the mail says", async () => {
    await t.db.insert(users).values({ email: "lifetime@example.com" });
    const before = Date.now();
    await requestLink("lifetime@example.com");
    const [row] = await t.db
      .select()
      .from(authVerifications)
      .where(sql`${authVerifications.value}::jsonb ->> 'email' = 'lifetime@example.com'`);
    const lifetime = ((row?.expiresAt.getTime() ?? 0) - before) / 1000;
    expect(MAGIC_LINK_LIFETIME_SECONDS).toBe(900);
    expect(lifetime).toBeGreaterThan(895);
    expect(lifetime).toBeLessThanOrEqual(905);
    expect(t.mails.at(-1)?.text).toContain("15 minutes");
  });

  it("revokes the session a link opened when the rest of the verification fails", async () => {
    await t.db.insert(users).values({ tiktokUsername: "revoke_me" });
    expect((await signup("revoke_me", "revoke-a@example.com")).statusCode).toBe(202);
    expect((await signup("revoke_me", "revoke-b@example.com")).statusCode).toBe(202);
    expect((await verify(tokenFromLatestMail(t.mails, "revoke-a@example.com"))).statusCode).toBe(200);
    const sessionsBefore = (await t.db.select().from(authSessions)).length;
    const loser = await verify(tokenFromLatestMail(t.mails, "revoke-b@example.com"));
    expect(loser.statusCode).toBe(409);
    expect((await t.db.select().from(authSessions)).length).toBe(sessionsBefore);
  });

  it("forgets a pending sign-up once it has expired", async () => {
    expect((await signup("stale_handle", "stale-pending@example.com")).statusCode).toBe(202);
    await t.db
      .update(pendingSignups)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingSignups.email, "stale-pending@example.com"));
    const confirmed = await verify(tokenFromLatestMail(t.mails, "stale-pending@example.com"));
    expect(confirmed.json().user).toMatchObject({ email: "stale-pending@example.com", tiktokUsername: null });
    expect(await userByHandle("stale_handle")).toBeUndefined();
  });

  it("limits link verifications and handle checks per address (no unlimited oracle)", async () => {
    const tight = await createTestApp({
      authRateLimits: {
        ...defaultAuthRateLimits,
        verifyPerIp: { max: 2, windowSeconds: 60 },
        usernameCheckPerIp: { max: 2, windowSeconds: 60 },
      },
    });
    try {
      const call = (url: string, payload: Record<string, string>) =>
        tight.app.inject({ method: "POST", url, payload, remoteAddress: "10.8.0.1" });
      for (let i = 0; i < 2; i++) {
        expect((await call("/api/auth/magic-link/verify", { token: `guess-${i}` })).statusCode).toBe(400);
        expect((await call("/api/auth/check-tiktok-username", { username: `guess_${i}` })).statusCode).toBe(
          200,
        );
      }
      expect((await call("/api/auth/magic-link/verify", { token: "guess-3" })).json().code).toBe(
        "RATE_LIMITED",
      );
      expect((await call("/api/auth/check-tiktok-username", { username: "guess_3" })).json().code).toBe(
        "RATE_LIMITED",
      );
      const keys = (await tight.db.select().from(rateLimits)).map((row) => row.key);
      expect(keys).toEqual(
        expect.arrayContaining(["magic-link-verify:ip:10.8.0.1", "username-check:ip:10.8.0.1"]),
      );
    } finally {
      await tight.close();
    }
  });
});
