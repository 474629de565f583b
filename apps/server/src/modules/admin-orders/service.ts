import {
  adminOrderListMessages,
  adminOrderMessages,
  orderSearchPattern,
  USER_CHOICES_LIMIT,
  type AdminOrderFilters,
  type AdminOrderList,
  type AdminOrderRow,
  type BulkOrderStatusResult,
  type NewOrderInput,
  type OrderClient,
  type OrderStatus,
  type UserChoicesQuery,
} from "@vitrine/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import type { PaymentProvider } from "../../integrations/payments/payment-provider";
import { byLastName, userMatches } from "../../db/user-search";
import { orders, users } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { isUuid } from "../../http/uuid";
import { createOrder } from "../orders";
import { changeOrderStatus } from "../refunds";
import { fetchOrderList, findAdminOrderRow, toAdminOrderRow } from "./queries";

/** Told of an order whose status change failed for a reason that is not a rule (logged by the route). */
export type UnexpectedFailure = (orderId: string, error: unknown) => void;

/** The numbers of the orders asked for (those that exist), to name each one a change skips. */
async function orderNumbersOf(db: Database, orderIds: readonly string[]): Promise<Map<string, string>> {
  const ids = orderIds.filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row.orderNumber]));
}

export function createAdminOrderService({ db, provider }: { db: Database; provider: PaymentProvider }) {
  return {
    /** A page of the orders matching the filters, newest first, and how many match in all. */
    async listOrders(filters: AdminOrderFilters): Promise<AdminOrderList> {
      const { rows, total } = await fetchOrderList((statement) => db.$client.query(statement), filters);
      return {
        orders: rows.map(toAdminOrderRow),
        total,
        page: filters.page,
        pageSize: filters.pageSize,
      };
    },

    async createOrder(input: NewOrderInput): Promise<AdminOrderRow> {
      const { id } = await createOrder(db, input);
      const row = await findAdminOrderRow(db, id);
      if (!row) throw new Error(`order ${id} vanished after its creation`);
      return row;
    },

    /**
     * Each order changes on its own, by the status table's moves (decision 039) as on its page:
     * one that may not move, or cannot, leaves the others changed and itself as it was, and is
     * reported by its number with the reason. A combined parcel's orders move together, so an
     * order already moved with its parcel's lead counts as changed. An order taken out
     * of cancellation whose item was sold again since breaks the sold-once index (the items'
     * release trigger). The status change is the order page's own (refunds module), each order in a
     * transaction of its own: a paid order cancelled is refunded first, one after the other, and
     * one the provider refuses to refund is reported with the provider's refusal and stays paid.
     */
    async setStatuses(
      orderIds: readonly string[],
      status: OrderStatus,
      actor: { userId: string; log: FastifyBaseLogger },
      onUnexpectedFailure: UnexpectedFailure,
    ): Promise<BulkOrderStatusResult> {
      const result: BulkOrderStatusResult = { updated: [], failed: [] };
      const numbers = await orderNumbersOf(db, orderIds);
      const skip = (id: string, message: string) =>
        result.failed.push({ id, orderNumber: numbers.get(id) ?? null, message });
      for (const id of new Set(orderIds)) {
        try {
          const outcome = await changeOrderStatus(
            db,
            provider,
            { orderId: id, status, actorUserId: actor.userId },
            actor.log,
          );
          if (outcome.changed) result.updated.push(id);
          else skip(id, outcome.message);
        } catch (error) {
          if (error instanceof DomainError && error.code === "NOT_FOUND") {
            skip(id, adminOrderListMessages.orderNotFound);
          } else if (error instanceof DomainError && error.code === "CONFLICT") {
            // The sold-once index refuses an order taken out of cancellation (a piece sold again
            // since), in the list's words; the status table's and a cancellation's rules in theirs.
            const resold = error.message === adminOrderMessages.productsSoldElsewhere;
            skip(id, resold ? adminOrderListMessages.itemResold : error.message);
          } else {
            onUnexpectedFailure(id, error);
            skip(id, adminOrderListMessages.statusUpdateFailed);
          }
        }
      }
      return result;
    },

    /**
     * Customers to choose for an order: those whose e-mail, handle, first or last name contains the
     * text (case-insensitive), by last name, at most 10; or the one already chosen, by id.
     */
    async listUserChoices({ q, userId }: UserChoicesQuery): Promise<OrderClient[]> {
      const pattern = orderSearchPattern(q);
      if (!pattern && !userId) return [];
      return db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          displayName: users.displayName,
          email: users.email,
          tiktokUsername: users.tiktokUsername,
        })
        .from(users)
        .where(
          and(
            eq(users.isAdmin, false),
            userId ? eq(users.id, userId) : undefined,
            pattern ? userMatches(pattern) : undefined,
          ),
        )
        .orderBy(byLastName, asc(users.firstName), asc(users.tiktokUsername), asc(users.id))
        .limit(USER_CHOICES_LIMIT);
    },
  };
}

export type AdminOrderService = ReturnType<typeof createAdminOrderService>;
