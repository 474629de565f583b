import {
  customerOrderMessages,
  PREPARED_ORDER_STATUS,
  preparationRefusal,
  storedShippingAddress,
  type PreparationOrder,
} from "@vitrine/domain";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { lives, orders, users } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { orderLinesByOrder } from "../orders";

/** The status of the orders waiting to be prepared. */
const TO_PREPARE = "paid";

/** Paid orders on their way to the parcel (spec: /admin/orders-preparation). */
export function createOrderPreparationService({ db }: { db: Database }) {
  return {
    /** Every paid order, first paid first, with its customer, address, pieces and label. */
    async listOrdersToPrepare(): Promise<PreparationOrder[]> {
      const rows = await db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          orderDate: orders.orderDate,
          paymentDate: orders.paymentDate,
          status: orders.status,
          totalAmountCents: orders.totalAmountCents,
          liveTitle: lives.title,
          shippingAddress: orders.shippingAddress,
          labelPath: orders.shippingLabelPath,
          trackingId: orders.trackingId,
          customer: {
            id: users.id,
            tiktokUsername: users.tiktokUsername,
            firstName: users.firstName,
            lastName: users.lastName,
            displayName: users.displayName,
            email: users.email,
          },
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .innerJoin(lives, eq(lives.id, orders.liveId))
        .where(eq(orders.status, TO_PREPARE))
        .orderBy(sql`${orders.paymentDate} ASC NULLS LAST`, asc(orders.orderDate), asc(orders.id));
      const items = await orderLinesByOrder(
        db,
        rows.map((row) => row.id),
        "reference",
      );
      return rows.map(({ labelPath, orderDate, paymentDate, shippingAddress, ...row }) => ({
        ...row,
        orderDate: orderDate.toISOString(),
        paymentDate: paymentDate?.toISOString() ?? null,
        shippingAddress: storedShippingAddress(shippingAddress),
        items: items.get(row.id) ?? [],
        hasLabel: labelPath !== null,
      }));
    },

    /**
     * Moves a paid order that has its label to to-ship, in one conditional statement: a refused
     * order (not paid, no label) is left untouched and told why.
     */
    async validatePreparation(orderId: string) {
      const [moved] = await db
        .update(orders)
        .set({ status: PREPARED_ORDER_STATUS, updatedAt: sql`now()` })
        .where(
          and(eq(orders.id, orderId), eq(orders.status, TO_PREPARE), isNotNull(orders.shippingLabelPath)),
        )
        .returning({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status });
      if (moved) return moved;
      const [order] = await db
        .select({ status: orders.status, labelPath: orders.shippingLabelPath })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!order) throw new DomainError("NOT_FOUND", customerOrderMessages.notFound);
      const refusal = preparationRefusal({ status: order.status, hasLabel: order.labelPath !== null });
      // Null only if the order became valid between the two reads: asking again will do.
      throw new DomainError("CONFLICT", refusal ?? customerOrderMessages.notFound);
    },
  };
}

export type OrderPreparationService = ReturnType<typeof createOrderPreparationService>;
