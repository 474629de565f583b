import {
  HANDLE_PLATFORMS,
  platformHandleMessages,
  platformHandleNameKey,
  type HandlePlatform,
  type PlatformHandle,
  type PlatformHandleInput,
} from "@vitrine/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Database, Queryable } from "../../db/client";
import { userPlatformHandles } from "../../db/schema";
import { DomainError } from "../../http/errors";

const byPlatformOrder = (a: { platform: HandlePlatform }, b: { platform: HandlePlatform }) =>
  HANDLE_PLATFORMS.indexOf(a.platform) - HANDLE_PLATFORMS.indexOf(b.platform);

async function accountsOf(db: Queryable, userId: string): Promise<PlatformHandle[]> {
  const rows = await db
    .select({
      platform: userPlatformHandles.platform,
      name: userPlatformHandles.name,
      viewerKey: userPlatformHandles.viewerKey,
    })
    .from(userPlatformHandles)
    .where(eq(userPlatformHandles.userId, userId));
  return rows
    .map((row) => ({ platform: row.platform, name: row.name, verified: row.viewerKey !== null }))
    .sort(byPlatformOrder);
}

/** The customer's accounts on the platforms beside TikTok ('Mes comptes de live'). */
export function createLiveAccountsService({ db }: { db: Database }) {
  return {
    list: (userId: string) => accountsOf(db, userId),

    /**
     * Adds the platform's account, or renames it: a new name forgets the key proven for the old
     * one (as a new TikTok handle forgets its proof), the same name in another case keeps it.
     */
    async save(userId: string, platform: HandlePlatform, input: PlatformHandleInput) {
      const nameKey = platformHandleNameKey(input.name);
      await db
        .insert(userPlatformHandles)
        .values({ userId, platform, name: input.name, nameKey })
        .onConflictDoUpdate({
          target: [userPlatformHandles.userId, userPlatformHandles.platform],
          set: {
            name: input.name,
            nameKey,
            viewerKey: sql`CASE WHEN ${userPlatformHandles.nameKey} = ${nameKey} THEN ${userPlatformHandles.viewerKey} END`,
            verifiedAt: sql`CASE WHEN ${userPlatformHandles.nameKey} = ${nameKey} THEN ${userPlatformHandles.verifiedAt} END`,
            linkedByUserId: sql`CASE WHEN ${userPlatformHandles.nameKey} = ${nameKey} THEN ${userPlatformHandles.linkedByUserId} END`,
          },
        });
      return accountsOf(db, userId);
    },

    async remove(userId: string, platform: HandlePlatform) {
      const deleted = await db
        .delete(userPlatformHandles)
        .where(and(eq(userPlatformHandles.userId, userId), eq(userPlatformHandles.platform, platform)))
        .returning({ id: userPlatformHandles.id });
      if (deleted.length === 0) throw new DomainError("NOT_FOUND", platformHandleMessages.notFound);
      return accountsOf(db, userId);
    },
  };
}

export type LiveAccountsService = ReturnType<typeof createLiveAccountsService>;
