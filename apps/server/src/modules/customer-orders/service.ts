import {
  EMPTIED_ORDER_STATUS,
  customerMayEditAddress,
  customerMayReopen,
  customerOrderMessages,
  handleProofMessages,
  ORDER_STATUSES,
  orderContentMessages,
  orderContentRefusal,
  parcelMessages,
  sameShippingAddress,
  type CustomerOrder,
  type CustomerOrderSummary,
  type OrderStatus,
  type ShippingAddress,
} from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { orders } from "../../db/schema";
import { DomainError } from "../../http/errors";
import {
  findCustomerOrder,
  lastShippingAddressOf,
  listCustomerOrders,
  lockOrderForCustomerChange,
  orderContentOf,
  writeOrderStatus,
  type OrderColumnsWithStatus,
} from "../orders";
import { handleProofCodeOf } from "../profile";
import { minimumOrderCentsOf } from "../shop-settings";

const notFound = () => new DomainError("NOT_FOUND", customerOrderMessages.notFound);

interface CustomerTransition {
  /** The statuses the order may be in for the move; checked by the UPDATE itself. */
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** What the move writes besides the status (the address it validates). */
  set?: OrderColumnsWithStatus;
  /** Why the move is refused when the order is visible but in another status. */
  refusal: string;
  /** A further rule read with the order locked, before a move its status allows. */
  guard?: (tx: Transaction) => Promise<void>;
  /**
   * Whether the move, on an order from live comments, would take from the viewer who commented if
   * the handle were not theirs (its address as it stands): refused until the handle is proven.
   */
  takesFromCommenter: (order: { shippingAddress: unknown }) => boolean;
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

/**
 * An order is validated only with pieces in it, and as much as the shop's minimum: an order the
 * claims engine emptied meanwhile (it is locked now) or one below the minimum is refused, saying
 * what is missing.
 */
async function refuseUnfitContent(tx: Transaction, orderId: string): Promise<void> {
  const refusal = orderContentRefusal(await orderContentOf(tx, orderId), await minimumOrderCentsOf(tx));
  if (refusal) throw new DomainError("CONFLICT", refusal);
}

export function createCustomerOrderService({
  db,
  verifiedHandlesOnly,
}: {
  db: Database;
  /** VERIFIED_HANDLES_ONLY: changes to orders from live comments only for proven handles. */
  verifiedHandlesOnly: boolean;
}) {
  const viewerOf = (userId: string) => ({ userId, verifiedHandlesOnly });

  /**
   * One conditional UPDATE decides: a payment or a staff change committed meanwhile makes it match
   * no row, so it is never overwritten. Then, in the same transaction, the order as it now stands.
   * A move the handle's proof is missing for writes nothing: it is refused after the transaction,
   * with the code to comment (drawn then if the profile never showed it).
   */
  async function moveOrder(
    userId: string,
    orderId: string,
    move: CustomerTransition,
  ): Promise<CustomerOrder> {
    const viewer = viewerOf(userId);
    const moved = await db.transaction(async (tx) => {
      const current = await lockOrderForCustomerChange(tx, viewer, orderId);
      // Only a move its status allows: otherwise the status' own refusal below says why.
      if (
        current?.changesNeedHandleProof &&
        move.from.includes(current.status) &&
        move.takesFromCommenter(current)
      )
        return null;
      // A move its status refuses, or an order not theirs, is told so below, not by the guard.
      if (current && move.from.includes(current.status)) await move.guard?.(tx);
      const [updated] = await writeOrderStatus(tx, {
        where: [eq(orders.id, orderId), eq(orders.userId, userId)],
        from: move.from,
        to: move.to,
        actor: "customer",
        set: move.set,
      });
      const order = await findCustomerOrder(tx, viewer, orderId);
      if (!order) throw notFound();
      if (!updated) {
        // Emptied by the claims engine: the order is not closed so much as there is nothing in it.
        const refusal = order.status === EMPTIED_ORDER_STATUS ? orderContentMessages.empty : move.refusal;
        throw new DomainError("CONFLICT", refusal);
      }
      return order;
    });
    if (moved) return moved;
    throw new DomainError(
      "HANDLE_NOT_PROVEN",
      handleProofMessages.changeNeedsProof(await handleProofCodeOf(db, userId)),
    );
  }

  return {
    async listOrders(userId: string): Promise<{ orders: CustomerOrderSummary[] }> {
      return { orders: await listCustomerOrders(db, viewerOf(userId)) };
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
        to: "to-pay",
        set: { shippingAddress: address },
        refusal: customerOrderMessages.addressLocked,
        guard: async (tx) => {
          await refuseUnfitContent(tx, orderId);
          await refuseMovingParcel(tx, userId, orderId, address);
        },
        // A first address is how the order gets paid; one it has (staff took it from the viewer,
        // say) names whom it is for.
        takesFromCommenter: (order) =>
          order.shippingAddress !== null && !sameShippingAddress(order.shippingAddress, address),
      });
    },

    /** 'Modifier': back to to-validate, the address kept so that the form shows it again. */
    async reopenOrder(userId: string, orderId: string): Promise<CustomerOrder> {
      return moveOrder(userId, orderId, {
        from: ORDER_STATUSES.filter(customerMayReopen),
        to: "to-validate",
        refusal: customerOrderMessages.reopenRefused,
        // 'Modifier' is there to send a validated order elsewhere.
        takesFromCommenter: () => true,
      });
    },
  };
}

export type CustomerOrderService = ReturnType<typeof createCustomerOrderService>;
