import { asc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "./client";
import { orderItems, products } from "./schema";

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
