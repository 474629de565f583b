import { parseMinimumOrder, type ShopSettings } from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { shopSettings } from "../../db/schema";
import { DomainError } from "../../http/errors";

/**
 * The shop's minimum order in cents, null for none, as the caller's transaction sees it: a
 * validation and a payment form read it beside the order they lock.
 */
export async function minimumOrderCentsOf(executor: Pick<Database, "select">): Promise<number | null> {
  const [row] = await executor
    .select({ minimumOrderCents: shopSettings.minimumOrderCents })
    .from(shopSettings)
    .where(eq(shopSettings.id, true));
  return row?.minimumOrderCents ?? null;
}

/** The rules of the shop staff change from the back office ('Réglages'), in shop_settings. */
export function createShopSettingsService({ db }: { db: Database }) {
  return {
    async getSettings(): Promise<ShopSettings> {
      return { minimumOrderCents: await minimumOrderCentsOf(db) };
    },

    /** The minimum as staff typed it ("25,00", empty for none), read as the form reads it. */
    async saveSettings(input: { minimumOrder: string }): Promise<ShopSettings> {
      const minimum = parseMinimumOrder(input.minimumOrder);
      if (!minimum.ok) throw new DomainError("VALIDATION_FAILED", minimum.message);
      await db
        .insert(shopSettings)
        .values({ id: true, minimumOrderCents: minimum.cents })
        .onConflictDoUpdate({
          target: shopSettings.id,
          set: { minimumOrderCents: minimum.cents, updatedAt: sql`now()` },
        });
      return { minimumOrderCents: minimum.cents };
    },
  };
}

export type ShopSettingsService = ReturnType<typeof createShopSettingsService>;
