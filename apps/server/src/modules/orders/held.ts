import { PRODUCT_SUGGESTIONS_LIMIT, type ProductSuggestion } from "@vitrine/domain";
import { and, asc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client";
import { cancelledOrderStatuses, paidOrderStatuses } from "../../db/order-status-sql";
import { heldPieces, productColors, products } from "../../db/schema";

/*
 * "This piece is already held by an order" is one rule: the view held_pieces (migration
 * order_core), the lines not given back by a cancelled order. The add-item SQL function reads it
 * too; every query here asks it through `isHeld`.
 */

/**
 * Whether an order of this status holds its pieces: any status but a cancelled one, whose lines
 * went back on sale. `status` is the enclosing query's order status (a column or `o.status`).
 */
export function holdsItsPieces(status: SQLWrapper): SQL<boolean> {
  return sql<boolean>`NOT (${status} = ANY (${cancelledOrderStatuses}))`;
}

/** Whether an order of this status is paid (PAID_ORDER_STATUSES): what revenue counts. */
export function isPaidStatus(status: SQLWrapper): SQL<boolean> {
  return sql<boolean>`${status} = ANY (${paidOrderStatuses})`;
}

/** Whether an order holds the product whose id is `productId` (a column of the enclosing query). */
export function isHeld(productId: AnyPgColumn): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${heldPieces} WHERE ${heldPieces.productId} = ${productId})`;
}

/** Whether this live's product with exactly this reference is held by an order (sold). */
export async function isRefSold(db: Queryable, liveId: string, refDigits: string): Promise<boolean> {
  const ref = Number(refDigits);
  if (!Number.isSafeInteger(ref) || ref <= 0) return false;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.liveId, liveId), eq(products.ref, ref), isHeld(products.id)));
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
        sql`NOT ${isHeld(products.id)}`,
      ),
    )
    .orderBy(asc(products.ref))
    .limit(PRODUCT_SUGGESTIONS_LIMIT);
  return rows.map(({ colorName, colorHexCode, ...product }) => ({
    ...product,
    color: colorName && colorHexCode ? { name: colorName, hexCode: colorHexCode } : null,
  }));
}
