import { refundMessages, type RefundReason } from "@vitrine/domain";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Transaction } from "../../db/client";
import { orderRefunds } from "../../db/schema";
import { DomainError } from "../../http/errors";
import {
  PaymentProviderError,
  type PaymentProvider,
  type RefundResult,
} from "../../integrations/payments/payment-provider";
import { recordAuditEvent } from "../audit-events";
import { orderNotFound } from "../orders";

export interface RefundOrderRequest {
  orderId: string;
  reason: RefundReason;
  amountCents: number;
  /** Staff who asked; null when the app did it by itself. */
  actorUserId: string | null;
  /** Shown in the provider's back office beside the refund. */
  comment: string;
}

export type RefundOutcome =
  { refunded: true; refundId: string; result: RefundResult } | { refunded: false; message: string };

type RefundableTransaction = {
  provider: string;
  transaction_id: string;
  left_cents: number;
};

/**
 * Gives part or all of an order's payment back through the provider, in the caller's transaction
 * (decision 033). The order's row stays locked during the provider's call, so a second refund of
 * the same order (another click, another instance) waits and then sees this one.
 *
 * - A rule broken (no payment, more than is left) throws a French DomainError: nothing is written.
 * - The provider's refusal, or no answer, is recorded `refused` and returned, never thrown: the
 *   caller commits it (staff read it) and changes nothing else, then tells staff.
 * - Done, the refund is recorded with the provider's reference and written to the audit log.
 */
export async function refundOrderPayment(
  tx: Transaction,
  provider: PaymentProvider,
  request: RefundOrderRequest,
  log: FastifyBaseLogger,
): Promise<RefundOutcome> {
  const { rows: locked } = await tx.execute<{ user_id: string }>(
    sql`SELECT user_id FROM orders WHERE id = ${request.orderId} FOR UPDATE`,
  );
  const order = locked[0];
  if (!order) throw orderNotFound();

  // What each payment of the order has left once its refunds are taken off: the one that can
  // carry this refund whole is used (an order is paid by one transaction but for rare cases).
  const { rows: payments } = await tx.execute<RefundableTransaction>(sql`
    SELECT t.provider, t.transaction_id,
           (t.amount_cents - coalesce((SELECT sum(r.amount_cents) FROM order_refunds r
                                       WHERE r.transaction_id = t.transaction_id AND r.state = 'done'), 0))::int AS left_cents
    FROM payment_transactions t
    WHERE t.order_id = ${request.orderId}
    ORDER BY t.created_at DESC`);
  if (payments.length === 0) throw new DomainError("CONFLICT", refundMessages.notPaid);
  const payment = payments.find((candidate) => candidate.left_cents >= request.amountCents);
  if (!payment) {
    const left = payments.reduce((sum, candidate) => sum + Math.max(candidate.left_cents, 0), 0);
    throw new DomainError("CONFLICT", left === 0 ? refundMessages.nothingLeft : refundMessages.tooMuch);
  }

  const base = {
    orderId: request.orderId,
    reason: request.reason,
    amountCents: request.amountCents,
    provider: payment.provider,
    transactionId: payment.transaction_id,
    createdByUserId: request.actorUserId,
  };
  let result: RefundResult;
  try {
    result = await provider.refund({
      transactionId: payment.transaction_id,
      amountCents: request.amountCents,
      currency: "EUR",
      comment: request.comment,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log.warn({ err: error, orderId: request.orderId }, "the payment provider did not refund an order");
    const message = error.providerCode ? refundMessages.refused : refundMessages.unreachable;
    await tx.insert(orderRefunds).values({ ...base, state: "refused", error: message });
    return { refunded: false, message };
  }
  const [refund] = await tx
    .insert(orderRefunds)
    .values({ ...base, state: "done", providerReference: result.reference, kind: result.kind })
    .returning({ id: orderRefunds.id });
  await recordAuditEvent(tx, {
    actorUserId: request.actorUserId,
    subjectUserId: order.user_id,
    action: "order-refunded",
    details: {
      orderId: request.orderId,
      reason: request.reason,
      amountCents: request.amountCents,
      refundReference: result.reference,
      refundKind: result.kind,
    },
  });
  return { refunded: true, refundId: refund!.id, result };
}
