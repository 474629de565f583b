import {
  adminOrderListMessages,
  liveSellingMessages,
  liveViewerPlaceholderEmail,
  sidebarHandle,
  type LiveClaimables,
  type LiveHandleSuggestion,
  type LiveSidebarAddInput,
  type LiveSidebarAddResponse,
  type LiveSidebarOrder,
  type ProductSuggestion,
} from "@vitrine/domain";
import { and, desc, eq, sql } from "drizzle-orm";
import { availableProductsByRef } from "../../db/available-products";
import type { Database, Transaction } from "../../db/client";
import { pgErrorCode, UNIQUE_VIOLATION } from "../../db/pg-error";
import { lives, orders, users } from "../../db/schema";
import { DomainError } from "../../http/errors";
import type { LiveHub } from "../../realtime/live-hub";
import {
  deleteOrderItem,
  insertOrderLine,
  productToAdd,
  readProductForOrder,
} from "../admin-order-detail/order-items";
import { insertNumberedOrder } from "../admin-orders/create-order";
import { lockClaim } from "../auth/identity";
import { handleSuggestions, liveClaimables, liveSidebarOrders } from "./queries";

const productAndHandleRequired = () =>
  new DomainError("VALIDATION_FAILED", liveSellingMessages.productAndHandleRequired, {
    handle: liveSellingMessages.productAndHandleRequired,
  });

/** The live the add is for: it must exist and be running. */
async function activeLive(tx: Transaction, liveId: string): Promise<void> {
  const [live] = await tx.select({ isActive: lives.isActive }).from(lives).where(eq(lives.id, liveId));
  if (!live) {
    throw new DomainError("NOT_FOUND", adminOrderListMessages.liveNotFound, {
      liveId: adminOrderListMessages.liveNotFound,
    });
  }
  if (!live.isActive) {
    throw new DomainError("CONFLICT", liveSellingMessages.liveNotActive, {
      liveId: liveSellingMessages.liveNotActive,
    });
  }
}

/**
 * The shop's user with this handle, created (no account, the placeholder e-mail) when there is
 * none; its row locked until the transaction ends. The handle's claim lock is the one a sign-up
 * confirming this handle takes: the two never both create or take the row.
 */
async function lockUserByHandle(tx: Transaction, handle: string): Promise<{ id: string; created: boolean }> {
  await lockClaim(tx, `handle:${handle}`);
  const [found] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.tiktokUsername}) = ${handle}`)
    .for("update");
  if (found) return { id: found.id, created: false };
  const [created] = await tx
    .insert(users)
    .values({ tiktokUsername: handle, email: liveViewerPlaceholderEmail(handle) })
    .returning({ id: users.id })
    .catch((error: unknown) => {
      // Under the claim lock only a stale placeholder e-mail (a handle renamed since) can collide.
      if (pgErrorCode(error) === UNIQUE_VIOLATION) {
        throw new DomainError("CONFLICT", liveSellingMessages.userFailed, {
          handle: liveSellingMessages.userFailed,
        });
      }
      throw error;
    });
  if (!created) throw new Error("insert returned no row");
  return { id: created.id, created: true };
}

export function createLiveSidebarService({ db, liveHub }: { db: Database; liveHub: LiveHub }) {
  /** Open sidebars refetch the live's orders; the change is committed whatever becomes of this. */
  async function announce(liveId: string | null, orderId: string): Promise<void> {
    if (!liveId) return;
    // Sidebars also poll every 5 s: a lost announcement delays the list, it never loses an order.
    await liveHub.publishOrdersChanged({ liveId, orderId }).catch(() => {});
  }

  async function sidebarOrder(orderId: string): Promise<LiveSidebarOrder> {
    const [order] = await liveSidebarOrders(db, { orderId });
    if (!order) throw new Error(`order ${orderId} vanished after its change`);
    return order;
  }

  return {
    suggestProducts(liveId: string, refDigits: string): Promise<ProductSuggestion[]> {
      return availableProductsByRef(db, liveId, refDigits);
    },

    claimables(liveId: string): Promise<LiveClaimables> {
      return liveClaimables(db, liveId);
    },

    async suggestHandles(text: string, liveId: string | undefined): Promise<LiveHandleSuggestion[]> {
      const term = sidebarHandle(text);
      return term ? handleSuggestions(db, term, liveId) : [];
    },

    orders(liveId: string): Promise<LiveSidebarOrder[]> {
      return liveSidebarOrders(db, { liveId });
    },

    /**
     * The one-gesture add (spec §4, §5): the user found or created by handle, their to-validate
     * order of the live reused or created, the product added at quantity 1, the total recomputed,
     * all in one transaction; any refusal leaves no user, order or counter change behind.
     */
    async add(input: LiveSidebarAddInput): Promise<LiveSidebarAddResponse> {
      const handle = sidebarHandle(input.handle);
      if (!handle || !input.productId) throw productAndHandleRequired();
      const { liveId, productId } = input;
      const comment = input.comment?.trim() || null;

      const outcome = await db.transaction(async (tx) => {
        await activeLive(tx, liveId);
        const user = await lockUserByHandle(tx, handle);
        // Locked as the order page locks it; a status changed meanwhile is seen (the row is read again).
        const [open] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.userId, user.id), eq(orders.liveId, liveId), eq(orders.status, "to-validate")))
          .orderBy(desc(orders.orderDate))
          .limit(1)
          .for("update");
        // Checked before a new order takes the live's row: other adds of the live wait on it.
        const product = productToAdd(liveId, await readProductForOrder(tx, productId, open?.id ?? null));
        const orderId = open
          ? open.id
          : (await insertNumberedOrder(tx, { liveId, userId: user.id, comment })).id;
        await insertOrderLine(tx, orderId, product);
        return { orderId, orderCreated: !open, userCreated: user.created };
      });

      // The announcement and the reply's read on two connections at once: one round trip less.
      const [, order] = await Promise.all([announce(liveId, outcome.orderId), sidebarOrder(outcome.orderId)]);
      return { order, orderCreated: outcome.orderCreated, userCreated: outcome.userCreated };
    },

    async deleteItem(orderId: string, itemId: string): Promise<LiveSidebarOrder> {
      const order = await db.transaction(async (tx) => deleteOrderItem(tx, orderId, itemId));
      const [, changed] = await Promise.all([announce(order.liveId, order.id), sidebarOrder(order.id)]);
      return changed;
    },
  };
}

export type LiveSidebarService = ReturnType<typeof createLiveSidebarService>;
