import {
  authMessages,
  isRealEmail,
  normalizeEmail,
  tiktokUsernameMessages,
  type SessionUser,
} from "@vitrine/domain";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database, Queryable } from "../../db/client";
import { pendingSignups, users } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { pgErrorCode, UNIQUE_VIOLATION } from "../../db/pg-error";

type UserRow = typeof users.$inferSelect;

/** The columns a session needs from a shop row. */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  tiktokUsername: users.tiktokUsername,
  isAdmin: users.isAdmin,
};

export function toSessionUser(row: Pick<UserRow, keyof typeof sessionUserColumns>): SessionUser {
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

/** The handle is someone else's: the spec's 'already used' answer, on the handle field. */
export function tiktokUsernameTaken(): DomainError {
  return new DomainError("TIKTOK_USERNAME_TAKEN", tiktokUsernameMessages.taken, {
    tiktokUsername: tiktokUsernameMessages.taken,
  });
}

/**
 * Whether a sign-up with `email` may take the shop row that holds its handle: never once the row
 * has an account; when the row carries a real e-mail (a customer staff created), only that e-mail
 * may claim it, since handles are public in every live chat. A viewer created from a live handle
 * (no e-mail, or the placeholder) is claimed by whoever confirms first.
 */
export function mayClaimHandleRow(row: UserRow, email: string): boolean {
  if (row.authId) return false;
  return !isRealEmail(row.email) || normalizeEmail(row.email) === normalizeEmail(email);
}

/**
 * Serialises, inside a transaction, everything that claims this key (`email:<e-mail>` or
 * `handle:<lower-case handle>`). Take the e-mail's lock before the handle's, everywhere.
 */
export async function lockClaim(tx: Queryable, key: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${claimLockKey(key)}))`);
}

/** The text whose hash is the claim's advisory lock (the live sidebar's database function takes it too). */
export function claimLockKey(key: string): string {
  return `vitrine:claim:${key}`;
}

/**
 * Ties a confirmed sign-in identity to the shop's `users` row, exactly once:
 * the row already linked; else the handle of a pending sign-up, claiming a row created during a
 * live (same row, no duplicate); else a row known by the e-mail; else a new row.
 * Concurrent confirmations of one handle are serialised: the first wins, the others get the
 * handle-taken answer.
 */
export async function linkAuthIdentity(
  db: Database,
  identity: { authId: string; email: string },
): Promise<UserRow> {
  const email = normalizeEmail(identity.email);
  try {
    return await db.transaction(async (tx) => {
      const [pending] = await tx
        .select()
        .from(pendingSignups)
        .where(and(eq(pendingSignups.email, email), gt(pendingSignups.expiresAt, sql`now()`)));
      // Always e-mail first, then handle: one order everywhere, so two claims never deadlock.
      await lockClaim(tx, `email:${email}`);
      if (pending) await lockClaim(tx, `handle:${pending.tiktokUsername}`);

      const linked = await findUserByAuthId(tx, identity.authId);
      if (linked) return linked;
      const byEmail = await findUserByEmail(tx, email);
      const byHandle = pending ? await findUserByTiktokUsername(tx, pending.tiktokUsername) : undefined;
      if (byEmail?.authId) throw new DomainError("ACCOUNT_ALREADY_EXISTS", authMessages.accountAlreadyExists);
      if (byHandle && !mayClaimHandleRow(byHandle, email)) throw tiktokUsernameTaken();
      if (byHandle && byEmail && byEmail.id !== byHandle.id) {
        throw new DomainError("ACCOUNT_ALREADY_EXISTS", authMessages.accountAlreadyExists);
      }

      const now = new Date();
      let row: UserRow | undefined;
      if (byHandle) {
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
      if (!row) throw new DomainError("ACCOUNT_ALREADY_EXISTS", authMessages.accountAlreadyExists);
      if (pending) await tx.delete(pendingSignups).where(eq(pendingSignups.email, email));
      return row;
    });
  } catch (error) {
    // The locks make this unreachable in practice; a unique index stays the last word all the same.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw tiktokUsernameTaken();
    throw error;
  }
}
