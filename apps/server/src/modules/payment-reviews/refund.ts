import { paymentReviewMessages } from "@vitrine/domain";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable } from "../../db/client";
import { DomainError } from "../../http/errors";
import {
  PaymentProviderError,
  type PaymentProvider,
  type RefundResult,
} from "../../integrations/payments/payment-provider";
import { recordAuditEvent } from "../audit-events";
import { readRefundBack, refundCheckDelayMs } from "../refunds";

/** The job that reads back a payment to review whose refund was never answered. */
export const REVIEW_REFUND_CHECK_TASK = "payment_review_refund_check";

type ReviewRefund = {
  id: string;
  transaction_id: string;
  order_id: string | null;
  amount_cents: number;
  currency: string;
  status: string;
  order_number: string | null;
  user_id: string | null;
  refund_state: "requested" | "to-check" | null;
  refund_requested_by_user_id: string | null;
};

const reviewRefundOf = async (
  db: Queryable,
  id: string,
  lock: boolean,
): Promise<ReviewRefund | undefined> => {
  const { rows } = await db.execute<ReviewRefund>(sql`
    SELECT r.id, r.transaction_id, r.order_id, r.amount_cents, r.currency, r.status, r.refund_state,
           r.refund_requested_by_user_id, o.order_number, o.user_id
    FROM payment_reviews r LEFT JOIN orders o ON o.id = r.order_id
    WHERE r.id = ${id} ${lock ? sql`FOR UPDATE OF r` : sql``}`);
  return rows[0];
};

function addReviewRefundCheck(db: Queryable, provider: PaymentProvider, id: string) {
  return db.execute(sql`
    SELECT graphile_worker.add_job(${REVIEW_REFUND_CHECK_TASK}, json_build_object('reviewId', r.id),
             run_at := greatest(now(), r.refund_requested_at + make_interval(secs => ${refundCheckDelayMs(provider) / 1000})),
             max_attempts := 25, job_key := 'review-refund-check:' || r.id)
    FROM payment_reviews r WHERE r.id = ${id}`);
}

/**
 * Marks the review's refund `requested` with its check job, in a short transaction holding only
 * the review: the provider is asked after the commit (decision 034). A refund already on its way
 * or to check is refused; so is a review already settled.
 */
async function requestReviewRefund(db: Database, provider: PaymentProvider, id: string, actorUserId: string) {
  return db.transaction(async (tx) => {
    const review = await reviewRefundOf(tx, id, true);
    if (!review) throw new DomainError("NOT_FOUND", paymentReviewMessages.notFound);
    if (review.status !== "open") throw new DomainError("CONFLICT", paymentReviewMessages.alreadyResolved);
    if (review.refund_state) throw new DomainError("CONFLICT", paymentReviewMessages.refundInFlight);
    await tx.execute(sql`
      UPDATE payment_reviews SET refund_state = 'requested', refund_requested_at = now(),
        refund_requested_by_user_id = ${actorUserId}, refund_error = NULL
      WHERE id = ${id}`);
    await addReviewRefundCheck(tx, provider, id);
    return review;
  });
}

type ReviewSettlement =
  { state: "done"; result: RefundResult } | { state: "refused"; message: string } | { state: "to-check" };

/** Writes what became of the review's refund; only a refund still in flight moves. */
async function settleReviewRefund(db: Database, id: string, settlement: ReviewSettlement): Promise<boolean> {
  return db.transaction(async (tx) => {
    const review = await reviewRefundOf(tx, id, true);
    const inFlight =
      settlement.state === "to-check"
        ? review?.refund_state === "requested"
        : review?.refund_state === "requested" || review?.refund_state === "to-check";
    if (!review || !inFlight) return false;
    if (settlement.state === "to-check") {
      await tx.execute(sql`
        UPDATE payment_reviews SET refund_state = 'to-check', refund_error = ${paymentReviewMessages.refundToCheck}
        WHERE id = ${id}`);
      return true;
    }
    if (settlement.state === "refused") {
      await tx.execute(sql`
        UPDATE payment_reviews SET refund_state = NULL, refund_error = ${settlement.message} WHERE id = ${id}`);
      return true;
    }
    await tx.execute(sql`
      UPDATE payment_reviews SET status = 'refunded', refund_state = NULL, refund_error = NULL,
        refund_reference = ${settlement.result.reference}, resolved_at = now(),
        resolved_by_user_id = refund_requested_by_user_id
      WHERE id = ${id}`);
    await recordAuditEvent(tx, {
      actorUserId: review.refund_requested_by_user_id,
      subjectUserId: review.user_id,
      action: "payment-refunded",
      details: {
        reviewId: id,
        orderNumber: review.order_number,
        transactionId: review.transaction_id,
        amountCents: review.amount_cents,
        currency: review.currency,
        refundReference: settlement.result.reference,
        refundKind: settlement.result.kind,
      },
    });
    return true;
  });
}

/**
 * Gives a payment to review back through the provider, as an order's refund is given (decision
 * 034): written `requested`, the provider asked with nothing locked, the answer written. A
 * refusal (the provider's code) leaves the review open with its French reason; no answer leaves
 * it `to-check` until the check job has read the payment back. Throws the French error staff read.
 */
export async function refundPaymentToReview(
  db: Database,
  provider: PaymentProvider,
  id: string,
  actorUserId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const review = await requestReviewRefund(db, provider, id, actorUserId);
  let result: RefundResult;
  try {
    result = await provider.refund({
      transactionId: review.transaction_id,
      amountCents: review.amount_cents,
      currency: review.currency,
      comment: review.order_number
        ? `Paiement à vérifier de la commande ${review.order_number}`
        : "Paiement à vérifier",
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log.warn({ err: error, reviewId: id }, "the payment provider did not refund a payment to review");
    if (error.providerCode) {
      await settleReviewRefund(db, id, { state: "refused", message: paymentReviewMessages.refundRefused });
      throw new DomainError("PAYMENT_PROVIDER_FAILED", paymentReviewMessages.refundRefused);
    }
    await settleReviewRefund(db, id, { state: "to-check" });
    throw new DomainError("PAYMENT_PROVIDER_FAILED", paymentReviewMessages.refundToCheck);
  }
  await settleReviewRefund(db, id, { state: "done", result });
}

/**
 * The check job: a review's refund still in flight once its call has surely ended is read back
 * from the provider (its order's transactions). A review whose order is gone cannot be read back
 * that way: the job fails and stays `to-check`, for staff to settle in the provider's back office.
 */
export async function checkReviewRefund(
  db: Database,
  provider: PaymentProvider,
  id: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const review = await reviewRefundOf(db, id, false);
  if (!review?.refund_state) return;
  if (review.refund_state === "requested") await settleReviewRefund(db, id, { state: "to-check" });
  if (!review.order_id) throw new Error(`payment review ${id}: no order to read its refund back from`);
  const reading = await readRefundBack(
    provider,
    { orderId: review.order_id, transactionId: review.transaction_id, paidCents: review.amount_cents },
    { amountCents: review.amount_cents, settled: [] },
  );
  if (reading.state === "done") {
    await settleReviewRefund(db, id, reading);
    log.info({ reviewId: id }, "an unanswered refund of a payment to review was found made");
  } else {
    await settleReviewRefund(db, id, { state: "refused", message: paymentReviewMessages.refundNotMade });
    log.info({ reviewId: id }, "an unanswered refund of a payment to review was not made");
  }
}

/** Reviews an instance left with a refund in flight get their check job again when one starts. */
export async function resumeReviewRefundChecks(db: Database, provider: PaymentProvider): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(
    sql`SELECT id FROM payment_reviews WHERE refund_state IS NOT NULL`,
  );
  for (const { id } of rows) await addReviewRefundCheck(db, provider, id);
  return rows.length;
}
