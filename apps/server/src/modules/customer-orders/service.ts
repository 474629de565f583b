import {
  customerMayEditAddress,
  customerMayReopen,
  customerOrderMessages,
  ORDER_STATUSES,
  parcelMessages,
  sameShippingAddress,
  showsCommentOrders,
  type CustomerOrder,
  type CustomerOrderSummary,
  type OrderStatus,
  type ShippingAddress,
} from "@vitrine/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { orders, users } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { findCustomerOrder, lastShippingAddressOf, listCustomerOrders } from "../orders";

const notFound = () => new DomainError("NOT_FOUND", customerOrderMessages.notFound);

interface CustomerTransition {
  /** The statuses the order may be in for the move; checked by the UPDATE itself. */
  from: readonly OrderStatus[];
  set: Partial<typeof orders.$inferInsert>;
  /** Why the move is refused when the order is visible but in another status. */
  refusal: string;
  /** A further rule read with the order locked, before the move. */
  guard?: (tx: Transaction) => Promise<void>;
}

/**
 * An order travelling in a combined parcel keeps the parcel's address: the label is one, so a
 * different address is refused (the same one, typed again after 'Modifier', is fine). Staff can
 * split the parcel first. The order is locked, so a combine cannot slip in between.
 */
async function refuseMovingParcel(
  tx: Transaction,
  userId: string,
  orderId: string,
  address: ShippingAddress,
): Promise<void> {
  const { rows } = await tx.execute<{ lead_number: string; lead_address: unknown }>(sql`
    SELECT lead.order_number AS lead_number, lead.shipping_address AS lead_address
    FROM orders o
    JOIN orders lead ON lead.id = coalesce(o.parcel_lead_id, o.id)
    WHERE o.id = ${orderId} AND o.user_id = ${userId}
      AND (o.parcel_lead_id IS NOT NULL OR EXISTS (SELECT 1 FROM orders m WHERE m.parcel_lead_id = o.id))
    FOR UPDATE OF o`);
  const parcel = rows[0];
  if (parcel && !sameShippingAddress(parcel.lead_address, address)) {
    throw new DomainError("CONFLICT", parcelMessages.addressLocked(parcel.lead_number));
  }
}

export function createCustomerOrderService({
  db,
  verifiedHandlesOnly,
}: {
  db: Database;
  /** VERIFIED_HANDLES_ONLY: orders from live comments only for verified handles. */
  verifiedHandlesOnly: boolean;
}) {
  const viewerOf = (userId: string) => ({ userId, verifiedHandlesOnly });

  /**
   * One conditional UPDATE decides: a payment or a staff change committed meanwhile makes it match
   * no row, so it is never overwritten. Then, in the same transaction, the order as it now stands.
   */
  async function moveOrder(
    userId: string,
    orderId: string,
    move: CustomerTransition,
  ): Promise<CustomerOrder> {
    return db.transaction(async (tx) => {
      await move.guard?.(tx);
      const [moved] = await tx
        .update(orders)
        .set({ ...move.set, updatedAt: sql`now()` })
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId), inArray(orders.status, move.from)))
        .returning({ id: orders.id });
      const order = await findCustomerOrder(tx, viewerOf(userId), orderId);
      if (!order) throw notFound();
      if (!moved) throw new DomainError("CONFLICT", move.refusal);
      return order;
    });
  }

  return {
    async listOrders(
      userId: string,
    ): Promise<{ orders: CustomerOrderSummary[]; commentOrdersHidden: boolean }> {
      const [[viewer], list] = await Promise.all([
        db.select({ handleVerifiedAt: users.handleVerifiedAt }).from(users).where(eq(users.id, userId)),
        listCustomerOrders(db, viewerOf(userId)),
      ]);
      return {
        orders: list,
        commentOrdersHidden: !showsCommentOrders(verifiedHandlesOnly, viewer?.handleVerifiedAt ?? null),
      };
    },

    async lastShippingAddress(userId: string) {
      return lastShippingAddressOf(db, userId);
    },

    async getOrder(userId: string, orderId: string): Promise<CustomerOrder> {
      const order = await findCustomerOrder(db, viewerOf(userId), orderId);
      if (!order) throw notFound();
      return order;
    },

    /** to-validate -> to-pay, the address saved with the move (spec: valid address saved). */
    async saveShippingAddress(
      userId: string,
      orderId: string,
      address: ShippingAddress,
    ): Promise<CustomerOrder> {
      return moveOrder(userId, orderId, {
        from: ORDER_STATUSES.filter(customerMayEditAddress),
        set: { shippingAddress: address, status: "to-pay" },
        refusal: customerOrderMessages.addressLocked,
        guard: (tx) => refuseMovingParcel(tx, userId, orderId, address),
      });
    },

    /** 'Modifier': back to to-validate, the address kept so that the form shows it again. */
    async reopenOrder(userId: string, orderId: string): Promise<CustomerOrder> {
      return moveOrder(userId, orderId, {
        from: ORDER_STATUSES.filter(customerMayReopen),
        set: { status: "to-validate" },
        refusal: customerOrderMessages.reopenRefused,
      });
    },
  };
}

export type CustomerOrderService = ReturnType<typeof createCustomerOrderService>;
