import {
  adminOrderListMessages,
  NEW_ORDER_SHIPPING_TYPE,
  NEW_ORDER_TOTAL_CENTS,
  orderNumber,
} from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import type { Queryable, Transaction } from "../../db/client";
import { FOREIGN_KEY_VIOLATION, pgErrorCode, pgErrorConstraint } from "../../db/pg-error";
import { lives, orders } from "../../db/schema";
import { DomainError } from "../../http/errors";

export interface NewOrder {
  liveId: string;
  /** Null when no user could be found or created (the live sidebar's handle look-up). */
  userId: string | null;
  comment?: string | null;
}

export interface CreatedOrder {
  id: string;
  orderNumber: string;
}

const USER_FOREIGN_KEY = "orders_user_id_users_id_fk";

/**
 * A new order of a live for a user (spec §4 and §9): to-validate, no item, 6 euros of shipping,
 * Colissimo, numbered HF-{live ref}-{n}. The live's counter is incremented by the UPDATE that
 * reads it, which locks the live's row until the transaction ends: two creations at once get two
 * numbers, and a refused creation rolls the counter back. Given an open transaction, it runs in a
 * savepoint of it. The live sidebar's add numbers its orders the same way, in the database
 * (`live_sidebar_add`, migration 0013).
 */
export async function createOrder(db: Queryable, order: NewOrder): Promise<CreatedOrder> {
  if (!order.userId) throw userMissing();
  return db.transaction(async (tx) => insertNumberedOrder(tx, order));
}

/** `createOrder` inside an open transaction: the live's row stays locked until it ends. */
async function insertNumberedOrder(
  tx: Transaction,
  { liveId, userId, comment = null }: NewOrder,
): Promise<CreatedOrder> {
  if (!userId) throw userMissing();
  const [live] = await tx
    .update(lives)
    .set({ orderCounter: sql`${lives.orderCounter} + 1` })
    .where(eq(lives.id, liveId))
    .returning({ ref: lives.ref, sequence: lives.orderCounter });
  if (!live) {
    throw new DomainError("VALIDATION_FAILED", adminOrderListMessages.liveNotFound, {
      liveId: adminOrderListMessages.liveNotFound,
    });
  }
  const [order] = await tx
    .insert(orders)
    .values({
      orderNumber: orderNumber(live.ref, live.sequence),
      liveId,
      userId,
      status: "to-validate",
      totalAmountCents: NEW_ORDER_TOTAL_CENTS,
      shippingType: NEW_ORDER_SHIPPING_TYPE,
      comment,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber })
    .catch((error: unknown) => {
      const userGone =
        pgErrorCode(error) === FOREIGN_KEY_VIOLATION && pgErrorConstraint(error) === USER_FOREIGN_KEY;
      throw userGone ? userMissing() : error;
    });
  if (!order) throw new Error("insert returned no row");
  return order;
}

function userMissing() {
  return new DomainError("VALIDATION_FAILED", adminOrderListMessages.userMissing, {
    userId: adminOrderListMessages.userMissing,
  });
}
