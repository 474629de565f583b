import {
  adminUserMessages,
  isRealEmail,
  type AdminUser,
  type AdminUserEmailChangeInput,
  type AdminUserUpdate,
} from "@vitrine/domain";
import type { FastifyBaseLogger } from "fastify";
import { and, eq, isNotNull, like, ne, sql } from "drizzle-orm";
import type { AppConfig } from "../../config";
import type { Database, Queryable } from "../../db/client";
import { pgErrorCode, UNIQUE_VIOLATION } from "../../db/pg-error";
import { authAccounts, authUsers, authVerifications, users } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { emailChangedMails } from "../../integrations/mail/account-mails";
import type { Mailer } from "../../integrations/mail/mailer";
import { errorText } from "../../lib/error-text";
import { recordAuditEvent } from "../audit-events";
import { lockClaim, tiktokUsernameTaken } from "../auth";
import { createStaffLiveAccounts } from "./live-accounts";
import { findAdminUser, listCustomers, listOrdersOfUser } from "./queries";

const notFound = () => new DomainError("NOT_FOUND", adminUserMessages.notFound);

function refused(field: keyof AdminUserUpdate, message: string): DomainError {
  return new DomainError("VALIDATION_FAILED", message, { [field]: message });
}

function refusedEmail(message: string): DomainError {
  return new DomainError("VALIDATION_FAILED", message, { email: message } satisfies Record<
    keyof AdminUserEmailChangeInput,
    string
  >);
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

const emailTaken = () =>
  new DomainError("CONFLICT", adminUserMessages.emailTaken, { email: adminUserMessages.emailTaken });

export function createAdminUserService({
  db,
  mailer,
  config,
  log,
}: {
  db: Database;
  mailer: Mailer;
  config: Pick<AppConfig, "appUrl" | "shop">;
  log: FastifyBaseLogger;
}) {
  return {
    listUsers: () => listCustomers(db),

    liveAccounts: createStaffLiveAccounts({ db }),

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

    /**
     * Staff give a customer another e-mail: the shop's row and the sign-in identity change together,
     * links mailed to the old address stop working, the audit log keeps both addresses. Once
     * committed, the customer is told at both (a change they did not ask for is caught at the old).
     */
    async changeEmail(id: string, input: { email: string }, actorUserId: string): Promise<AdminUser> {
      const email = input.email;
      try {
        const { user, previousEmail } = await db.transaction(async (tx) => {
          const [current] = await tx.select().from(users).where(eq(users.id, id)).for("update");
          if (!current) throw notFound();
          if (current.email?.toLowerCase() === email) {
            throw refusedEmail(adminUserMessages.emailUnchanged);
          }
          const [other] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, id)))
            .limit(1);
          if (other) throw emailTaken();
          await tx
            .update(users)
            .set({ email, updatedAt: sql`now()` })
            .where(eq(users.id, id));
          if (current.authId) {
            await tx
              .update(authUsers)
              .set({ email, updatedAt: new Date() })
              .where(eq(authUsers.id, current.authId));
          }
          if (current.email) {
            await tx
              .delete(authVerifications)
              .where(
                and(
                  like(authVerifications.identifier, "magic-link:%"),
                  sql`lower((${authVerifications.value})::jsonb ->> 'email') = ${current.email.toLowerCase()}`,
                ),
              );
          }
          await recordAuditEvent(tx, {
            actorUserId,
            subjectUserId: id,
            action: "user-email-changed",
            details: { previousEmail: current.email, newEmail: email },
          });
          const changed = await findAdminUser(tx, id);
          if (!changed) throw notFound();
          return { user: changed, previousEmail: isRealEmail(current.email) ? current.email : null };
        });
        const shop = { ...config.shop, appUrl: config.appUrl };
        // The change stands whatever the mail does: a mail lost is logged, never a change undone.
        for (const mail of emailChangedMails({ previousEmail, newEmail: email }, shop)) {
          await mailer.send(mail).catch((error: unknown) => {
            log.warn(`admin users: the e-mail change was not mailed to ${mail.to} (${errorText(error)})`);
          });
        }
        return user;
      } catch (error) {
        if (pgErrorCode(error) === UNIQUE_VIOLATION) throw emailTaken();
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
