import {
  adminUserMessages,
  HANDLE_PLATFORMS,
  platformHandleMessages,
  platformHandleNameKey,
  staffViewerKey,
  type HandlePlatform,
  type StaffLiveAccount,
  type StaffLiveAccountLink,
} from "@vitrine/domain";
import { and, eq } from "drizzle-orm";
import type { Database, Queryable } from "../../db/client";
import { pgErrorCode, UNIQUE_VIOLATION } from "../../db/pg-error";
import { userPlatformHandles, users } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { recordAuditEvent } from "../audit-events";
import { lockClaim } from "../auth";

const notFound = () => new DomainError("NOT_FOUND", adminUserMessages.notFound);
const viewerTaken = () =>
  new DomainError("CONFLICT", platformHandleMessages.viewerTaken, {
    viewer: platformHandleMessages.viewerTaken,
  });

async function staffAccountsOf(db: Queryable, userId: string): Promise<StaffLiveAccount[]> {
  const rows = await db.select().from(userPlatformHandles).where(eq(userPlatformHandles.userId, userId));
  return rows
    .map((row) => ({
      platform: row.platform,
      name: row.name,
      viewerKey: row.viewerKey,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      linkedByStaff: row.linkedByUserId !== null,
    }))
    .sort((a, b) => HANDLE_PLATFORMS.indexOf(a.platform) - HANDLE_PLATFORMS.indexOf(b.platform));
}

async function lockUser(tx: Queryable, userId: string) {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  if (!user) throw notFound();
}

/**
 * Staff link a viewer of a live to a customer by hand ('Lier un compte de live'): as if the
 * customer had proven it, audited. A key another account holds is never taken from it.
 */
export function createStaffLiveAccounts({ db }: { db: Database }) {
  return {
    async list(userId: string) {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) throw notFound();
      return staffAccountsOf(db, userId);
    },

    async link(userId: string, link: StaffLiveAccountLink, actorUserId: string) {
      const { platform } = link;
      // The schema refused a viewer that makes no key of the platform.
      const key = staffViewerKey(platform, link.viewer) ?? "";
      try {
        return await db.transaction(async (tx) => {
          // The lock a claim's give takes to reach this viewer's order: a give waits for the link.
          await lockClaim(tx, `handle:${key}`);
          await lockUser(tx, userId);
          const [holder] = await tx
            .select({ userId: userPlatformHandles.userId })
            .from(userPlatformHandles)
            .where(eq(userPlatformHandles.viewerKey, key));
          if (holder && holder.userId !== userId) throw viewerTaken();
          if (holder) return staffAccountsOf(tx, userId);
          const [current] = await tx
            .select()
            .from(userPlatformHandles)
            .where(and(eq(userPlatformHandles.userId, userId), eq(userPlatformHandles.platform, platform)));
          if (current?.viewerKey) {
            const message = platformHandleMessages.alreadyLinked(platform);
            throw new DomainError("CONFLICT", message, { viewer: message });
          }
          const proven = { viewerKey: key, verifiedAt: new Date(), linkedByUserId: actorUserId };
          if (current) {
            await tx.update(userPlatformHandles).set(proven).where(eq(userPlatformHandles.id, current.id));
          } else {
            // Named after the author id: the customer may give the name they show there.
            const name = key.slice(platform.length + 1);
            await tx
              .insert(userPlatformHandles)
              .values({ userId, platform, name, nameKey: platformHandleNameKey(name), ...proven });
          }
          await recordAuditEvent(tx, {
            actorUserId,
            subjectUserId: userId,
            action: "live-account-linked",
            details: { platform, viewerKey: key },
          });
          return staffAccountsOf(tx, userId);
        });
      } catch (error) {
        if (pgErrorCode(error) === UNIQUE_VIOLATION) throw viewerTaken();
        throw error;
      }
    },

    async unlink(userId: string, platform: HandlePlatform, actorUserId: string) {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [deleted] = await tx
          .delete(userPlatformHandles)
          .where(and(eq(userPlatformHandles.userId, userId), eq(userPlatformHandles.platform, platform)))
          .returning({ viewerKey: userPlatformHandles.viewerKey, name: userPlatformHandles.name });
        if (!deleted) throw new DomainError("NOT_FOUND", platformHandleMessages.notFound);
        await recordAuditEvent(tx, {
          actorUserId,
          subjectUserId: userId,
          action: "live-account-unlinked",
          details: { platform, viewerKey: deleted.viewerKey, name: deleted.name },
        });
        return staffAccountsOf(tx, userId);
      });
    },
  };
}
