import {
  adminOrderMessages,
  type AdminOrder,
  type OrderStatus,
  type ShippingAddress,
  type ProductSuggestionsResponse,
} from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import { availableProductsByRef, isRefSold } from "../../db/available-products";
import type { Database } from "../../db/client";
import { orders } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { isRowId } from "./order-id";
import { addProductToOrder, deleteOrderItem, lockOrder } from "./order-items";
import { findAdminOrder } from "./queries";
import { orderNotFound, setOrderStatus } from "./set-order-status";

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

    async suggestProducts(orderId: string, refDigits: string): Promise<ProductSuggestionsResponse> {
      if (!isRowId(orderId)) throw orderNotFound();
      const [order] = await db.select({ liveId: orders.liveId }).from(orders).where(eq(orders.id, orderId));
      if (!order) throw orderNotFound();
      if (!order.liveId) throw new DomainError("CONFLICT", adminOrderMessages.noLive);
      const [products, exactRefSold] = await Promise.all([
        availableProductsByRef(db, order.liveId, refDigits),
        isRefSold(db, order.liveId, refDigits),
      ]);
      return { products, exactRefSold };
    },

    /** One line at the product's price and colour (quantity 1) and the new total, in one transaction. */
    async addItem(orderId: string, productId: string): Promise<AdminOrder> {
      await db.transaction(async (tx) => addProductToOrder(tx, await lockOrder(tx, orderId), productId));
      return getOrder(orderId);
    },

    async deleteItem(orderId: string, itemId: string): Promise<AdminOrder> {
      await db.transaction(async (tx) => deleteOrderItem(tx, orderId, itemId));
      return getOrder(orderId);
    },
  };
}

export type AdminOrderDetailService = ReturnType<typeof createAdminOrderDetailService>;
