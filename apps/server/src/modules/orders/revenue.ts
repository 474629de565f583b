import { sql, type SQL } from "drizzle-orm";
import { isPaidStatus, holdsItsPieces } from "./held";

/**
 * Revenue as every screen counts it (decision 042): the price of the pieces on paid orders, lines
 * given back left out, shipping apart. A cancelled order is refunded whole and is no longer paid;
 * a refunded parcel fee is shipping, never revenue. `orders` narrows the orders (alias `o`).
 */
export function paidPiecesCents(orders: SQL): SQL {
  return sql`(SELECT coalesce(sum(i.price_cents * i.quantity), 0)
                FROM orders o JOIN order_items i ON i.order_id = o.id AND NOT i.is_released
               WHERE ${isPaidStatus(sql`o.status`)} AND ${orders})`;
}

/**
 * A live's orders and pieces as its screens count them, one row per live of `lives` (a query of
 * live ids) that has an order: `orders` (not cancelled, with or without lines), `pieces_held` and
 * `revenue_held` (lines of unpaid orders), `pieces_sold` and `revenue_paid` (lines of paid ones,
 * the revenue of `paidPiecesCents`). The claims counters and the live's figures both read it, so
 * the two screens cannot tell one live's revenue two ways.
 */
export function liveOrderFigures(lives: SQL): SQL {
  return sql`SELECT o.live_id, count(DISTINCT o.id) AS orders,
                    count(i.id) FILTER (WHERE NOT o.paid) AS pieces_held,
                    coalesce(sum(i.quantity) FILTER (WHERE o.paid), 0) AS pieces_sold,
                    coalesce(sum(i.price_cents * i.quantity) FILTER (WHERE NOT o.paid), 0) AS revenue_held,
                    coalesce(sum(i.price_cents * i.quantity) FILTER (WHERE o.paid), 0) AS revenue_paid
               FROM (SELECT o.id, o.live_id, ${isPaidStatus(sql`o.status`)} AS paid FROM orders o
                      WHERE o.live_id IN (${lives}) AND ${holdsItsPieces(sql`o.status`)}) o
               LEFT JOIN order_items i ON i.order_id = o.id AND NOT i.is_released
              GROUP BY o.live_id`;
}
