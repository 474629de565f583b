import { PRODUCT_SUGGESTIONS_LIMIT, type ProductSuggestion } from "@vitrine/domain";
import { and, asc, eq, not, sql } from "drizzle-orm";
import type { Queryable } from "./client";
import { orderItems, productColors, products } from "./schema";

/** A line that holds its piece: not given back by a cancelled order. */
export function holdsPiece() {
  return not(orderItems.isReleased);
}

/** A line holds this product: it is sold. */
function heldBySomeOrder(db: Queryable) {
  return db
    .select({ one: sql`1` })
    .from(orderItems)
    .where(and(eq(orderItems.productId, products.id), holdsPiece()));
}

/** Whether this live's product with exactly this reference is held by an order (sold). */
export async function isRefSold(db: Queryable, liveId: string, refDigits: string): Promise<boolean> {
  const ref = Number(refDigits);
  if (!Number.isSafeInteger(ref) || ref <= 0) return false;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.liveId, liveId), eq(products.ref, ref), sql`EXISTS (${heldBySomeOrder(db)})`));
  return row !== undefined;
}

/**
 * Products of a live that no order holds (a line of a cancelled order gave its piece back), whose
 * reference starts with these digits: the lowest references first. The order page's reference
 * search and the live sidebar's both read it.
 */
export async function availableProductsByRef(
  db: Queryable,
  liveId: string,
  refDigits: string,
): Promise<ProductSuggestion[]> {
  const sold = heldBySomeOrder(db);
  const rows = await db
    .select({
      id: products.id,
      ref: products.ref,
      name: products.name,
      priceCents: products.priceCents,
      size: products.size,
      colorName: productColors.name,
      colorHexCode: productColors.hexCode,
    })
    .from(products)
    .leftJoin(productColors, eq(productColors.id, products.colorId))
    .where(
      and(
        eq(products.liveId, liveId),
        sql`${products.ref}::text LIKE ${`${refDigits}%`}`,
        sql`NOT EXISTS (${sold})`,
      ),
    )
    .orderBy(asc(products.ref))
    .limit(PRODUCT_SUGGESTIONS_LIMIT);
  return rows.map(({ colorName, colorHexCode, ...product }) => ({
    ...product,
    color: colorName && colorHexCode ? { name: colorName, hexCode: colorHexCode } : null,
  }));
}
