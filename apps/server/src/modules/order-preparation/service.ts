import {
  customerOrderMessages,
  parcelMessages,
  PREPARED_ORDER_STATUS,
  preparationRefusal,
  storedShippingAddress,
  TO_PREPARE_ORDER_STATUSES,
  type PreparationOrder,
} from "@vitrine/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { lives, orders, users } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { holdsItsPieces, orderLinesByOrder, writeOrderStatus } from "../orders";

/** The statuses of the orders waiting to be prepared: paid, or started. */
const TO_PREPARE = [...TO_PREPARE_ORDER_STATUSES];

/** Paid orders on their way to the parcel, and those in preparation (spec: /admin/orders-preparation). */
export function createOrderPreparationService({ db }: { db: Database }) {
  return {
    /** Every paid order and every one in preparation, first paid first, with its customer, address, pieces and label. */
    async listOrdersToPrepare(): Promise<PreparationOrder[]> {
      const rows = await db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          orderDate: orders.orderDate,
          paymentDate: orders.paymentDate,
          status: orders.status,
          totalAmountCents: orders.totalAmountCents,
          liveTitle: lives.title,
          shippingAddress: orders.shippingAddress,
          labelPath: orders.shippingLabelPath,
          trackingId: orders.trackingId,
          customer: {
            id: users.id,
            tiktokUsername: users.tiktokUsername,
            firstName: users.firstName,
            lastName: users.lastName,
            displayName: users.displayName,
            email: users.email,
          },
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .innerJoin(lives, eq(lives.id, orders.liveId))
        // A paid order with no piece left has nothing to prepare (staff refund or cancel it).
        .where(
          and(
            inArray(orders.status, TO_PREPARE),
            sql`EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = ${orders.id})`,
          ),
        )
        .orderBy(sql`${orders.paymentDate} ASC NULLS LAST`, asc(orders.orderDate), asc(orders.id));
      // A combined parcel is one card, its lead's: its members are listed in it, not on their own.
      const leadIds = rows.map((row) => row.id);
      const members =
        leadIds.length === 0
          ? []
          : await db
              .select({
                id: orders.id,
                orderNumber: orders.orderNumber,
                status: orders.status,
                totalAmountCents: orders.totalAmountCents,
                leadId: orders.parcelLeadId,
              })
              .from(orders)
              .where(and(inArray(orders.parcelLeadId, leadIds), holdsItsPieces(orders.status)))
              .orderBy(asc(orders.orderDate), asc(orders.id));
      const items = await orderLinesByOrder(
        db,
        [...leadIds, ...members.map((member) => member.id)],
        "reference",
      );
      const memberIds = new Set(members.map((member) => member.id));
      return rows
        .filter((row) => !memberIds.has(row.id))
        .map(({ labelPath, orderDate, paymentDate, shippingAddress, ...row }) => ({
          ...row,
          orderDate: orderDate.toISOString(),
          paymentDate: paymentDate?.toISOString() ?? null,
          shippingAddress: storedShippingAddress(shippingAddress),
          items: items.get(row.id) ?? [],
          hasLabel: labelPath !== null,
          parcelMembers: members
            .filter((member) => member.leadId === row.id)
            .map(({ leadId: _lead, ...member }) => ({ ...member, items: items.get(member.id) ?? [] })),
        }));
    },

    /**
     * Moves a paid order (or one in preparation) that has its label to to-ship, with every order of the parcel it leads,
     * in one transaction with them locked: a refused order (not paid, no label, a member not paid
     * yet, or a member asked instead of its lead) is left untouched and told why.
     */
    async validatePreparation(orderId: string) {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select({
            id: orders.id,
            orderNumber: orders.orderNumber,
            status: orders.status,
            labelPath: orders.shippingLabelPath,
            leadId: orders.parcelLeadId,
          })
          .from(orders)
          .where(eq(orders.id, orderId))
          .for("update");
        if (!order) throw new DomainError("NOT_FOUND", customerOrderMessages.notFound);
        if (order.leadId) {
          const [lead] = await tx
            .select({ orderNumber: orders.orderNumber })
            .from(orders)
            .where(eq(orders.id, order.leadId));
          throw new DomainError("CONFLICT", parcelMessages.memberValidate(lead?.orderNumber ?? ""));
        }
        const refusal = preparationRefusal({ status: order.status, hasLabel: order.labelPath !== null });
        if (refusal) throw new DomainError("CONFLICT", refusal);
        const members = await tx
          .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status })
          .from(orders)
          .where(and(eq(orders.parcelLeadId, order.id), holdsItsPieces(orders.status)))
          .orderBy(asc(orders.id))
          .for("update");
        const unpaid = members.find((member) => !TO_PREPARE.some((status) => status === member.status));
        if (unpaid) throw new DomainError("CONFLICT", parcelMessages.memberUnpaid(unpaid.orderNumber));
        const [moved] = await writeOrderStatus(tx, {
          where: [inArray(orders.id, [order.id, ...members.map((member) => member.id)])],
          from: TO_PREPARE,
          to: PREPARED_ORDER_STATUS,
          actor: "staff",
        });
        // The lead is in the list: returning order follows the rows updated, so pick it by id.
        return {
          id: order.id,
          orderNumber: order.orderNumber,
          status: moved?.status ?? PREPARED_ORDER_STATUS,
        };
      });
    },
  };
}

export type OrderPreparationService = ReturnType<typeof createOrderPreparationService>;
