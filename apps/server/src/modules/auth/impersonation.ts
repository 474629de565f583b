import {
  adminUserMessages,
  impersonationMessages,
  impersonationRefusal,
  normalizeEmail,
} from "@vitrine/domain";
import fastifyCookie from "@fastify/cookie";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Database } from "../../db/client";
import { authSessions, authUsers, users } from "../../db/schema";
import type { SignedInWrite, Viewer } from "../../http/access";
import { DomainError } from "../../http/errors";
import { recordAuditEvent, recordImpersonatedWrite, recordImpersonationEnd } from "../audit-events";
import { adminSessionCookieSettings, type AuthLibrary } from "./auth-library";
import { lockClaim } from "./identity";
import { verifySignedToken } from "./session-reader";

export interface ImpersonationDeps {
  db: Database;
  auth: AuthLibrary;
}

/**
 * The sign-in identity of a customer staff created with an e-mail but who never signed in: made
 * now, as their first e-mailed link would make it (unverified until they open one). Serialised
 * with sign-ups by the e-mail's claim lock.
 */
async function identityOf(db: Database, userId: string, email: string): Promise<string> {
  return db.transaction(async (tx) => {
    await lockClaim(tx, `email:${normalizeEmail(email)}`);
    const [row] = await tx
      .select({ authId: users.authId })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!row) throw new DomainError("NOT_FOUND", adminUserMessages.notFound);
    if (row.authId) return row.authId;
    // An identity left by an unfinished sign-in with this e-mail, that no shop row holds, is reused.
    const [orphan] = await tx
      .select({ id: authUsers.id })
      .from(authUsers)
      .leftJoin(users, eq(users.authId, authUsers.id))
      .where(and(eq(authUsers.email, normalizeEmail(email)), isNull(users.id)));
    const authId = orphan?.id ?? randomUUID();
    if (!orphan) {
      await tx.insert(authUsers).values({ id: authId, email: normalizeEmail(email), role: "user" });
    }
    await tx
      .update(users)
      .set({ authId, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    return authId;
  });
}

/**
 * Staff acting as a customer, through better-auth's admin plugin: a separate session of at most an
 * hour marked `impersonatedBy`, the admin's own session kept aside in a signed cookie and given back
 * at the end. Such a session never carries admin rights (resolveViewer). Every start and end is
 * written to the audit log; expiries are written when the log is read (audit-events/record.ts).
 */
export function createImpersonation({ db, auth }: ImpersonationDeps) {
  return {
    /** Starts acting as `targetUserId`; returns the cookies that switch the browser to that session. */
    async start(admin: Viewer, targetUserId: string, headers: Headers): Promise<string[]> {
      const [target] = await db.select().from(users).where(eq(users.id, targetUserId));
      if (!target) throw new DomainError("NOT_FOUND", adminUserMessages.notFound);
      const refusal = impersonationRefusal(target);
      if (refusal) throw new DomainError("CONFLICT", refusal);
      const email = target.email ?? "";
      const identityCreated = !target.authId;
      const targetAuthId = target.authId ?? (await identityOf(db, target.id, email));

      // better-auth decides with its own role column; ours (is_admin, a password session) already
      // decided at the route's guard, so its roles are written from ours first.
      await db
        .update(authUsers)
        .set({ role: sql`CASE WHEN ${authUsers.id} = ${admin.authUserId} THEN 'admin' ELSE 'user' END` })
        .where(inArray(authUsers.id, [admin.authUserId, targetAuthId]));
      const response = await auth.api.impersonateUser({
        body: { userId: targetAuthId },
        headers,
        asResponse: true,
      });
      if (response.status !== 200) {
        throw new Error(`better-auth refused the impersonation: ${response.status} ${await response.text()}`);
      }
      const { session } = (await response.json()) as { session: { id: string; expiresAt: string } };
      try {
        await recordAuditEvent(db, {
          actorUserId: admin.user.id,
          subjectUserId: target.id,
          action: "impersonation-started",
          details: {
            sessionId: session.id,
            expiresAt: new Date(session.expiresAt).toISOString(),
            ...(identityCreated ? { identityCreated: true } : {}),
          },
        });
      } catch (error) {
        // Nobody acts as a customer without a trace.
        await db.delete(authSessions).where(eq(authSessions.id, session.id));
        throw error;
      }
      return response.headers.getSetCookie();
    },

    /**
     * Ends the impersonation and gives the browser the admin's session back. When that session is
     * gone (expired, revoked), the impersonation ends all the same and the browser is signed out.
     */
    async end(viewer: Viewer, headers: Headers): Promise<string[]> {
      const impersonation = viewer.impersonation;
      if (!impersonation) throw new DomainError("CONFLICT", impersonationMessages.notImpersonating);
      const stopped = await auth.api.stopImpersonating({ headers, asResponse: true });
      const cookies = stopped.ok
        ? stopped.headers.getSetCookie()
        : (await auth.api.signOut({ headers, asResponse: true })).headers.getSetCookie();
      await recordImpersonationEnd(db, {
        sessionId: viewer.sessionId,
        adminAuthUserId: impersonation.adminAuthUserId,
        subjectUserId: viewer.user.id,
        via: "admin",
      });
      return cookies;
    },

    /**
     * A sign-out from an impersonation session signs the browser out altogether: the admin's own
     * session, kept aside in the signed `admin_session` cookie, ends too (and the cookie with it),
     * so nobody left at that screen is one request away from the back office. The log says so.
     * Returns the cookies that clear it; none when this was no impersonation.
     */
    async endOnSignOut(
      viewer: Viewer | null,
      requestCookies: Record<string, string | undefined>,
    ): Promise<string[] | null> {
      if (!viewer?.impersonation) return null;
      const adminCookie = await adminSessionCookieSettings(auth);
      const signed = requestCookies[adminCookie.name];
      const secret = (await auth.$context).secret;
      const adminToken = signed ? verifySignedToken(signed, secret)?.split(":")[0] : undefined;
      if (adminToken) {
        // Only the session of the admin who started this impersonation, whatever the cookie says.
        await db
          .delete(authSessions)
          .where(
            and(
              eq(authSessions.token, adminToken),
              eq(authSessions.userId, viewer.impersonation.adminAuthUserId),
            ),
          );
      }
      await recordImpersonationEnd(db, {
        sessionId: viewer.sessionId,
        adminAuthUserId: viewer.impersonation.adminAuthUserId,
        subjectUserId: viewer.user.id,
        via: "sign-out",
      });
      return [fastifyCookie.serialize(adminCookie.name, "", { ...adminCookie.attributes, maxAge: 0 })];
    },

    /**
     * What staff changed while acting as a customer, under the admin's name. Sign-in routes are
     * left out: the start and end of an impersonation have their own lines.
     */
    async recordWrite(write: SignedInWrite): Promise<void> {
      const impersonation = write.viewer.impersonation;
      if (!impersonation || write.statusCode >= 400 || write.route.startsWith("/api/auth/")) return;
      await recordImpersonatedWrite(db, {
        sessionId: write.viewer.sessionId,
        adminAuthUserId: impersonation.adminAuthUserId,
        subjectUserId: write.viewer.user.id,
        request: `${write.method} ${write.route}`,
        statusCode: write.statusCode,
      });
    },
  };
}

export type Impersonation = ReturnType<typeof createImpersonation>;
