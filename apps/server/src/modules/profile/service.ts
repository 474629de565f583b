import {
  formatHandleProofCode,
  HANDLE_PROOF_ALPHABET,
  HANDLE_PROOF_LENGTH,
  httpMessages,
  normalizeEmail,
  normalizeTiktokUsername,
  type CustomerProfile,
  type ProfileUpdate,
} from "@vitrine/domain";
import { and, eq, isNull, sql } from "drizzle-orm";
import { randomInt } from "node:crypto";
import type { Database, Queryable } from "../../db/client";
import { pgErrorCode, UNIQUE_VIOLATION } from "../../db/pg-error";
import { auditEvents, paymentReviews, userPlatformHandles, users } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { findUserByTiktokUsername, lockClaim, mayClaimHandleRow, tiktokUsernameTaken } from "../auth";
import { moveOrdersToUser } from "../orders";
import { createLiveAccountsService } from "./live-accounts";

type UserRow = typeof users.$inferSelect;

const signedOut = () => new DomainError("UNAUTHENTICATED", httpMessages.unauthenticated);

/** Tries at a new code when another account already has the one drawn (31^5: rare). */
const PROOF_CODE_ATTEMPTS = 5;

/** A fresh handle proof code: crypto random characters of the readable alphabet. */
export function drawHandleProofCode(): string {
  let characters = "";
  for (let i = 0; i < HANDLE_PROOF_LENGTH; i += 1) {
    characters += HANDLE_PROOF_ALPHABET[randomInt(HANDLE_PROOF_ALPHABET.length)];
  }
  return formatHandleProofCode(characters);
}

/**
 * The account's handle proof code, made at its first read and kept: a code another account holds
 * is drawn again; a code set meanwhile by a concurrent read is the one kept.
 */
async function proofCodeOf(db: Queryable, row: UserRow, draw = drawHandleProofCode): Promise<string> {
  if (row.handleProofCode) return row.handleProofCode;
  for (let attempt = 0; attempt < PROOF_CODE_ATTEMPTS; attempt += 1) {
    try {
      await db
        .update(users)
        .set({ handleProofCode: draw() })
        .where(and(eq(users.id, row.id), isNull(users.handleProofCode)));
    } catch (error) {
      if (pgErrorCode(error) === UNIQUE_VIOLATION) continue;
      throw error;
    }
    const [stored] = await db.select({ code: users.handleProofCode }).from(users).where(eq(users.id, row.id));
    if (!stored) throw signedOut();
    if (stored.code) return stored.code;
  }
  throw new Error("no free handle proof code after several draws");
}

/** The account's handle proof code, drawn now when it has none yet: a refusal names it. */
export async function handleProofCodeOf(db: Queryable, userId: string): Promise<string> {
  return proofCodeOf(db, await userRow(db, userId));
}

async function toProfile(db: Queryable, row: UserRow): Promise<CustomerProfile> {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email ?? "",
    tiktokUsername: row.tiktokUsername,
    handleProofCode: await proofCodeOf(db, row),
    handleVerified: row.tiktokUsername !== null && row.handleVerifiedAt !== null,
  };
}

async function userRow(db: Queryable, userId: string, { forUpdate = false } = {}): Promise<UserRow> {
  const query = db.select().from(users).where(eq(users.id, userId));
  const [row] = await (forUpdate ? query.for("update") : query);
  if (!row) throw signedOut();
  return row;
}

/**
 * The customer takes a live viewer's row (no sign-in account): its orders and history move to the
 * customer, the row goes, and the audit log keeps the merge. The caller holds the handle's lock.
 * Every foreign key to users is moved here, but those only accounts have (customer notices, push
 * subscriptions); profile.test.ts fails on one it does not list.
 */
async function claimViewerRow(tx: Queryable, viewer: UserRow, customer: UserRow) {
  const moved = await moveOrdersToUser(tx, viewer.id, customer.id);
  await tx
    .update(auditEvents)
    .set({ actorUserId: customer.id })
    .where(eq(auditEvents.actorUserId, viewer.id));
  await tx
    .update(auditEvents)
    .set({ subjectUserId: customer.id })
    .where(eq(auditEvents.subjectUserId, viewer.id));
  await tx
    .update(paymentReviews)
    .set({ resolvedByUserId: customer.id })
    .where(eq(paymentReviews.resolvedByUserId, viewer.id));
  // Accounts staff linked to the viewer go with them, but for a platform the customer already
  // named: that one stays the customer's (the viewer's goes with its row).
  await tx
    .update(userPlatformHandles)
    .set({ userId: customer.id })
    .where(
      and(
        eq(userPlatformHandles.userId, viewer.id),
        sql`${userPlatformHandles.platform} NOT IN (SELECT h.platform FROM ${userPlatformHandles} h WHERE h.user_id = ${customer.id})`,
      ),
    );
  const [deleted] = await tx
    .delete(users)
    .where(and(eq(users.id, viewer.id), isNull(users.authId)))
    .returning({ id: users.id });
  if (!deleted) throw tiktokUsernameTaken();
  await tx.insert(auditEvents).values({
    actorUserId: customer.id,
    subjectUserId: customer.id,
    action: "live-viewer-claimed",
    details: {
      tiktokUsername: viewer.tiktokUsername,
      claimedUserId: viewer.id,
      orderIds: moved.map((order) => order.id),
    },
  });
}

/**
 * Gives the customer a handle, once: same locks as the sign-up's claim (e-mail, then handle), so
 * a confirmation of that handle and this request never both win.
 */
async function setTiktokUsername(tx: Queryable, userId: string, email: string | null, handle: string) {
  if (email) await lockClaim(tx, `email:${normalizeEmail(email)}`);
  await lockClaim(tx, `handle:${handle}`);
  const customer = await userRow(tx, userId, { forUpdate: true });
  if (customer.tiktokUsername) return;
  const holder = await findUserByTiktokUsername(tx, handle);
  if (holder) {
    if (!mayClaimHandleRow(holder, customer.email ?? "")) throw tiktokUsernameTaken();
    await claimViewerRow(tx, holder, customer);
  }
  await tx
    .update(users)
    .set({
      tiktokUsername: handle,
      // The viewer's expired holds were on the orders the customer now has.
      unpaidHolds: sql`${users.unpaidHolds} + ${holder?.unpaidHolds ?? 0}`,
      displayName: customer.displayName ?? holder?.displayName ?? null,
      phoneNumber: customer.phoneNumber ?? holder?.phoneNumber ?? null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

export function createProfileService({ db }: { db: Database }) {
  return {
    liveAccounts: createLiveAccountsService({ db }),

    async getProfile(userId: string): Promise<CustomerProfile> {
      return toProfile(db, await userRow(db, userId));
    },

    /**
     * Names always (blank is none); the handle only while the account has none (spec: once set,
     * only names are updated), and a handle sent then is ignored.
     */
    async updateProfile(userId: string, update: ProfileUpdate): Promise<CustomerProfile> {
      let row: UserRow;
      try {
        row = await db.transaction(async (tx) => {
          const current = await userRow(tx, userId);
          const handle =
            !current.tiktokUsername && update.tiktokUsername
              ? normalizeTiktokUsername(update.tiktokUsername)
              : null;
          const namesChanged = current.firstName !== update.firstName || current.lastName !== update.lastName;
          if (!handle && !namesChanged) return current;

          if (handle) await setTiktokUsername(tx, userId, current.email, handle);
          if (namesChanged) {
            await tx
              .update(users)
              .set({ firstName: update.firstName, lastName: update.lastName, updatedAt: sql`now()` })
              .where(eq(users.id, userId));
          }
          return userRow(tx, userId);
        });
      } catch (error) {
        // The locks make this unreachable in practice; the unique index stays the last word.
        if (pgErrorCode(error) === UNIQUE_VIOLATION) throw tiktokUsernameTaken();
        throw error;
      }
      // After the commit: a code drawn twice must not abort the change.
      return toProfile(db, row);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
