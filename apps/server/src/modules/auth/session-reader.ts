import fastifyCookie, { type SerializeOptions } from "@fastify/cookie";
import { and, eq, gt, sql } from "drizzle-orm";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "../../db/client";
import { authSessions, users } from "../../db/schema";
import { sessionUserColumns } from "./identity";
import type { SessionCache } from "./session-cache";

export interface SessionCookieSettings {
  name: string;
  attributes: SerializeOptions;
}

export interface SessionReaderOptions {
  db: Database;
  secret: string;
  cookie: SessionCookieSettings;
  lifetimeSeconds: number;
  refreshAgeSeconds: number;
  /** The absolute lifetime: past this age since sign-in a session ends, however active. */
  maxAgeSeconds: number;
  /** Sessions already read, kept while the database's change notifications are heard. */
  cache?: SessionCache<SessionRecord>;
}

export type SessionRecord = Awaited<ReturnType<ReturnType<typeof prepareSessionQuery>["execute"]>>[number];

/**
 * The session token behind a signed cookie value ("token.signature", as better-auth signs it with
 * HMAC-SHA256), or null when the signature does not match: checked in process, before any query.
 */
export function verifySignedToken(cookieValue: string, secret: string): string | null {
  const dot = cookieValue.lastIndexOf(".");
  if (dot < 1) return null;
  const token = cookieValue.slice(0, dot);
  const given = Buffer.from(cookieValue.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return token;
}

export function signToken(token: string, secret: string): string {
  return `${token}.${createHmac("sha256", secret).update(token).digest("base64")}`;
}

/**
 * The one statement a signed-in request costs (exported for the benchmarks' bare endpoints). A
 * table it comes to read must notify its changes as auth_sessions and users do (migration 0014),
 * or the session cache would keep serving what it read before (decision 020).
 */
export function prepareSessionQuery(db: Database) {
  return db
    .select({
      id: authSessions.id,
      token: authSessions.token,
      authUserId: authSessions.userId,
      createdAt: authSessions.createdAt,
      expiresAt: authSessions.expiresAt,
      passwordVerified: authSessions.passwordVerified,
      impersonatedBy: authSessions.impersonatedBy,
      user: sessionUserColumns,
    })
    .from(authSessions)
    .leftJoin(users, eq(users.authId, authSessions.userId))
    .where(and(eq(authSessions.token, sql.placeholder("token")), gt(authSessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare("vitrine_session_by_token");
}

/**
 * Reads the session behind a request's cookie in one indexed query, with better-auth's own rules:
 * a deleted session is gone (revocation), an expired one is ignored, and a session is extended
 * (sliding, with a new cookie) once `refreshAgeSeconds` have passed since it was last extended.
 * An impersonation session never slides: it ends at the time it was given (at most an hour).
 * Sliding never goes past `maxAgeSeconds` after the sign-in: then the session ends, kept in
 * memory or not, and the person signs in again.
 * With a cache, a cookie value already read (so already verified) costs no query while the cache
 * trusts it (session-cache.ts); expiry is still checked on each request.
 */
export function createSessionReader(options: SessionReaderOptions) {
  const { db, secret, cookie, lifetimeSeconds, refreshAgeSeconds, maxAgeSeconds, cache } = options;
  const sessionByToken = prepareSessionQuery(db);

  async function fromDatabase(cookieValue: string): Promise<SessionRecord | null> {
    const token = verifySignedToken(cookieValue, secret);
    if (!token) return null;
    const ticket = cache?.ticket() ?? 0;
    const [session] = await sessionByToken.execute({ token });
    if (!session) return null;
    // A session without its shop row yet is linked on first use (a write): read it again then.
    if (session.user) cache?.store(cookieValue, session, ticket);
    return session;
  }

  const EXPIRY_TOLERANCE_MS = 60_000;
  const endOf = (session: SessionRecord) => session.createdAt.getTime() + maxAgeSeconds * 1000;

  async function extend(session: SessionRecord): Promise<string[]> {
    const now = Date.now();
    const expiresAt = new Date(Math.min(now + lifetimeSeconds * 1000, endOf(session)));
    const [extended] = await db
      .update(authSessions)
      .set({ expiresAt, updatedAt: new Date() })
      .where(eq(authSessions.id, session.id))
      .returning({ id: authSessions.id });
    if (!extended) return [];
    const value = signToken(session.token, secret);
    const maxAge = Math.floor((expiresAt.getTime() - now) / 1000);
    return [fastifyCookie.serialize(cookie.name, value, { ...cookie.attributes, maxAge })];
  }

  return {
    cookieName: cookie.name,

    /** The live session of a cookie value, and the cookie to send back when it was extended. */
    async read(cookieValue: string | undefined) {
      if (!cookieValue) return null;
      const session = cache?.get(cookieValue) ?? (await fromDatabase(cookieValue));
      if (!session) return null;
      const now = Date.now();
      const end = endOf(session);
      if (end <= now) {
        cache?.forgetSession(session.id);
        return null;
      }
      const expiresAt = session.expiresAt.getTime();
      const lastExtendedAt = expiresAt - lifetimeSeconds * 1000;
      // Slides until its end, and one given a later expiry (before the limit existed) is brought
      // back to it. A session made now may expire a few milliseconds past its end (its expiry and
      // its creation are two clocks' readings): that is no reason to write it on its first use.
      const due =
        !session.impersonatedBy &&
        (expiresAt > end + EXPIRY_TOLERANCE_MS ||
          (expiresAt < end && lastExtendedAt + refreshAgeSeconds * 1000 <= now));
      if (!due) return { session, refreshedCookies: [] };
      cache?.forgetSession(session.id);
      return { session, refreshedCookies: await extend(session) };
    },

    /** A session this instance ended: never served from memory again. */
    forget(sessionId: string) {
      cache?.forgetSession(sessionId);
    },

    /**
     * Every session read again on its next request. Called after a signed-in person's write: the
     * change it made (a name, a sign-out, an impersonation's end) is told by the database to every
     * instance, but this instance's next request may come before that news does.
     */
    forgetAll() {
      cache?.clear();
    },
  };
}

export type SessionReader = ReturnType<typeof createSessionReader>;
