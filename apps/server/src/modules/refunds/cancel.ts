import {
  amountLeftToRefund,
  formatEuros,
  isPaidOrderStatus,
  refundMessages,
  type OrderRefundsResponse,
  type OrderStatus,
  type RefundKind,
} from "@vitrine/domain";
import { desc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable, Transaction } from "../../db/client";
import { orderRefunds } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { isUuid } from "../../http/uuid";
import type { PaymentProvider } from "../../integrations/payments/payment-provider";
import { assertOrderMove, moveOrderStatus, orderNotFound, setOrderStatus } from "../orders";
import { lockOrderRefunds, makeRefund, requestRefund, type RefundIntent } from "./refund";

export interface StatusChange {
  orderId: string;
  status: OrderStatus;
  /** Staff who asked (the audit log's actor of the refund). */
  actorUserId: string;
}

export type StatusChangeOutcome =
  /** `moved`: every order whose status changed (a combined parcel's move together). */
  | { changed: true; refundedCents: number; moved: string[] }
  /** The provider refused or did not answer: the refused row is kept, the order did not move. */
  | { changed: false; message: string };

/**
 * What the provider took for the order and what went or is going back (every refund not
 * refused), in cents, and whether a refund of it is still in flight.
 */
async function paidAndRefunded(db: Queryable, orderId: string) {
  const { rows } = await db.execute<{ paid_cents: number; refunded_cents: number; in_flight: boolean }>(sql`
    SELECT coalesce((SELECT sum(amount_cents) FROM payment_transactions WHERE order_id = ${orderId}), 0)::int AS paid_cents,
           coalesce((SELECT sum(amount_cents) FROM order_refunds
                     WHERE order_id = ${orderId} AND state <> 'refused'), 0)::int AS refunded_cents,
           EXISTS (SELECT 1 FROM order_refunds WHERE order_id = ${orderId}
                   AND state IN ('requested', 'to-check')) AS in_flight`);
  const row = rows[0];
  return {
    paidCents: row?.paid_cents ?? 0,
    refundedCents: row?.refunded_cents ?? 0,
    inFlight: row?.in_flight ?? false,
  };
}

async function orderStatusOf(tx: Transaction, orderId: string, locked: boolean) {
  const { rows } = await tx.execute<{ status: OrderStatus; order_number: string }>(
    sql`SELECT status, order_number FROM orders WHERE id = ${orderId} ${locked ? sql`FOR NO KEY UPDATE` : sql``}`,
  );
  const order = rows[0];
  if (!order) throw orderNotFound();
  return order;
}

type CancelStep = { settled: true } | { settled: false; intent: RefundIntent; leftCents: number };

/**
 * Every status change staff make (the order page's dialog, the orders list's bulk change, the
 * "Annuler et rembourser" button) goes through here. Setting a paid order to cancelled-by-admin
 * gives back what is left of its payment first (decision 034): a short transaction holding the
 * order's refunds lock (not its row) writes the refund `requested`; the provider is called with
 * no lock held; the refund's settlement then cancels the order in a second short transaction. The pieces go back
 * to sale or to their waitlist by the order_items triggers, as for any cancellation.
 *
 * - A refusal by the provider: the refused row is kept, the status stays, and the outcome says
 *   why (the caller throws or reports it). No answer in time: the refund is `to-check`, the
 *   status stays, and the check job settles both once it has read the provider back.
 * - Nothing left to refund (paid by hand, no online payment, or all given back already): the
 *   order is cancelled as any other.
 * - A second cancellation at the same time waits on the refunds lock and finds the refund in
 *   flight: it is refused in French and asks nothing of the provider.
 * - Every change is one of the status table's moves (decision 039), refused in French otherwise:
 *   cancelled-by-customer is for unpaid orders only (a customer cancels before paying), a paid
 *   one is cancelled by staff with its refund.
 * - Any other status change is the orders core's own (`moveOrderStatus`: the table, the parcel).
 */
export async function changeOrderStatus(
  db: Database,
  provider: PaymentProvider,
  change: StatusChange,
  log: FastifyBaseLogger,
): Promise<StatusChangeOutcome> {
  if (change.status !== "cancelled-by-admin" && change.status !== "cancelled-by-customer") {
    if (!isUuid(change.orderId)) throw orderNotFound();
    const moved = await db.transaction((tx) =>
      moveOrderStatus(tx, { orderId: change.orderId, to: change.status, actor: "staff" }),
    );
    return { changed: true, refundedCents: 0, moved };
  }
  if (!isUuid(change.orderId)) throw orderNotFound();
  const step = await db.transaction(async (tx): Promise<CancelStep> => {
    // A paid order's row is not locked: its refund is serialized by the refunds' own lock, and
    // its status changes only once the money is back. An unpaid one is read again locked, so
    // that a payment arriving meanwhile is not cancelled without its refund.
    let order = await orderStatusOf(tx, change.orderId, false);
    if (!isPaidOrderStatus(order.status)) order = await orderStatusOf(tx, change.orderId, true);
    const paid = isPaidOrderStatus(order.status);
    // A customer cancels only before paying; filed so by staff, a paid order would keep the money.
    await assertOrderMove(
      tx,
      { orderId: change.orderId, to: change.status, actor: "staff" },
      { lock: !paid },
    );
    if (change.status === "cancelled-by-customer") {
      await setOrderStatus(tx, change.orderId, change.status);
      return { settled: true };
    }
    if (paid) {
      await lockOrderRefunds(tx, change.orderId);
      const { paidCents, refundedCents, inFlight } = await paidAndRefunded(tx, change.orderId);
      if (inFlight) throw new DomainError("CONFLICT", refundMessages.inFlight);
      const left = amountLeftToRefund(paidCents, refundedCents);
      if (left > 0) {
        const intent = await requestRefund(tx, provider, {
          orderId: change.orderId,
          reason: "order-cancelled",
          amountCents: left,
          actorUserId: change.actorUserId,
          comment: `Commande ${order.order_number} annulée (${formatEuros(left)})`,
        });
        return { settled: false, intent, leftCents: left };
      }
    }
    await setOrderStatus(tx, change.orderId, "cancelled-by-admin");
    return { settled: true };
  });
  if (step.settled) return { changed: true, refundedCents: 0, moved: [change.orderId] };
  // Done, the refund's settlement has cancelled the order in the same transaction.
  const outcome = await makeRefund(db, provider, step.intent, log);
  if (outcome.state !== "done") return { changed: false, message: outcome.message };
  return { changed: true, refundedCents: step.leftCents, moved: [change.orderId] };
}

/** The same, for one order on its own page: a refusal is the answer's French error (502). */
export async function changeOrderStatusOrThrow(
  db: Database,
  provider: PaymentProvider,
  change: StatusChange,
  log: FastifyBaseLogger,
): Promise<void> {
  const outcome = await changeOrderStatus(db, provider, change, log);
  if (!outcome.changed) throw new DomainError("PAYMENT_PROVIDER_FAILED", outcome.message);
}

/** An order's refunds, newest first, and what a cancellation would give back now. */
export async function listOrderRefunds(db: Queryable, orderId: string): Promise<OrderRefundsResponse> {
  if (!isUuid(orderId)) throw orderNotFound();
  const { rows: found } = await db.execute(sql`SELECT 1 FROM orders WHERE id = ${orderId}`);
  if (found.length === 0) throw orderNotFound();
  const [rows, { paidCents, refundedCents }] = await Promise.all([
    db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(desc(orderRefunds.createdAt), desc(orderRefunds.id)),
    paidAndRefunded(db, orderId),
  ]);
  return {
    refunds: rows.map((row) => ({
      id: row.id,
      reason: row.reason as OrderRefundsResponse["refunds"][number]["reason"],
      state: row.state as OrderRefundsResponse["refunds"][number]["state"],
      amountCents: row.amountCents,
      providerReference: row.providerReference,
      kind: row.kind as RefundKind | null,
      error: row.error,
      createdAt: row.createdAt.toISOString(),
    })),
    paidCents,
    refundableCents: amountLeftToRefund(paidCents, refundedCents),
  };
}
