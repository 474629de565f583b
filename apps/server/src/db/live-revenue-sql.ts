import { sql, type SQL } from "drizzle-orm";
import { paidOrderStatuses } from "./order-status-sql";

/**
 * Revenue as every screen counts it (decision 042): the price of the pieces on paid orders, lines
 * given back left out, shipping apart. A cancelled order is refunded whole and is no longer paid;
 * a refunded parcel fee is shipping, never revenue. `orders` narrows the orders (alias `o`).
 */
export function paidPiecesCents(orders: SQL): SQL {
  return sql`(SELECT coalesce(sum(i.price_cents * i.quantity), 0)
                FROM orders o JOIN order_items i ON i.order_id = o.id AND NOT i.is_released
               WHERE o.status = ANY (${paidOrderStatuses}) AND ${orders})`;
}
