import {
  authMessages,
  MAGIC_LINK_LIFETIME_SECONDS,
  tiktokUsernameMessages,
  type SessionUser,
} from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { authSessions, pendingSignups } from "../../db/schema";
import type { Viewer } from "../../http/access";
import { DomainError } from "../../http/errors";
import type { RateLimiter, RateLimitRule } from "../../http/rate-limiter";
import type { AuthLibrary } from "./auth-library";
import {
  findSessionHolder,
  findUserByAuthId,
  findUserByEmail,
  findUserByTiktokUsername,
  linkAuthIdentity,
  toSessionUser,
} from "./identity";

export interface AuthRateLimits {
  magicLinkPerEmail: RateLimitRule;
  magicLinkPerIp: RateLimitRule;
  verifyPerIp: RateLimitRule;
  adminSignInPerEmail: RateLimitRule;
  adminSignInPerIp: RateLimitRule;
  usernameCheckPerIp: RateLimitRule;
}

/**
 * After a live, hundreds of customers arrive from a few mobile-carrier addresses: per-IP limits
 * stay loose, per-e-mail limits are the strict ones.
 */
export const defaultAuthRateLimits: AuthRateLimits = {
  magicLinkPerEmail: { max: 3, windowSeconds: 10 * 60 },
  magicLinkPerIp: { max: 30, windowSeconds: 60 },
  verifyPerIp: { max: 30, windowSeconds: 60 },
  adminSignInPerEmail: { max: 5, windowSeconds: 15 * 60 },
  adminSignInPerIp: { max: 10, windowSeconds: 60 },
  usernameCheckPerIp: { max: 60, windowSeconds: 60 },
};

/** An administrator signs in again after this long, however active the session. */
export const ADMIN_SESSION_MAX_AGE_MS = 12 * 3600 * 1000;

export interface AuthServiceDeps {
  db: Database;
  auth: AuthLibrary;
  rateLimiter: RateLimiter;
  limits: AuthRateLimits;
}

export interface SignedIn {
  user: SessionUser;
  cookies: string[];
}

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie();
}

export function createAuthService({ db, auth, rateLimiter, limits }: AuthServiceDeps) {
  async function sendMagicLink(email: string, purpose: "signup" | "login", headers: Headers) {
    await auth.api.signInMagicLink({ body: { email, metadata: { purpose } }, headers });
  }

  async function revokeSession(sessionId: string) {
    await db.delete(authSessions).where(eq(authSessions.id, sessionId));
  }

  return {
    async isTiktokUsernameTaken(handle: string, ip: string): Promise<boolean> {
      await rateLimiter.consume(`username-check:ip:${ip}`, limits.usernameCheckPerIp);
      const row = await findUserByTiktokUsername(db, handle);
      return Boolean(row?.authId);
    },

    /** Records the sign-up as pending and mails a single-use confirmation link. */
    async requestSignup(input: { tiktokUsername: string; email: string }, ip: string, headers: Headers) {
      await rateLimiter.consume(`magic-link:ip:${ip}`, limits.magicLinkPerIp);
      await rateLimiter.consume(`magic-link:email:${input.email}`, limits.magicLinkPerEmail);
      const byEmail = await findUserByEmail(db, input.email);
      if (byEmail?.authId) throw new DomainError("ACCOUNT_ALREADY_EXISTS", authMessages.accountAlreadyExists);
      const byHandle = await findUserByTiktokUsername(db, input.tiktokUsername);
      if (byHandle?.authId) {
        throw new DomainError("TIKTOK_USERNAME_TAKEN", tiktokUsernameMessages.taken, {
          tiktokUsername: tiktokUsernameMessages.taken,
        });
      }
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
      await sendMagicLink(input.email, "signup", headers);
    },

    /** Mails a sign-in link to an existing customer; unknown e-mails get an error and no mail. */
    async requestLoginLink(email: string, ip: string, headers: Headers) {
      await rateLimiter.consume(`magic-link:ip:${ip}`, limits.magicLinkPerIp);
      await rateLimiter.consume(`magic-link:email:${email}`, limits.magicLinkPerEmail);
      const user = await findUserByEmail(db, email);
      if (!user) throw new DomainError("ACCOUNT_NOT_FOUND", authMessages.accountNotFound);
      await sendMagicLink(email, "login", headers);
    },

    /** Consumes a magic-link token (once) and opens a session for its owner. */
    async verifyMagicLink(token: string, ip: string, headers: Headers): Promise<SignedIn> {
      await rateLimiter.consume(`magic-link-verify:ip:${ip}`, limits.verifyPerIp);
      const response = await auth.api.magicLinkVerify({ query: { token }, headers, asResponse: true });
      if (response.status !== 200) {
        throw new DomainError("MAGIC_LINK_INVALID", authMessages.magicLinkInvalid);
      }
      const body = (await response.json()) as {
        user: { id: string; email: string };
        session: { id: string };
      };
      try {
        const row = await linkAuthIdentity(db, { authId: body.user.id, email: body.user.email });
        // A magic-link session never carries admin rights (see resolveViewer).
        return { user: { ...toSessionUser(row), isAdmin: false }, cookies: cookiesOf(response) };
      } catch (error) {
        await revokeSession(body.session.id);
        throw error;
      }
    },

    async adminSignIn(
      input: { email: string; password: string },
      ip: string,
      headers: Headers,
    ): Promise<SignedIn> {
      await rateLimiter.consume(`admin-sign-in:ip:${ip}`, limits.adminSignInPerIp);
      await rateLimiter.consume(`admin-sign-in:email:${input.email}`, limits.adminSignInPerEmail);
      const response = await auth.api.signInEmail({ body: input, headers, asResponse: true });
      if (response.status !== 200) {
        throw new DomainError("INVALID_CREDENTIALS", authMessages.invalidCredentials);
      }
      const body = (await response.json()) as { user: { id: string }; token: string };
      const row = await findUserByAuthId(db, body.user.id);
      if (!row?.isAdmin) {
        await db.delete(authSessions).where(eq(authSessions.token, body.token));
        throw new DomainError("NOT_ADMIN", authMessages.notAdmin);
      }
      await db.update(authSessions).set({ passwordVerified: true }).where(eq(authSessions.token, body.token));
      return { user: toSessionUser(row), cookies: cookiesOf(response) };
    },

    async signOut(headers: Headers): Promise<string[]> {
      const response = await auth.api.signOut({ headers, asResponse: true });
      return cookiesOf(response);
    },

    /** The signed-in person behind the request's cookie, or null. */
    async resolveViewer(headers: Headers): Promise<Viewer | null> {
      const { response: result, headers: responseHeaders } = await auth.api.getSession({
        headers,
        returnHeaders: true,
      });
      if (!result) return null;
      const holder = await findSessionHolder(db, result.session.id);
      const row =
        holder?.user ??
        (await linkAuthIdentity(db, { authId: result.user.id, email: result.user.email }).catch(
          () => undefined,
        ));
      if (!row) return null;
      // Admin rights need a session opened with the password: a magic link (a mailbox) is not enough.
      const actsAsAdmin = row.isAdmin && Boolean(holder?.passwordVerified);
      const sessionAge = Date.now() - new Date(result.session.createdAt).getTime();
      if (actsAsAdmin && sessionAge > ADMIN_SESSION_MAX_AGE_MS) {
        await revokeSession(result.session.id);
        return null;
      }
      return {
        user: { ...toSessionUser(row), isAdmin: actsAsAdmin },
        authUserId: result.user.id,
        sessionId: result.session.id,
        refreshedCookies: responseHeaders.getSetCookie(),
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
