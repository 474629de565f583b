import { adminUserMessages, type AdminUser, type AdminUserUpdate } from "@vitrine/domain";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database, Queryable } from "../../db/client";
import { pgErrorCode, UNIQUE_VIOLATION } from "../../db/pg-error";
import { authAccounts, users } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { recordAuditEvent } from "../audit-events";
import { lockClaim, tiktokUsernameTaken } from "../auth";
import { findAdminUser, listCustomers, listOrdersOfUser } from "./queries";

const notFound = () => new DomainError("NOT_FOUND", adminUserMessages.notFound);

function refused(field: keyof AdminUserUpdate, message: string): DomainError {
  return new DomainError("VALIDATION_FAILED", message, { [field]: message });
}

/** Whether this sign-in identity has a password: the only way into the back office (decision 003). */
async function hasPassword(db: Queryable, authId: string | null): Promise<boolean> {
  if (!authId) return false;
  const [credential] = await db
    .select({ id: authAccounts.id })
    .from(authAccounts)
    .where(
      and(
        eq(authAccounts.userId, authId),
        eq(authAccounts.providerId, "credential"),
        isNotNull(authAccounts.password),
      ),
    )
    .limit(1);
  return credential !== undefined;
}

export function createAdminUserService({ db }: { db: Database }) {
  return {
    listUsers: () => listCustomers(db),

    /**
     * The edit dialog: names, handle (unique whatever its case, as at sign-up), admin rights. Rights
     * go only to someone with a password, and never away from oneself; each change of rights is
     * written to the audit log in the same transaction.
     */
    async updateUser(id: string, update: AdminUserUpdate, actorUserId: string): Promise<AdminUser> {
      try {
        return await db.transaction(async (tx) => {
          // Same lock as a sign-up claiming this handle: one of the two wins, cleanly.
          if (update.tiktokUsername) await lockClaim(tx, `handle:${update.tiktokUsername}`);
          const [current] = await tx.select().from(users).where(eq(users.id, id)).for("update");
          if (!current) throw notFound();
          const rightsChange = current.isAdmin === update.isAdmin ? null : update.isAdmin;
          if (rightsChange === false && id === actorUserId) {
            throw refused("isAdmin", adminUserMessages.cannotRevokeOwnRights);
          }
          if (rightsChange === true && !(await hasPassword(tx, current.authId))) {
            throw refused("isAdmin", adminUserMessages.adminRightsNeedPassword);
          }
          const handleChanged = (current.tiktokUsername?.toLowerCase() ?? null) !== update.tiktokUsername;
          await tx
            .update(users)
            .set({
              firstName: update.firstName,
              lastName: update.lastName,
              // An unchanged handle keeps the case it was stored with.
              ...(handleChanged ? { tiktokUsername: update.tiktokUsername } : {}),
              isAdmin: update.isAdmin,
              updatedAt: sql`now()`,
            })
            .where(eq(users.id, id));
          if (rightsChange !== null) {
            await recordAuditEvent(tx, {
              actorUserId,
              subjectUserId: id,
              action: rightsChange ? "admin-rights-granted" : "admin-rights-revoked",
            });
          }
          const user = await findAdminUser(tx, id);
          if (!user) throw notFound();
          return user;
        });
      } catch (error) {
        if (pgErrorCode(error) === UNIQUE_VIOLATION) throw tiktokUsernameTaken();
        throw error;
      }
    },

    /** The orders dialog of one person (any person: the orders belong to the shop). */
    async listOrders(userId: string) {
      const person = await findAdminUser(db, userId);
      if (!person) throw notFound();
      return { user: { id: person.id, email: person.email }, orders: await listOrdersOfUser(db, userId) };
    },
  };
}

export type AdminUserService = ReturnType<typeof createAdminUserService>;
