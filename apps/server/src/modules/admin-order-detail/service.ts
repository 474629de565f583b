import {
  type AdminOrder,
  type OrderStatus,
  type ShippingAddress,
  type ProductSuggestionsResponse,
} from "@vitrine/domain";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import type { PaymentProvider } from "../../integrations/payments/payment-provider";
import { orders } from "../../db/schema";
import { isUuid } from "../../http/uuid";
import {
  addItem,
  availableProductsByRef,
  isRefSold,
  orderNotFound,
  removeItem,
  setOrderAddress,
} from "../orders";
import { changeOrderStatusOrThrow, listOrderRefunds } from "../refunds";
import { findAdminOrder } from "./queries";

export function createAdminOrderDetailService({ db, provider }: { db: Database; provider: PaymentProvider }) {
  async function getOrder(orderId: string): Promise<AdminOrder> {
    const order = isUuid(orderId) ? await findAdminOrder(db, orderId) : null;
    if (!order) throw orderNotFound();
    return order;
  }

  return {
    getOrder,

    /** Any status; cancelling a paid order refunds it first (refunds module), or changes nothing. */
    async setStatus(
      orderId: string,
      status: OrderStatus,
      actorUserId: string,
      log: FastifyBaseLogger,
    ): Promise<AdminOrder> {
      await changeOrderStatusOrThrow(db, provider, { orderId, status, actorUserId }, log);
      return getOrder(orderId);
    },

    /** "Annuler et rembourser": the status dialog's cancellation, on its own button. */
    async cancelAndRefund(orderId: string, actorUserId: string, log: FastifyBaseLogger): Promise<AdminOrder> {
      await changeOrderStatusOrThrow(
        db,
        provider,
        { orderId, status: "cancelled-by-admin", actorUserId },
        log,
      );
      return getOrder(orderId);
    },

    listRefunds: (orderId: string) => listOrderRefunds(db, orderId),

    /** Staff correct the address whatever the status; the status stays as it is. */
    async updateAddress(orderId: string, address: ShippingAddress): Promise<AdminOrder> {
      if (!isUuid(orderId)) throw orderNotFound();
      if (!(await setOrderAddress(db, orderId, address))) throw orderNotFound();
      return getOrder(orderId);
    },

    async suggestProducts(orderId: string, refDigits: string): Promise<ProductSuggestionsResponse> {
      if (!isUuid(orderId)) throw orderNotFound();
      const [order] = await db.select({ liveId: orders.liveId }).from(orders).where(eq(orders.id, orderId));
      if (!order) throw orderNotFound();
      const [products, exactRefSold] = await Promise.all([
        availableProductsByRef(db, order.liveId, refDigits),
        isRefSold(db, order.liveId, refDigits),
      ]);
      return { products, exactRefSold };
    },

    /** One line at the product's price and colour (quantity 1), through the orders core's one path. */
    async addItem(orderId: string, productId: string): Promise<AdminOrder> {
      await addItem(db, orderId, productId);
      return getOrder(orderId);
    },

    async deleteItem(orderId: string, itemId: string): Promise<AdminOrder> {
      await db.transaction(async (tx) => removeItem(tx, orderId, itemId));
      return getOrder(orderId);
    },
  };
}

export type AdminOrderDetailService = ReturnType<typeof createAdminOrderDetailService>;
