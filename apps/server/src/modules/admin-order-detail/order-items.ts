import {
  adminOrderMessages,
  decideItemAddition,
  orderItemsEditable,
  SHIPPING_FEE_CENTS,
  type ItemAdditionRefusal,
  type OrderStatus,
} from "@vitrine/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import { orderItems, orders, productColors, products } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { isRowId } from "./order-id";
import { breaksSoldOnce, orderNotFound } from "./set-order-status";

/*
 * Changes to an order's lines, shared by the order page and the live sidebar: each runs inside the
 * caller's transaction, so a refusal rolls back whatever the caller wrote before it.
 */

const refusalCodes = {
  "no-live": "CONFLICT",
  "not-in-live": "VALIDATION_FAILED",
  "already-in-order": "CONFLICT",
} as const satisfies Record<ItemAdditionRefusal["reason"], string>;

export function refused(refusal: ItemAdditionRefusal): DomainError {
  return new DomainError(refusalCodes[refusal.reason], refusal.message, { productId: refusal.message });
}

export interface LockedOrder {
  id: string;
  liveId: string | null;
  status: OrderStatus;
}

/**
 * The order's row, locked until the transaction ends: every change to an order's lines takes it
 * first, so two changes to one order run one after the other and each total counts the other's
 * line.
 */
export async function lockOrder(tx: Transaction, orderId: string): Promise<LockedOrder> {
  if (!isRowId(orderId)) throw orderNotFound();
  const [order] = await tx
    .select({ id: orders.id, liveId: orders.liveId, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw orderNotFound();
  return order;
}

/**
 * Lines change only before the order is paid (each change bumps orders.items_version, a trigger on
 * order_items, which makes payment forms opened before it unusable). Checked on the locked row: a
 * payment or a status change committed meanwhile is seen.
 */
function assertItemsEditable(order: LockedOrder): void {
  if (!orderItemsEditable(order.status)) throw new DomainError("CONFLICT", adminOrderMessages.itemsLocked);
}

/** Total = the lines + shipping (docs/design.md section 4), from the lines as they now stand. */
async function recomputeTotal(tx: Transaction, orderId: string): Promise<void> {
  const linesCents = tx
    .select({ sum: sql`coalesce(sum(${orderItems.priceCents} * ${orderItems.quantity}), 0)` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  await tx
    .update(orders)
    .set({ totalAmountCents: sql`${SHIPPING_FEE_CENTS}::int + (${linesCents})`, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

export const alreadySold = () =>
  new DomainError("CONFLICT", adminOrderMessages.alreadySold, { productId: adminOrderMessages.alreadySold });

/** What deciding an addition needs to know of the product, read in one query. */
export interface ProductForOrder {
  product: {
    id: string;
    liveId: string;
    ref: number;
    priceCents: number;
    colorName: string | null;
    colorHexCode: string | null;
  } | null;
  alreadyInOrder: boolean;
  /** A line of some order holds the piece (as the database saw it when read). */
  held: boolean;
}

/** The product and whether the order (none yet: null) or any order already holds it. */
export async function readProductForOrder(
  tx: Transaction,
  productId: string,
  orderId: string | null,
): Promise<ProductForOrder> {
  if (!isRowId(productId)) return { product: null, alreadyInOrder: false, held: false };
  const inOrder = orderId
    ? sql<boolean>`EXISTS (SELECT 1 FROM ${orderItems} WHERE ${orderItems.orderId} = ${orderId} AND ${orderItems.productId} = ${products.id})`
    : sql<boolean>`false`;
  const [row] = await tx
    .select({
      id: products.id,
      liveId: products.liveId,
      ref: products.ref,
      priceCents: products.priceCents,
      colorName: productColors.name,
      colorHexCode: productColors.hexCode,
      alreadyInOrder: inOrder,
      held: sql<boolean>`EXISTS (SELECT 1 FROM ${orderItems} WHERE ${orderItems.productId} = ${products.id} AND NOT ${orderItems.isReleased})`,
    })
    .from(products)
    .leftJoin(productColors, eq(productColors.id, products.colorId))
    .where(eq(products.id, productId));
  if (!row) return { product: null, alreadyInOrder: false, held: false };
  const { alreadyInOrder, held, ...product } = row;
  return { product, alreadyInOrder, held };
}

/**
 * The product, when an order of `orderLiveId` may take it; else the refusal, in the spec's words.
 * A piece already held is refused here without waiting for the insert (the common case of a
 * claim rush); the sold-once index stays the last word for two takers at the same moment.
 */
export function productToAdd(orderLiveId: string | null, facts: ProductForOrder) {
  const decision = decideItemAddition({
    orderLiveId,
    product: facts.product,
    alreadyInOrder: facts.alreadyInOrder,
  });
  if ("refusal" in decision) throw refused(decision.refusal);
  if (facts.held) throw alreadySold();
  return decision.product;
}

/**
 * One line at the product's price with its colour as it is now (quantity 1), and the new total.
 * The order must be locked by the caller (`lockOrder`, or created in this transaction). The
 * sold-once index, not a prior read, decides "already sold": of two orders taking the same piece
 * at once, exactly one gets it.
 */
export async function insertOrderLine(
  tx: Transaction,
  orderId: string,
  product: NonNullable<ProductForOrder["product"]>,
): Promise<void> {
  await tx
    .insert(orderItems)
    .values({
      orderId,
      productId: product.id,
      quantity: 1,
      priceCents: product.priceCents,
      color:
        product.colorName && product.colorHexCode
          ? { name: product.colorName, hex_code: product.colorHexCode }
          : null,
    })
    .catch((error: unknown) => {
      throw breaksSoldOnce(error) ? alreadySold() : error;
    });
  await recomputeTotal(tx, orderId);
}

/** Adds the product to a locked order: the checks, the line and the new total (see above). */
export async function addProductToOrder(
  tx: Transaction,
  order: LockedOrder,
  productId: string,
): Promise<void> {
  assertItemsEditable(order);
  const product = productToAdd(order.liveId, await readProductForOrder(tx, productId, order.id));
  await insertOrderLine(tx, order.id, product);
}

/** Removes one line of the order (404 when the order holds no such line) and recomputes the total. */
export async function deleteOrderItem(
  tx: Transaction,
  orderId: string,
  itemId: string,
): Promise<LockedOrder> {
  const order = await lockOrder(tx, orderId);
  assertItemsEditable(order);
  const deleted = isRowId(itemId)
    ? await tx
        .delete(orderItems)
        .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, order.id)))
        .returning({ id: orderItems.id })
    : [];
  if (deleted.length === 0) throw new DomainError("NOT_FOUND", adminOrderMessages.itemNotFound);
  await recomputeTotal(tx, order.id);
  return order;
}
