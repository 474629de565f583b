import { refundMessages, type RefundReason } from "@vitrine/domain";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable, Transaction } from "../../db/client";
import { paidOrderStatuses } from "../../db/order-status-sql";
import { DomainError } from "../../http/errors";
import {
  PaymentProviderError,
  type PaymentProvider,
  type RefundResult,
} from "../../integrations/payments/payment-provider";
import { recordAuditEvent } from "../audit-events";
import { orderNotFound, setOrderStatus } from "../orders";

/** The job that reads back a refund whose answer never came (a timeout, a crash). */
export const REFUND_CHECK_TASK = "refund_check";

export interface RefundOrderRequest {
  orderId: string;
  reason: RefundReason;
  amountCents: number;
  /** Staff who asked; null when the app did it by itself. */
  actorUserId: string | null;
  /** Shown in the provider's back office beside the refund. */
  comment: string;
}

/** A refund committed `requested`, ready to be asked of the provider outside any transaction. */
export interface RefundIntent {
  id: string;
  orderId: string;
  reason: RefundReason;
  amountCents: number;
  transactionId: string;
  actorUserId: string | null;
  comment: string;
}

export type RefundOutcome =
  | { state: "done"; refundId: string; result: RefundResult }
  /** The provider refused: nothing went back. */
  | { state: "refused"; message: string }
  /** The provider did not answer: the money may have gone; the check job settles it. */
  | { state: "to-check"; message: string };

type PaymentLeft = { transaction_id: string; provider: string; left_cents: number; in_flight: boolean };

/**
 * How long after it was asked a refund is read back from the provider: by then the call has
 * ended one way or the other (it gives up at the provider's timeout).
 */
export function refundCheckDelayMs(provider: PaymentProvider): number {
  return provider.answerTimeoutMs * 2;
}

/** The refund's check job, due once its call has surely ended (one job per refund: its key). */
function addRefundCheck(db: Queryable, provider: PaymentProvider, refundId: string) {
  return db.execute(sql`
    SELECT graphile_worker.add_job(${REFUND_CHECK_TASK}, json_build_object('refundId', r.id),
             run_at := greatest(now(), r.created_at + make_interval(secs => ${refundCheckDelayMs(provider) / 1000})),
             max_attempts := 25, job_key := 'refund-check:' || r.id)
    FROM order_refunds r WHERE r.id = ${refundId}`);
}

/**
 * The refunds an instance that stopped (or crashed) left in flight get their check job again: a
 * job a dead worker held stays locked for hours, and a refund must not wait that long.
 */
export async function resumeRefundChecks(db: Database, provider: PaymentProvider): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(
    sql`SELECT id FROM order_refunds WHERE state IN ('requested', 'to-check')`,
  );
  for (const { id } of rows) await addRefundCheck(db, provider, id);
  return rows.length;
}

/**
 * Refunds of one order are asked one after the other: a transaction-scoped lock of their own, not
 * the order's row, which the claims engine and staff's other changes need meanwhile. Whoever
 * holds an order's row while asking for this lock holds it FOR NO KEY UPDATE: the refund's row
 * only needs the order's key (its foreign key), so the two never wait for each other in a circle.
 */
export async function lockOrderRefunds(tx: Transaction, orderId: string): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext('vitrine:order-refunds'), hashtext(${orderId}))`,
  );
}

/**
 * The first half of a refund, in the caller's transaction: the order's refunds are locked, what
 * each of its payments has left is read (every refund not refused counts, settled or not), and the
 * refund is written `requested` with the job that will read it back if no answer settles it. The
 * caller commits, then calls `makeRefund` with no lock held: the provider's time never holds the
 * order.
 *
 * Each refund is keyed by what it pays back (the payment, and the reason): a second one of the
 * same key is refused by the caller's rule or, as a backstop, by the database's unique index,
 * before the provider is ever called.
 */
export async function requestRefund(
  tx: Transaction,
  provider: PaymentProvider,
  request: RefundOrderRequest,
): Promise<RefundIntent> {
  await lockOrderRefunds(tx, request.orderId);
  const { rows: found } = await tx.execute(sql`SELECT 1 FROM orders WHERE id = ${request.orderId}`);
  if (found.length === 0) throw orderNotFound();

  // What each payment of the order has left once the refunds not refused are taken off; the one
  // that can carry this refund whole is used (an order is paid by one transaction but for rare
  // cases, such as a cancelled order paid again).
  const { rows: payments } = await tx.execute<PaymentLeft>(sql`
    SELECT t.transaction_id, t.provider,
           (t.amount_cents - coalesce((SELECT sum(r.amount_cents) FROM order_refunds r
                                       WHERE r.transaction_id = t.transaction_id AND r.state <> 'refused'), 0))::int AS left_cents,
           EXISTS (SELECT 1 FROM order_refunds r WHERE r.transaction_id = t.transaction_id
                   AND r.state IN ('requested', 'to-check')) AS in_flight
    FROM payment_transactions t
    WHERE t.order_id = ${request.orderId}
    ORDER BY t.created_at DESC, t.transaction_id`);
  if (payments.length === 0) throw new DomainError("CONFLICT", refundMessages.notPaid);
  if (payments.some((payment) => payment.in_flight))
    throw new DomainError("CONFLICT", refundMessages.inFlight);
  const payment = payments.find((candidate) => candidate.left_cents >= request.amountCents);
  if (!payment) {
    const left = payments.reduce((sum, candidate) => sum + Math.max(candidate.left_cents, 0), 0);
    throw new DomainError("CONFLICT", left === 0 ? refundMessages.nothingLeft : refundMessages.tooMuch);
  }

  const { rows } = await tx.execute<{ id: string }>(sql`
    INSERT INTO order_refunds (order_id, reason, state, amount_cents, provider, transaction_id, created_by_user_id)
    VALUES (${request.orderId}, ${request.reason}, 'requested', ${request.amountCents}, ${payment.provider},
            ${payment.transaction_id}, ${request.actorUserId})
    RETURNING id`);
  const id = rows[0]!.id;
  await addRefundCheck(tx, provider, id);
  return {
    id,
    orderId: request.orderId,
    reason: request.reason,
    amountCents: request.amountCents,
    transactionId: payment.transaction_id,
    actorUserId: request.actorUserId,
    comment: request.comment,
  };
}

type Settlement =
  | { state: "done"; result: RefundResult }
  | { state: "refused"; message: string }
  | { state: "to-check"; message: string };

/**
 * Writes what became of a refund. Only a refund still in flight moves (whoever settles it first
 * wins, the check job or the call's answer). Done, it goes to the audit log, and a cancelled
 * order's refund finishes what staff asked: the order is cancelled (its pieces go back to sale by
 * the order_items triggers). The order's row is locked last, for its status alone, so the lock
 * lasts no longer than the cancellation itself.
 */
async function settleRefund(db: Database, refundId: string, settlement: Settlement): Promise<boolean> {
  return db.transaction(async (tx) => {
    const from = settlement.state === "to-check" ? sql`('requested')` : sql`('requested', 'to-check')`;
    const { rows: updated } = await tx.execute<{
      order_id: string;
      reason: RefundReason;
      amount_cents: number;
      created_by_user_id: string | null;
      user_id: string;
    }>(sql`
      UPDATE order_refunds r SET state = ${settlement.state},
        provider_reference = ${settlement.state === "done" ? settlement.result.reference : null},
        kind = ${settlement.state === "done" ? settlement.result.kind : null},
        error = ${settlement.state === "done" ? null : settlement.message},
        settled_at = CASE WHEN ${settlement.state} = 'to-check' THEN NULL ELSE now() END,
        updated_at = now()
      FROM orders o
      WHERE r.id = ${refundId} AND r.state IN ${from} AND o.id = r.order_id
      RETURNING r.order_id, r.reason, r.amount_cents, r.created_by_user_id, o.user_id`);
    const refund = updated[0];
    if (!refund) return false;
    if (settlement.state !== "done") return true;
    await recordAuditEvent(tx, {
      actorUserId: refund.created_by_user_id,
      subjectUserId: refund.user_id,
      action: "order-refunded",
      details: {
        orderId: refund.order_id,
        reason: refund.reason,
        amountCents: refund.amount_cents,
        refundReference: settlement.result.reference,
        refundKind: settlement.result.kind,
      },
    });
    if (refund.reason === "order-cancelled") {
      const { rows } = await tx.execute<{ paid: boolean }>(sql`
        SELECT status = ANY (${paidOrderStatuses}) AS paid FROM orders WHERE id = ${refund.order_id} FOR NO KEY UPDATE`);
      if (rows[0]?.paid) await setOrderStatus(tx, refund.order_id, "cancelled-by-admin");
    }
    return true;
  });
}

/**
 * The second half of a refund: the provider is asked with no transaction open, then its answer
 * is written. A refusal (the provider's code) is `refused`: nothing went back. No answer (a
 * timeout, a dropped connection) is `to-check`: the check job reads the payment back from the
 * provider before anything is tried again. A crash before the answer is written leaves the row
 * `requested`, which the same job settles.
 */
export async function makeRefund(
  db: Database,
  provider: PaymentProvider,
  intent: RefundIntent,
  log: FastifyBaseLogger,
): Promise<RefundOutcome> {
  let result: RefundResult;
  try {
    result = await provider.refund({
      transactionId: intent.transactionId,
      amountCents: intent.amountCents,
      currency: "EUR",
      comment: intent.comment,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log.warn(
      { err: error, orderId: intent.orderId, refundId: intent.id },
      "the payment provider did not refund",
    );
    const settlement: Settlement = error.providerCode
      ? { state: "refused", message: refundMessages.refused }
      : { state: "to-check", message: refundMessages.toCheck };
    await settleRefund(db, intent.id, settlement);
    return settlement;
  }
  if (!(await settleRefund(db, intent.id, { state: "done", result }))) {
    // The check job read it back first and settled it: its reading stands.
    log.warn({ orderId: intent.orderId, refundId: intent.id }, "a refund was settled before its answer came");
  }
  return { state: "done", refundId: intent.id, result };
}

/** `requestRefund` in its own transaction, then `makeRefund`: a refund on its own. */
export async function refundOrderPayment(
  db: Database,
  provider: PaymentProvider,
  request: RefundOrderRequest,
  log: FastifyBaseLogger,
): Promise<RefundOutcome> {
  const intent = await db.transaction((tx) => requestRefund(tx, provider, request));
  return makeRefund(db, provider, intent, log);
}

type InFlightRefund = {
  id: string;
  order_id: string;
  state: string;
  amount_cents: number;
  transaction_id: string;
  paid_cents: number;
};

async function inFlightRefund(db: Queryable, refundId: string): Promise<InFlightRefund | undefined> {
  const { rows } = await db.execute<InFlightRefund>(sql`
    SELECT r.id, r.order_id, r.state, r.amount_cents, r.transaction_id,
           coalesce((SELECT t.amount_cents FROM payment_transactions t WHERE t.transaction_id = r.transaction_id), 0)::int AS paid_cents
    FROM order_refunds r WHERE r.id = ${refundId}`);
  return rows[0];
}

/**
 * The check job: a refund still `requested` or `to-check` once its call has surely ended is
 * read back from the provider. One refund of a payment is in flight at a time (a unique index),
 * so what the provider gave back on that payment beyond the settled refunds is this one: done if
 * it covers it, refused if the provider has nothing more. The provider unreachable, the job
 * throws and the queue tries again later; the refund stays `to-check` meanwhile.
 */
export async function checkRefund(
  db: Database,
  provider: PaymentProvider,
  refundId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const refund = await inFlightRefund(db, refundId);
  if (!refund || (refund.state !== "requested" && refund.state !== "to-check")) return;
  if (refund.state === "requested") {
    await settleRefund(db, refundId, { state: "to-check", message: refundMessages.toCheck });
  }
  const { rows: settled } = await db.execute<{ amount_cents: number; provider_reference: string | null }>(sql`
    SELECT amount_cents, provider_reference FROM order_refunds
    WHERE transaction_id = ${refund.transaction_id} AND state = 'done' AND id <> ${refundId}`);
  const reading = await readRefundBack(
    provider,
    { orderId: refund.order_id, transactionId: refund.transaction_id, paidCents: refund.paid_cents },
    {
      amountCents: refund.amount_cents,
      settled: settled.map((row) => ({ amountCents: row.amount_cents, reference: row.provider_reference })),
    },
  );
  if (reading.state === "done") {
    await settleRefund(db, refundId, reading);
    log.info({ orderId: refund.order_id, refundId }, "an unanswered refund was found made at the provider");
  } else {
    await settleRefund(db, refundId, { state: "refused", message: refundMessages.notMade });
    log.info({ orderId: refund.order_id, refundId }, "an unanswered refund was not made at the provider");
  }
}

/**
 * What became of a refund whose answer never came, read back from the provider. Only one refund
 * of a payment is in flight at a time, so what the provider gave back on it beyond the refunds
 * already settled is this one: made if it covers the amount, not made if there is nothing more.
 * Anything between is not ours to guess: it throws, and the job tries again later.
 */
export async function readRefundBack(
  provider: PaymentProvider,
  payment: { orderId: string; transactionId: string; paidCents: number },
  refund: { amountCents: number; settled: { amountCents: number; reference: string | null }[] },
): Promise<{ state: "done"; result: RefundResult } | { state: "not-made" }> {
  const given = await provider.refundsOf(payment);
  const known = new Set(refund.settled.map((one) => one.reference));
  const beyondSettled =
    given.reduce((sum, one) => sum + one.amountCents, 0) -
    refund.settled.reduce((sum, one) => sum + one.amountCents, 0);
  if (beyondSettled >= refund.amountCents) {
    const match =
      given.find((one) => !known.has(one.reference) && one.amountCents === refund.amountCents) ??
      given.find((one) => !known.has(one.reference)) ??
      given[0]!;
    return { state: "done", result: { reference: match.reference, kind: match.kind } };
  }
  if (beyondSettled <= 0) return { state: "not-made" };
  throw new Error(
    `payment ${payment.transactionId}: the provider gave back ${beyondSettled} cents beyond the settled refunds, not the ${refund.amountCents} asked`,
  );
}
