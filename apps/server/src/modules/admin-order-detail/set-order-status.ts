import { adminOrderMessages, type OrderStatus } from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { pgErrorCode, pgErrorConstraint, UNIQUE_VIOLATION } from "../../db/pg-error";
import { orders } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { isRowId } from "./order-id";

/** The partial unique index that sells each product once (decision 002). */
export const SOLD_ONCE_INDEX = "order_items_product_sold_once";

/** Whether a write failed on the sold-once index: another order holds the piece at that moment. */
export function breaksSoldOnce(error: unknown): boolean {
  return pgErrorCode(error) === UNIQUE_VIOLATION && pgErrorConstraint(error) === SOLD_ONCE_INDEX;
}

export const orderNotFound = () => new DomainError("NOT_FOUND", adminOrderMessages.notFound);

/**
 * Sets an order's status as staff do: any status, from any status (spec section 4). One UPDATE:
 * the triggers of migration 0001 release the order's pieces when it is cancelled and take them
 * back when it is not any more; a piece sold again meanwhile makes the sold-once index refuse it,
 * and the order keeps its status (409 with the reason).
 *
 * Throws `DomainError` NOT_FOUND ('Commande introuvable') or CONFLICT. Shared with the bulk status
 * change: call it once per order with the pool-backed `db` (not one transaction for all), so that
 * a refused order leaves the others done and itself unchanged.
 */
export async function setOrderStatus(db: Queryable, orderId: string, status: OrderStatus): Promise<void> {
  if (!isRowId(orderId)) throw orderNotFound();
  const updated = await db
    .update(orders)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
    .returning({ id: orders.id })
    .catch((error: unknown) => {
      throw breaksSoldOnce(error)
        ? new DomainError("CONFLICT", adminOrderMessages.productsSoldElsewhere)
        : error;
    });
  if (updated.length === 0) throw orderNotFound();
}
