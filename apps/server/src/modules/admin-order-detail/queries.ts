import { storedShippingAddress, type AdminOrder } from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { lives, orders, users } from "../../db/schema";
import { orderLinesOf } from "../orders";

/** One order as the back office shows it, or null when no order has this id. */
export async function findAdminOrder(db: Queryable, orderId: string): Promise<AdminOrder | null> {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      totalAmountCents: orders.totalAmountCents,
      shippingFeeCents: orders.shippingFeeCents,
      status: orders.status,
      orderDate: orders.orderDate,
      live: { id: lives.id, title: lives.title, ref: lives.ref },
      client: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        tiktokUsername: users.tiktokUsername,
        handleVerified: sql<
          boolean | null
        >`CASE WHEN ${users.authId} IS NOT NULL THEN ${users.handleVerifiedAt} IS NOT NULL END`,
      },
      shippingType: orders.shippingType,
      shippingAddress: orders.shippingAddress,
      shippingLabelPath: orders.shippingLabelPath,
      trackingId: orders.trackingId,
    })
    .from(orders)
    .innerJoin(lives, eq(lives.id, orders.liveId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const { orderDate, shippingAddress, shippingLabelPath, ...order } = row;
  return {
    ...order,
    orderDate: orderDate.toISOString(),
    // The column's type is today's shape; rows saved by older versions hold other keys.
    shippingAddress: storedShippingAddress(shippingAddress),
    hasShippingLabel: Boolean(shippingLabelPath),
    // The back office reads references as numbers (it searches and sorts them).
    items: (await orderLinesOf(db, orderId)).map((line) => ({ ...line, ref: Number(line.ref) })),
  };
}
