import {
  adminOrderMessages,
  ITEMS_EDITABLE_STATUSES,
  NEW_ORDER_SHIPPING_TYPE,
  ORDER_NUMBER_PREFIX,
  SHIPPING_FEE_CENTS,
  type OrderStatus,
} from "@vitrine/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Queryable, Transaction } from "../../db/client";
import { orderStatusArray } from "../../db/order-status-sql";
import { orderItems, orders } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { isUuid } from "../../http/uuid";
import { breaksSoldOnce, orderNotFound, orderRefusal } from "./refusals";

/*
 * Every write of orders and their lines, in one place. The database keeps the rest: the total
 * (trigger orders_keep_total), the numbering, the add-item checks (functions of migration
 * order_core), the release of a cancelled order's pieces (migration 0001).
 */

/** The statuses in which an order's lines may change (the domain's rule), as the SQL functions take them. */
const editableStatuses = orderStatusArray(ITEMS_EDITABLE_STATUSES);

function rethrowRefusal(error: unknown): never {
  throw orderRefusal(error);
}

export interface NewOrder {
  liveId: string;
  userId: string;
  comment?: string | null;
}

export interface CreatedOrder {
  id: string;
  orderNumber: string;
}

/**
 * A new order of a live for a user (spec §4 and §9): to-validate, no item, today's shipping fee
 * (kept by the order), Colissimo, numbered HF-{live ref}-{n} from the live's counter (one
 * statement: `order_create`). Given an open transaction, it is part of it.
 */
export async function createOrder(db: Queryable, { liveId, userId, comment = null }: NewOrder) {
  const { rows } = await db
    .execute<{ created_id: string; created_number: string }>(
      sql`SELECT created_id, created_number FROM order_create(${liveId}::uuid, ${userId}::uuid, ${comment},
        ${SHIPPING_FEE_CENTS}::int, ${NEW_ORDER_SHIPPING_TYPE}, ${ORDER_NUMBER_PREFIX})`,
    )
    .catch(rethrowRefusal);
  const [row] = rows;
  if (!row) throw new Error("order_create returned no row");
  return { id: row.created_id, orderNumber: row.created_number } satisfies CreatedOrder;
}

/**
 * The one add-item path (decision 025): one line at the product's price and colour as they are
 * now (quantity 1), on an order whose lines may still change, refused in the spec's words
 * otherwise. One statement (`order_add_item`), which locks the order first: two changes to one
 * order run one after the other. Returns the line's id.
 */
export async function addItem(
  db: Queryable,
  orderId: string,
  productId: string,
  sourceEventId: string | null = null,
): Promise<string> {
  if (!isUuid(orderId)) throw orderNotFound();
  // A malformed product id names no product: refused as one, after the order's own checks.
  const product = isUuid(productId) ? productId : null;
  const { rows } = await db
    .execute<{ line_id: string }>(
      sql`SELECT order_add_item(${orderId}::uuid, ${product}::uuid, ${sourceEventId}::uuid,
        ${editableStatuses}) AS line_id`,
    )
    .catch(rethrowRefusal);
  const [row] = rows;
  if (!row) throw new Error("order_add_item returned no row");
  return row.line_id;
}

/** What the live sidebar's one-gesture add needs (the handle normalised, its claim lock's key). */
export interface HandleAdd {
  liveId: string;
  productId: string;
  handle: string;
  claimLockKey: string;
  placeholderEmail: string;
  comment: string | null;
  sourceEventId: string | null;
}

/**
 * The live sidebar's one-gesture add (spec §4, §5; decision 019) in one call: the user found or
 * created by handle, their to-validate order of the live reused or created, then the add-item
 * path. Any refusal leaves no user, order or counter change behind.
 */
export async function addItemForHandle(db: Queryable, add: HandleAdd) {
  const { rows } = await db
    .execute<{ order_id: string; order_created: boolean; user_created: boolean }>(
      sql`SELECT order_id, order_created, user_created FROM live_sidebar_add(
        ${add.liveId}::uuid, ${add.productId}::uuid, ${add.handle}, ${add.claimLockKey},
        ${add.placeholderEmail}, ${add.comment}, ${SHIPPING_FEE_CENTS}::int, ${NEW_ORDER_SHIPPING_TYPE},
        ${ORDER_NUMBER_PREFIX}, ${add.sourceEventId}::uuid, ${editableStatuses})`,
    )
    .catch(rethrowRefusal);
  const [row] = rows;
  if (!row) throw new Error("live_sidebar_add returned no row");
  return { orderId: row.order_id, orderCreated: row.order_created, userCreated: row.user_created };
}

export interface LockedOrder {
  id: string;
  liveId: string;
  status: OrderStatus;
}

/**
 * Removes one line of the order (404 when the order holds no such line), the order locked first
 * and its lines still editable; the total follows by trigger. Runs in the caller's transaction.
 */
export async function removeItem(tx: Transaction, orderId: string, itemId: string): Promise<LockedOrder> {
  if (!isUuid(orderId)) throw orderNotFound();
  const [order] = await tx
    .select({ id: orders.id, liveId: orders.liveId, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw orderNotFound();
  if (!ITEMS_EDITABLE_STATUSES.some((editable) => editable === order.status)) {
    throw new DomainError("CONFLICT", adminOrderMessages.itemsLocked);
  }
  const deleted = isUuid(itemId)
    ? await tx
        .delete(orderItems)
        .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, order.id)))
        .returning({ id: orderItems.id })
    : [];
  if (deleted.length === 0) throw new DomainError("NOT_FOUND", adminOrderMessages.itemNotFound);
  return order;
}

/**
 * Writes an order's status, nothing more: for a cancellation (refunds module) once the status
 * table allowed it (`assertOrderMove`) and the money is back. Every other move goes through
 * `moveOrderStatus`. One UPDATE: the triggers of migration 0001 release the order's pieces when
 * it is cancelled and take them back when it is not any more; a piece sold again meanwhile makes
 * the sold-once index refuse it, and the order keeps its status.
 *
 * Throws `DomainError` NOT_FOUND ('Commande introuvable') or CONFLICT (a piece sold since).
 */
export async function setOrderStatus(db: Queryable, orderId: string, status: OrderStatus): Promise<void> {
  if (!isUuid(orderId)) throw orderNotFound();
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
