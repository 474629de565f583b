import {
  adminOrderMessages,
  movesWithParcel,
  orderMoveMessages,
  orderMoveRefusal,
  orderStatusMove,
  type OrderMoveActor,
  type OrderStatus,
} from "@vitrine/domain";
import { and, inArray, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Queryable, Transaction } from "../../db/client";
import { cancelledOrderStatuses } from "../../db/order-status-sql";
import { orders } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { isUuid } from "../../http/uuid";
import { breaksSoldOnce, orderNotFound } from "./refusals";

export interface OrderStatusMoveRequest {
  orderId: string;
  to: OrderStatus;
  actor: OrderMoveActor;
}

type MovingOrder = {
  id: string;
  order_number: string;
  status: OrderStatus;
  addressed: boolean;
  labelled: boolean;
  tracked: boolean;
};

/**
 * The order and, when `withParcel`, the other orders of its combined parcel still in it, locked
 * in the order of their ids (two moves of one parcel queue rather than cross). A parcel's label
 * is its lead's: each of its orders is labelled when the lead is.
 */
async function lockMovingOrders(tx: Transaction, orderId: string, withParcel: boolean, lock = true) {
  if (!isUuid(orderId)) throw orderNotFound();
  const { rows: found } = await tx.execute<{ lead_id: string }>(
    sql`SELECT coalesce(parcel_lead_id, id) AS lead_id FROM orders WHERE id = ${orderId}`,
  );
  const leadId = found[0]?.lead_id;
  if (!leadId) throw orderNotFound();
  const parcel = withParcel
    ? sql`OR ((o.id = ${leadId} OR o.parcel_lead_id = ${leadId}) AND NOT o.status = ANY(${cancelledOrderStatuses}))`
    : sql``;
  const { rows } = await tx.execute<MovingOrder>(sql`
    SELECT o.id, o.order_number, o.status,
           o.shipping_address IS NOT NULL AS addressed,
           o.tracking_id IS NOT NULL AS tracked,
           EXISTS (SELECT 1 FROM orders lead WHERE lead.id = coalesce(o.parcel_lead_id, o.id)
                      AND lead.shipping_label_path IS NOT NULL) AS labelled
      FROM orders o
     WHERE o.id = ${orderId} ${parcel}
     ORDER BY o.id
     ${lock ? sql`FOR NO KEY UPDATE OF o` : sql``}`);
  const order = rows.find((row) => row.id === orderId);
  if (!order) throw orderNotFound();
  return { order, others: rows.filter((row) => row.id !== orderId) };
}

/**
 * Throws the French refusal of the status table (packages/domain order-status-moves) when the
 * order may not make this move. For a caller that writes the status itself afterwards (a
 * cancellation, which refunds first): it says whether the row is to be locked for the rest of
 * the transaction (a paid order's is not, its refund holding the refunds' own lock instead).
 */
export async function assertOrderMove(
  tx: Transaction,
  request: OrderStatusMoveRequest,
  { lock }: { lock: boolean },
): Promise<void> {
  const { order } = await lockMovingOrders(tx, request.orderId, false, lock);
  const refusal = orderMoveRefusal(order, request.to, request.actor);
  if (refusal) throw new DomainError("CONFLICT", refusal);
}

/**
 * The one way an order's status moves, for every move but a cancellation (refunds module): the
 * table decides, and a combined parcel's orders move together (all of them, or none with the
 * refusal naming the order that stops them). The triggers do the rest in the same transaction:
 * migration 0001's give back or take again the pieces, migration 0037's write the customer's
 * notice of a payment or a shipment. Returns the ids of the orders that moved.
 *
 * Throws `DomainError` NOT_FOUND or CONFLICT (the table's refusal, or a piece sold since an order
 * taken out of its cancellation).
 */
export async function moveOrderStatus(tx: Transaction, request: OrderStatusMoveRequest): Promise<string[]> {
  const { order, others } = await lockMovingOrders(tx, request.orderId, movesWithParcel(request.to));
  const refusal = orderMoveRefusal(order, request.to, request.actor);
  if (refusal) throw new DomainError("CONFLICT", refusal);
  const moving = [order, ...others].filter((row) => row.status !== request.to);
  for (const other of others) {
    const otherRefusal = orderMoveRefusal(other, request.to, request.actor);
    if (otherRefusal) {
      throw new DomainError("CONFLICT", orderMoveMessages.parcelMember(other.order_number, otherRefusal));
    }
  }
  if (moving.length === 0) return [];
  const ids = moving.map((row) => row.id);
  await tx
    .execute(
      sql`UPDATE orders SET status = ${request.to}, updated_at = now() WHERE id = ANY(${sql.param(ids)}::uuid[])`,
    )
    .catch((error: unknown) => {
      throw breaksSoldOnce(error)
        ? new DomainError("CONFLICT", adminOrderMessages.productsSoldElsewhere)
        : error;
    });
  return ids;
}

/** An order whose status a module wrote: the rows `writeOrderStatus` changed. */
export interface WrittenOrder {
  id: string;
  orderNumber: string;
  status: OrderStatus;
}

/** The columns a status write may carry with it (a payment's, an address), never the status itself. */
export type OrderColumnsWithStatus = Omit<PgUpdateSetSource<typeof orders>, "status" | "id">;

/**
 * Writes `to` on the orders that meet every condition of `where` and are in one of `from`, with the columns that go
 * with the move (a payment's, an address), for a module that decided the move under its own
 * rules and locks: a payment (system), the customer's address or 'Modifier', staff's preparation.
 * The status table (ORDER_STATUS_MOVES) must list every `from` → `to` for `actor`, or this throws
 * before writing: no module writes a move the table does not have. Returns the orders written.
 */
export async function writeOrderStatus(
  db: Queryable,
  {
    where,
    from,
    to,
    actor,
    set = {},
  }: {
    where: SQL[];
    from: readonly OrderStatus[];
    to: OrderStatus;
    actor: OrderMoveActor;
    set?: OrderColumnsWithStatus;
  },
): Promise<WrittenOrder[]> {
  const unlisted = from.find((status) => status !== to && !orderStatusMove(status, to, actor));
  if (unlisted) throw new Error(`the status table has no move ${unlisted} → ${to} for ${actor}`);
  return db
    .update(orders)
    .set({ ...set, status: to, updatedAt: sql`now()` })
    .where(and(...where, inArray(orders.status, [...from])))
    .returning({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status });
}
