import { authMessages, normalizeEmail, type SessionUser } from "@vitrine/domain";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database, Queryable } from "../../db/client";
import { authSessions, pendingSignups, users } from "../../db/schema";
import { DomainError } from "../../http/errors";

type UserRow = typeof users.$inferSelect;

export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    email: row.email ?? "",
    firstName: row.firstName,
    lastName: row.lastName,
    tiktokUsername: row.tiktokUsername,
    isAdmin: row.isAdmin,
  };
}

export async function findUserByEmail(db: Queryable, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return row;
}

export async function findUserByTiktokUsername(db: Queryable, handle: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.tiktokUsername}) = ${handle.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserByAuthId(db: Queryable, authId: string) {
  const [row] = await db.select().from(users).where(eq(users.authId, authId)).limit(1);
  return row;
}

/** The shop user behind a session (absent until linked), and whether the session was opened with the password. */
export async function findSessionHolder(db: Queryable, sessionId: string) {
  const [row] = await db
    .select({ user: users, passwordVerified: authSessions.passwordVerified })
    .from(authSessions)
    .leftJoin(users, eq(users.authId, authSessions.userId))
    .where(eq(authSessions.id, sessionId))
    .limit(1);
  return row;
}

/**
 * Ties a confirmed sign-in identity to the shop's `users` row, exactly once:
 * the row already linked; else the handle of a pending sign-up, claiming a row created during a
 * live (same row, no duplicate); else a row known by the e-mail; else a new row.
 */
export async function linkAuthIdentity(
  db: Database,
  identity: { authId: string; email: string },
): Promise<UserRow> {
  const email = normalizeEmail(identity.email);
  return db.transaction(async (tx) => {
    const linked = await findUserByAuthId(tx, identity.authId);
    if (linked) return linked;

    const [pending] = await tx
      .select()
      .from(pendingSignups)
      .where(and(eq(pendingSignups.email, email), gt(pendingSignups.expiresAt, sql`now()`)))
      .for("update");
    const byEmail = await findUserByEmail(tx, email);
    const byHandle = pending ? await findUserByTiktokUsername(tx, pending.tiktokUsername) : undefined;
    if (byHandle?.authId || (byEmail?.authId && byEmail.authId !== identity.authId)) {
      throw new DomainError("CONFLICT", authMessages.accountAlreadyExists);
    }

    const now = new Date();
    let row: UserRow | undefined;
    if (byHandle) {
      if (byEmail && byEmail.id !== byHandle.id) {
        throw new DomainError("CONFLICT", authMessages.accountAlreadyExists);
      }
      [row] = await tx
        .update(users)
        .set({ authId: identity.authId, email, updatedAt: now })
        .where(and(eq(users.id, byHandle.id), isNull(users.authId)))
        .returning();
    } else if (byEmail) {
      [row] = await tx
        .update(users)
        .set({
          authId: identity.authId,
          tiktokUsername: byEmail.tiktokUsername ?? pending?.tiktokUsername ?? null,
          updatedAt: now,
        })
        .where(and(eq(users.id, byEmail.id), isNull(users.authId)))
        .returning();
    } else {
      [row] = await tx
        .insert(users)
        .values({ authId: identity.authId, email, tiktokUsername: pending?.tiktokUsername ?? null })
        .returning();
    }
    if (!row) throw new DomainError("CONFLICT", authMessages.accountAlreadyExists);
    if (pending) await tx.delete(pendingSignups).where(eq(pendingSignups.email, email));
    return row;
  });
}
