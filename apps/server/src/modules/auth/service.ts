import {
  authMessages,
  MAGIC_LINK_LIFETIME_SECONDS,
  normalizeEmail,
  safeReturnPath,
  type SessionUser,
} from "@vitrine/domain";
import { and, eq, like, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { authSessions, authUsers, authVerifications, pendingSignups, users } from "../../db/schema";
import type { Viewer } from "../../http/access";
import { DomainError } from "../../http/errors";
import type { RateLimiter, RateLimitRule } from "../../http/rate-limiter";
import { adminDeviceCookie, isTrustedAdminDevice } from "./admin-device";
import type { AuthLibrary } from "./auth-library";
import { createImpersonation } from "./impersonation";
import {
  findUserByAuthId,
  findUserByEmail,
  findUserByTiktokUsername,
  linkAuthIdentity,
  mayClaimHandleRow,
  tiktokUsernameTaken,
  toSessionUser,
} from "./identity";
import type { AuthRateLimits } from "../../rate-limits";
import type { SessionReader } from "./session-reader";

/** An administrator signs in again after this long, however active the session. */
export const ADMIN_SESSION_MAX_AGE_MS = 12 * 3600 * 1000;

export interface AuthServiceDeps {
  db: Database;
  auth: AuthLibrary;
  sessions: SessionReader;
  rateLimiter: RateLimiter;
  limits: AuthRateLimits;
  secret: string;
  useSecureCookies: boolean;
  /** Stops listening for session changes (the app closes). */
  closeSessionMemory: () => Promise<void>;
}

export interface SignedIn {
  user: SessionUser;
  cookies: string[];
}

/** Who is asking: the client address Fastify trusts, and the request's headers for better-auth. */
export interface Caller {
  ip: string;
  headers: Headers;
}

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie();
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, auth, sessions, rateLimiter, limits } = deps;

  async function consumeMailQuota(email: string, ip: string) {
    await rateLimiter.consume(`magic-link:email-ip:${email}:${ip}`, limits.magicLinkPerEmailAndIp);
    await rateLimiter.consume(`magic-link:email:${email}`, limits.magicLinkPerEmail);
  }

  /** Mails a new single-use link; the earlier links of that e-mail stop working. */
  async function sendMagicLink(
    email: string,
    purpose: "signup" | "login",
    headers: Headers,
    returnPath: string | null = null,
  ) {
    await db
      .delete(authVerifications)
      .where(
        and(
          like(authVerifications.identifier, "magic-link:%"),
          sql`(${authVerifications.value})::jsonb ->> 'email' = ${email}`,
        ),
      );
    await auth.api.signInMagicLink({ body: { email, metadata: { purpose, returnPath } }, headers });
  }

  /** A sign-in completed (an impersonation is not one): the users list shows when. */
  async function recordSignIn(userId: string) {
    await db
      .update(users)
      .set({ lastSignInAt: sql`now()` })
      .where(eq(users.id, userId));
  }

  async function revokeSession(sessionId: string) {
    await db.delete(authSessions).where(eq(authSessions.id, sessionId));
    sessions.forget(sessionId);
  }

  /**
   * A link whose sign-in cannot complete leaves nothing behind: its session, its pending sign-up,
   * and the sign-in identity better-auth created for it when no shop row holds that identity.
   */
  async function discardFailedSignIn(authUserId: string, sessionId: string, email: string) {
    await db.transaction(async (tx) => {
      await tx.delete(authSessions).where(eq(authSessions.id, sessionId));
      await tx.delete(pendingSignups).where(eq(pendingSignups.email, normalizeEmail(email)));
      await tx
        .delete(authUsers)
        .where(
          and(
            eq(authUsers.id, authUserId),
            sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.authId} = ${authUsers.id})`,
          ),
        );
    });
  }

  /** A session whose identity has no shop row yet (rare: the link step failed earlier). */
  async function linkOnFirstUse(authUserId: string) {
    const [identity] = await db.select().from(authUsers).where(eq(authUsers.id, authUserId));
    if (!identity) return undefined;
    return linkAuthIdentity(db, { authId: identity.id, email: identity.email }).catch(() => undefined);
  }

  return {
    sessionCookieName: sessions.cookieName,
    /** After a signed-in person's write: their next request reads their session again. */
    forgetSessionsInMemory: () => sessions.forgetAll(),
    close: deps.closeSessionMemory,
    impersonation: createImpersonation({ db, auth }),

    async isTiktokUsernameTaken(handle: string, ip: string): Promise<boolean> {
      await rateLimiter.consume(`username-check:ip:${ip}`, limits.usernameCheckPerIp);
      const row = await findUserByTiktokUsername(db, handle);
      return Boolean(row?.authId);
    },

    /** Records the sign-up as pending and mails a single-use confirmation link. */
    async requestSignup(input: { tiktokUsername: string; email: string }, caller: Caller) {
      await rateLimiter.consume(`signup:ip:${caller.ip}`, limits.signupPerIp);
      await consumeMailQuota(input.email, caller.ip);
      const byEmail = await findUserByEmail(db, input.email);
      if (byEmail?.authId) throw new DomainError("ACCOUNT_ALREADY_EXISTS", authMessages.accountAlreadyExists);
      const byHandle = await findUserByTiktokUsername(db, input.tiktokUsername);
      if (byHandle && !mayClaimHandleRow(byHandle, input.email)) throw tiktokUsernameTaken();
      const emailKnownUnderAnotherHandle =
        byEmail?.tiktokUsername && byEmail.tiktokUsername.toLowerCase() !== input.tiktokUsername;
      if (emailKnownUnderAnotherHandle || (byEmail && byHandle && byEmail.id !== byHandle.id)) {
        throw new DomainError("ACCOUNT_ALREADY_EXISTS", authMessages.accountAlreadyExists);
      }
      const expiresAt = new Date(Date.now() + MAGIC_LINK_LIFETIME_SECONDS * 1000);
      await db
        .insert(pendingSignups)
        .values({ email: input.email, tiktokUsername: input.tiktokUsername, expiresAt })
        .onConflictDoUpdate({
          target: pendingSignups.email,
          set: { tiktokUsername: input.tiktokUsername, expiresAt, createdAt: sql`now()` },
        });
      await sendMagicLink(input.email, "signup", caller.headers);
    },

    /**
     * Mails a sign-in link to an existing customer; unknown e-mails get an error and no mail. The
     * link returns to `next` once signed in when it is a page of the customer's area, else home.
     */
    async requestLoginLink(email: string, caller: Caller, next?: string) {
      await rateLimiter.consume(`login-link:ip:${caller.ip}`, limits.loginLinkPerIp);
      await consumeMailQuota(email, caller.ip);
      const user = await findUserByEmail(db, email);
      if (!user) throw new DomainError("ACCOUNT_NOT_FOUND", authMessages.accountNotFound);
      await sendMagicLink(email, "login", caller.headers, safeReturnPath(next));
    },

    /** Consumes a magic-link token (once) and opens a session for its owner. */
    async verifyMagicLink(token: string, caller: Caller): Promise<SignedIn> {
      await rateLimiter.consume(`magic-link-verify:ip:${caller.ip}`, limits.verifyPerIp);
      const response = await auth.api.magicLinkVerify({
        query: { token },
        headers: caller.headers,
        asResponse: true,
      });
      if (response.status !== 200) {
        throw new DomainError("MAGIC_LINK_INVALID", authMessages.magicLinkInvalid);
      }
      const body = (await response.json()) as {
        user: { id: string; email: string };
        session: { id: string };
      };
      try {
        const row = await linkAuthIdentity(db, { authId: body.user.id, email: body.user.email });
        await recordSignIn(row.id);
        // A magic-link session never carries admin rights (see resolveViewer).
        return { user: { ...toSessionUser(row), isAdmin: false }, cookies: cookiesOf(response) };
      } catch (error) {
        await discardFailedSignIn(body.user.id, body.session.id, body.user.email);
        throw error;
      }
    },

    async adminSignIn(
      input: { email: string; password: string },
      caller: Caller & { deviceCookie: string | undefined },
    ): Promise<SignedIn> {
      await rateLimiter.consume(`admin-sign-in:ip:${caller.ip}`, limits.adminSignInPerIp);
      // Counted before the attempt (so parallel guesses are counted too), given back on success.
      const failureCounters: [string, RateLimitRule][] = [
        [`admin-failures:email-ip:${input.email}:${caller.ip}`, limits.adminFailuresPerAccountAndIp],
      ];
      if (!isTrustedAdminDevice(caller.deviceCookie, input.email, deps.secret)) {
        failureCounters.push([`admin-failures:email:${input.email}`, limits.adminFailuresPerAccount]);
      }
      for (const [key, rule] of failureCounters) await rateLimiter.consume(key, rule);
      const response = await auth.api.signInEmail({ body: input, headers: caller.headers, asResponse: true });
      if (response.status !== 200) {
        throw new DomainError("INVALID_CREDENTIALS", authMessages.invalidCredentials);
      }
      await Promise.all(failureCounters.map(([key]) => rateLimiter.refund(key)));
      const body = (await response.json()) as { user: { id: string }; token: string };
      const row = await findUserByAuthId(db, body.user.id);
      if (!row?.isAdmin) {
        await db.delete(authSessions).where(eq(authSessions.token, body.token));
        throw new DomainError("NOT_ADMIN", authMessages.notAdmin);
      }
      await db.update(authSessions).set({ passwordVerified: true }).where(eq(authSessions.token, body.token));
      await recordSignIn(row.id);
      return {
        user: toSessionUser(row),
        cookies: [...cookiesOf(response), adminDeviceCookie(input.email, deps.secret, deps.useSecureCookies)],
      };
    },

    async signOut(headers: Headers): Promise<string[]> {
      const response = await auth.api.signOut({ headers, asResponse: true });
      return cookiesOf(response);
    },

    /** The signed-in person behind a session cookie, or null: one query (see session-reader.ts). */
    async resolveViewer(cookieValue: string | undefined): Promise<Viewer | null> {
      const found = await sessions.read(cookieValue);
      if (!found) return null;
      const { session, refreshedCookies } = found;
      const row = session.user ?? (await linkOnFirstUse(session.authUserId));
      if (!row) return null;
      // Admin rights need a session opened with the password: a magic link (a mailbox) is not enough;
      // and staff acting as someone never hold admin rights through them, whoever that person is.
      const actsAsAdmin = row.isAdmin && session.passwordVerified && !session.impersonatedBy;
      const sessionAge = Date.now() - session.createdAt.getTime();
      if (actsAsAdmin && sessionAge > ADMIN_SESSION_MAX_AGE_MS) {
        await revokeSession(session.id);
        return null;
      }
      return {
        user: { ...toSessionUser(row), isAdmin: actsAsAdmin },
        authUserId: session.authUserId,
        sessionId: session.id,
        impersonation: session.impersonatedBy
          ? { adminAuthUserId: session.impersonatedBy, expiresAt: session.expiresAt }
          : null,
        refreshedCookies,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
