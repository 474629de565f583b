import {
  orderSubtotalCents,
  storedShippingAddress,
  type CustomerOrder,
  type CustomerOrderItem,
  type CustomerOrderSummary,
  type OrderStatus,
  type StoredShippingAddress,
} from "@vitrine/domain";
import { and, desc, eq, isNotNull, ne, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { orderLinesByOrder } from "./lines";
import { customerParcelsOf } from "./parcel-view";
import { orderItems, orderRefunds, orders, paymentReviews, users } from "../../db/schema";

/** Who reads their orders, and whether the shop keeps changes to comment orders for proven handles. */
export interface OrderViewer {
  userId: string;
  /** VERIFIED_HANDLES_ONLY (mayChangeCommentOrders). */
  verifiedHandlesOnly: boolean;
}

/**
 * The orders a customer sees: their own, except those staff cancelled (spec: hidden) unless the
 * cancellation gave the customer's money back (they read 'Remboursée' with the amount). Every
 * customer read of orders goes through here, payments included.
 */
function visibleOrdersOf({ userId }: OrderViewer) {
  return [
    eq(orders.userId, userId),
    or(
      ne(orders.status, "cancelled-by-admin"),
      sql`EXISTS (SELECT 1 FROM ${orderRefunds} AS refund
                  WHERE refund.order_id = ${orders}.id AND refund.reason = 'order-cancelled'
                    AND refund.state = 'done')`,
    ),
  ];
}

/**
 * The customer's changes to the order wait for the proof of their handle: the shop keeps them for
 * proven handles (mayChangeCommentOrders), the order has a line from a live comment (the
 * sidebar's add and the claims engine set its source event), and the handle is not proven. The
 * first sign-up with a handle gets its viewer's orders; until proven, they are read and paid only.
 */
function changesNeedHandleProof({ verifiedHandlesOnly }: OrderViewer) {
  if (!verifiedHandlesOnly) return sql<boolean>`false`;
  // Spelled out: inside a subquery, drizzle's unqualified column names would be the subquery's.
  return sql<boolean>`(NOT EXISTS (SELECT 1 FROM ${users} AS viewer
                                   WHERE viewer.id = ${orders}.user_id AND viewer.handle_verified_at IS NOT NULL)
                       AND EXISTS (SELECT 1 FROM ${orderItems} AS line
                                    WHERE line.order_id = ${orders}.id AND line.source_event_id IS NOT NULL))`;
}

const summaryColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  orderDate: orders.orderDate,
  status: orders.status,
  totalAmountCents: orders.totalAmountCents,
  trackingId: orders.trackingId,
  // A payment staff still have to review: the customer reads "payment received, being checked".
  // Qualified by hand: in a one-table select drizzle writes columns unqualified, and a bare "id"
  // inside the subquery would be the review's.
  paymentUnderReview: sql<boolean>`EXISTS (
    SELECT 1 FROM ${paymentReviews} AS review
    WHERE review.order_id = ${orders}.id AND review.status = 'open')`,
  // Cancelled by the shop with its money given back: everything refunded on the order (a combined
  // parcel's fee before, say), and when the last refund was made.
  refund: sql<{ amountCents: number; refundedAt: string } | null>`(
    SELECT json_build_object('amountCents', sum(refund.amount_cents)::int,
                             'refundedAt', to_char(max(refund.created_at) AT TIME ZONE 'UTC',
                                                   'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    FROM ${orderRefunds} AS refund
    WHERE refund.order_id = ${orders}.id AND refund.state = 'done'
      AND ${orders}.status = 'cancelled-by-admin'
    HAVING bool_or(refund.reason = 'order-cancelled'))`,
};

const detailColumns = (viewer: OrderViewer) => ({
  ...summaryColumns,
  shippingAddress: orders.shippingAddress,
  shippingType: orders.shippingType,
  shippingFeeCents: orders.shippingFeeCents,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  paymentDate: orders.paymentDate,
  changesNeedHandleProof: changesNeedHandleProof(viewer),
});

type SummaryRow = Omit<CustomerOrderSummary, "orderDate" | "items"> & { orderDate: Date };

function toSummary(row: SummaryRow, items: CustomerOrderItem[]): CustomerOrderSummary {
  return { ...row, orderDate: row.orderDate.toISOString(), items };
}

/** The customer's orders for /customer/orders, newest first, each with its lines (two queries). */
export async function listCustomerOrders(
  db: Queryable,
  viewer: OrderViewer,
): Promise<CustomerOrderSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(orders)
    .where(and(...visibleOrdersOf(viewer)))
    .orderBy(desc(orders.orderDate), desc(orders.createdAt));
  const ids = rows.map((row) => row.id);
  const items = await orderLinesByOrder(db, ids);
  const parcels = await customerParcelsOf(db, ids);
  return rows.map((row) => ({
    ...toSummary(row, items.get(row.id) ?? []),
    parcel: parcels.get(row.id) ?? null,
  }));
}

/**
 * One order as its customer sees it, or null when it is not theirs to see (another customer's, an
 * unknown id, or cancelled by staff): callers answer all three alike, revealing nothing.
 */
export async function findCustomerOrder(
  db: Queryable,
  viewer: OrderViewer,
  orderId: string,
): Promise<CustomerOrder | null> {
  const [row] = await db
    .select(detailColumns(viewer))
    .from(orders)
    .where(and(eq(orders.id, orderId), ...visibleOrdersOf(viewer)));
  if (!row) return null;
  const {
    shippingAddress,
    shippingType,
    shippingFeeCents,
    paymentMethod,
    paymentStatus,
    paymentDate,
    changesNeedHandleProof,
    ...summary
  } = row;
  const items = await orderLinesByOrder(db, [row.id]);
  const parcels = await customerParcelsOf(db, [row.id]);
  return {
    ...toSummary(summary, items.get(row.id) ?? []),
    parcel: parcels.get(row.id) ?? null,
    // The order's own fee: a later change of the shop's fee rewrites no past order.
    subtotalCents: orderSubtotalCents(row.totalAmountCents, shippingFeeCents),
    shippingCents: shippingFeeCents,
    // An address saved by an older version of the shop is shown in today's shape.
    shippingAddress: storedShippingAddress(shippingAddress),
    shippingType,
    paymentMethod,
    paymentStatus,
    paymentDate: paymentDate?.toISOString() ?? null,
    changesNeedHandleProof,
  };
}

/**
 * The order a customer is about to change, locked until their transaction ends (a line added by
 * staff meanwhile waits), with what the change's rules read; null when it is not theirs to see.
 */
export async function lockOrderForCustomerChange(
  tx: Queryable,
  viewer: OrderViewer,
  orderId: string,
): Promise<{
  status: OrderStatus;
  shippingAddress: unknown;
  changesNeedHandleProof: boolean;
} | null> {
  const [row] = await tx
    .select({
      status: orders.status,
      shippingAddress: orders.shippingAddress,
      changesNeedHandleProof: changesNeedHandleProof(viewer),
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), ...visibleOrdersOf(viewer)))
    .for("update");
  return row ?? null;
}

/**
 * The address the customer gave last: that of their most recent order with one, the orders staff
 * cancelled included (the address is the customer's own all the same).
 */
export async function lastShippingAddressOf(
  db: Queryable,
  userId: string,
): Promise<StoredShippingAddress | null> {
  const [row] = await db
    .select({ shippingAddress: orders.shippingAddress })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.shippingAddress)))
    .orderBy(desc(orders.orderDate), desc(orders.createdAt))
    .limit(1);
  return row ? storedShippingAddress(row.shippingAddress) : null;
}
