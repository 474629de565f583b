import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client";
import { orderItems, products } from "../../db/schema";

/** One line of an order as every screen shows it: the product's name and reference, the colour sold. */
export interface OrderLine {
  id: string;
  productId: string;
  name: string;
  ref: string;
  quantity: number;
  priceCents: number;
  color: { name: string; hexCode: string } | null;
}

/**
 * The lines of these orders in one query, by order: in the order they were added, or by product
 * reference (the order a preparer picks them from the rails).
 */
export async function orderLinesByOrder(
  db: Queryable,
  orderIds: readonly string[],
  sort: "added" | "reference" = "added",
): Promise<Map<string, OrderLine[]>> {
  const byOrder = new Map<string, OrderLine[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      name: products.name,
      ref: products.ref,
      quantity: orderItems.quantity,
      priceCents: orderItems.priceCents,
      color: orderItems.color,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(
      ...(sort === "added"
        ? [asc(orderItems.createdAt), asc(products.ref)]
        : [asc(products.ref), asc(orderItems.createdAt)]),
    );
  for (const { orderId, ref, color, ...line } of rows) {
    byOrder.get(orderId)?.push({
      ...line,
      ref: String(ref),
      color: color ? { name: color.name, hexCode: color.hex_code } : null,
    });
  }
  return byOrder;
}

/** The lines of one order, in the order they were added. */
export async function orderLinesOf(db: Queryable, orderId: string): Promise<OrderLine[]> {
  return (await orderLinesByOrder(db, [orderId])).get(orderId) ?? [];
}

/**
 * The lines of the order `orderId` names (a column of the enclosing query), as `orderLinesByOrder`
 * gives them, in one JSON array: for a query that reads orders with their lines in one round trip.
 */
export function orderLinesJson(orderId: AnyPgColumn): SQL<OrderLine[]> {
  return sql<OrderLine[]>`coalesce((
    SELECT json_agg(json_build_object(
        'id', ${orderItems.id}, 'productId', ${orderItems.productId}, 'name', ${products.name},
        'ref', ${products.ref}::text, 'quantity', ${orderItems.quantity}, 'priceCents', ${orderItems.priceCents},
        'color', CASE WHEN ${orderItems.color} IS NULL THEN NULL ELSE json_build_object(
          'name', ${orderItems.color}->>'name', 'hexCode', ${orderItems.color}->>'hex_code') END)
      ORDER BY ${orderItems.createdAt}, ${products.ref})
    FROM ${orderItems} JOIN ${products} ON ${products.id} = ${orderItems.productId}
    WHERE ${orderItems.orderId} = ${orderId}), '[]'::json)`;
}

/**
 * What an order holds, as validating and paying it weigh it: its lines and their subtotal (the
 * pieces, no shipping). The caller holds the order's lock, so no line comes or goes meanwhile.
 */
export async function orderContentOf(
  db: Queryable,
  orderId: string,
): Promise<{ itemCount: number; subtotalCents: number }> {
  const [row] = await db
    .select({
      itemCount: sql<number>`count(*)::int`,
      subtotalCents: sql<number>`coalesce(sum(${orderItems.priceCents} * ${orderItems.quantity}), 0)::int`,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return row ?? { itemCount: 0, subtotalCents: 0 };
}
