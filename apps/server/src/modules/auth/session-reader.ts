import fastifyCookie, { type SerializeOptions } from "@fastify/cookie";
import { and, eq, gt, sql } from "drizzle-orm";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "../../db/client";
import { authSessions, users } from "../../db/schema";
import { sessionUserColumns } from "./identity";

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

/** The one statement a signed-in request costs (exported for the benchmarks' bare endpoints). */
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
 */
export function createSessionReader(options: SessionReaderOptions) {
  const { db, secret, cookie, lifetimeSeconds, refreshAgeSeconds } = options;
  const sessionByToken = prepareSessionQuery(db);

  async function extend(session: SessionRecord): Promise<string[]> {
    const expiresAt = new Date(Date.now() + lifetimeSeconds * 1000);
    const [extended] = await db
      .update(authSessions)
      .set({ expiresAt, updatedAt: new Date() })
      .where(eq(authSessions.id, session.id))
      .returning({ id: authSessions.id });
    if (!extended) return [];
    const value = signToken(session.token, secret);
    return [fastifyCookie.serialize(cookie.name, value, { ...cookie.attributes, maxAge: lifetimeSeconds })];
  }

  return {
    cookieName: cookie.name,

    /** The live session of a cookie value, and the cookie to send back when it was extended. */
    async read(cookieValue: string | undefined) {
      if (!cookieValue) return null;
      const token = verifySignedToken(cookieValue, secret);
      if (!token) return null;
      const [session] = await sessionByToken.execute({ token });
      if (!session) return null;
      const lastExtendedAt = session.expiresAt.getTime() - lifetimeSeconds * 1000;
      const due = !session.impersonatedBy && lastExtendedAt + refreshAgeSeconds * 1000 <= Date.now();
      return { session, refreshedCookies: due ? await extend(session) : [] };
    },
  };
}

export type SessionReader = ReturnType<typeof createSessionReader>;
