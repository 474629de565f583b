import type { Shop } from "@vitrine/domain";

/** The shop's identity comes from its settings (SHOP_NAME, SHOP_CONTACT_EMAIL...), not the database. */
export function createShopService({ shop }: { shop: Shop }) {
  return {
    getShop: () => shop,
  };
}

export type ShopService = ReturnType<typeof createShopService>;
