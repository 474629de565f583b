import {
  adminOrderMessages,
  decideItemAddition,
  SHIPPING_FEE_CENTS,
  type AdminOrder,
  type ItemAdditionRefusal,
  type OrderStatus,
  type ShippingAddress,
  type ProductSuggestion,
} from "@vitrine/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { pgErrorCode, pgErrorConstraint, UNIQUE_VIOLATION } from "../../db/pg-error";
import { orderItems, orders, productColors, products } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { isRowId } from "./order-id";
import { availableProductsByRef, findAdminOrder } from "./queries";
import { orderNotFound, setOrderStatus, SOLD_ONCE_INDEX } from "./set-order-status";

const refusalCodes = {
  "no-live": "CONFLICT",
  "not-in-live": "VALIDATION_FAILED",
  "already-in-order": "CONFLICT",
} as const satisfies Record<ItemAdditionRefusal["reason"], string>;

function refused(refusal: ItemAdditionRefusal): DomainError {
  return new DomainError(refusalCodes[refusal.reason], refusal.message, { productId: refusal.message });
}

/**
 * The order's row, locked until the transaction ends: every change to an order's lines takes it
 * first, so two changes to one order run one after the other and each total counts the other's
 * line.
 */
async function lockOrder(tx: Transaction, orderId: string) {
  if (!isRowId(orderId)) throw orderNotFound();
  const [order] = await tx
    .select({ id: orders.id, liveId: orders.liveId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw orderNotFound();
  return order;
}

/** Total = the lines + shipping (DESIGN.md section 4), from the lines as they now stand. */
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

export function createAdminOrderDetailService({ db }: { db: Database }) {
  async function getOrder(orderId: string): Promise<AdminOrder> {
    const order = isRowId(orderId) ? await findAdminOrder(db, orderId) : null;
    if (!order) throw orderNotFound();
    return order;
  }

  return {
    getOrder,

    async setStatus(orderId: string, status: OrderStatus): Promise<AdminOrder> {
      await setOrderStatus(db, orderId, status);
      return getOrder(orderId);
    },

    /** Staff correct the address whatever the status; the status stays as it is. */
    async updateAddress(orderId: string, address: ShippingAddress): Promise<AdminOrder> {
      if (!isRowId(orderId)) throw orderNotFound();
      const updated = await db
        .update(orders)
        .set({ shippingAddress: address, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId))
        .returning({ id: orders.id });
      if (updated.length === 0) throw orderNotFound();
      return getOrder(orderId);
    },

    async suggestProducts(orderId: string, refDigits: string): Promise<ProductSuggestion[]> {
      if (!isRowId(orderId)) throw orderNotFound();
      const [order] = await db.select({ liveId: orders.liveId }).from(orders).where(eq(orders.id, orderId));
      if (!order) throw orderNotFound();
      if (!order.liveId) throw new DomainError("CONFLICT", adminOrderMessages.noLive);
      return availableProductsByRef(db, order.liveId, refDigits);
    },

    /**
     * One line at the product's price with its colour as it is now (quantity 1), and the new total,
     * in one transaction. The sold-once index, not a prior read, decides "already sold": of two
     * orders taking the same piece at once, exactly one gets it.
     */
    async addItem(orderId: string, productId: string): Promise<AdminOrder> {
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        const [found] = await tx
          .select({
            id: products.id,
            liveId: products.liveId,
            ref: products.ref,
            priceCents: products.priceCents,
            colorName: productColors.name,
            colorHexCode: productColors.hexCode,
          })
          .from(products)
          .leftJoin(productColors, eq(productColors.id, products.colorId))
          .where(eq(products.id, productId));
        const [line] = await tx
          .select({ id: orderItems.id })
          .from(orderItems)
          .where(and(eq(orderItems.orderId, order.id), eq(orderItems.productId, productId)));
        const decision = decideItemAddition({
          orderLiveId: order.liveId,
          product: found ?? null,
          alreadyInOrder: Boolean(line),
        });
        if ("refusal" in decision) throw refused(decision.refusal);
        const { product } = decision;

        await tx
          .insert(orderItems)
          .values({
            orderId: order.id,
            productId: product.id,
            quantity: 1,
            priceCents: product.priceCents,
            color:
              product.colorName && product.colorHexCode
                ? { name: product.colorName, hex_code: product.colorHexCode }
                : null,
          })
          .catch((error: unknown) => {
            if (pgErrorCode(error) === UNIQUE_VIOLATION && pgErrorConstraint(error) === SOLD_ONCE_INDEX) {
              throw new DomainError("CONFLICT", adminOrderMessages.alreadySold, {
                productId: adminOrderMessages.alreadySold,
              });
            }
            throw error;
          });
        await recomputeTotal(tx, order.id);
      });
      return getOrder(orderId);
    },

    async deleteItem(orderId: string, itemId: string): Promise<AdminOrder> {
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        const deleted = isRowId(itemId)
          ? await tx
              .delete(orderItems)
              .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, order.id)))
              .returning({ id: orderItems.id })
          : [];
        if (deleted.length === 0) throw new DomainError("NOT_FOUND", adminOrderMessages.itemNotFound);
        await recomputeTotal(tx, order.id);
      });
      return getOrder(orderId);
    },
  };
}

export type AdminOrderDetailService = ReturnType<typeof createAdminOrderDetailService>;
