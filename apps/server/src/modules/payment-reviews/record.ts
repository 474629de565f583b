import { PAYMENT_REVIEW_REASONS, type PaymentReviewReason } from "@vitrine/domain";
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { orders, paymentReviews } from "../../db/schema";
import type { Mailer } from "../../integrations/mail/mailer";
import type { VerifiedNotification } from "../../integrations/payments/payment-provider";
import { isLatePayment } from "../live-claims";
import { paymentReviewMail } from "./review-mail";

/** What the payments module decided for one verified notification or status check. */
export interface SettledPayment {
  provider: string;
  notification: VerifiedNotification;
  /** The payments module's outcome: only wrong-amount and not-payable open a review. */
  outcome: string;
}

const isReviewReason = (outcome: string): outcome is PaymentReviewReason =>
  (PAYMENT_REVIEW_REASONS as readonly string[]).includes(outcome);

/**
 * Opens a "paiement à vérifier" for a paid transaction that moved no order, inside the caller's
 * transaction (the one that records the notification), once per provider transaction; a replay
 * of the transaction that paid the order is "replayed", never a review. The shop is mailed once,
 * when the review is created, after the transaction commits (a rolled-back review is never
 * announced, and the order row is not held locked for the mail server); a mail that fails is
 * logged and leaves the review on the dashboard.
 */
export function createPaymentReviewRecorder({
  mailer,
  shop,
  onMailFailure,
}: {
  mailer: Mailer;
  shop: { name: string; contactEmail: string; appUrl: string };
  onMailFailure: (error: unknown) => void;
}) {
  /** Resolves to the shop's mail, to send once the caller's transaction committed; null: no review. */
  return async function recordPaymentToReview(
    tx: Queryable,
    settled: SettledPayment,
  ): Promise<(() => Promise<void>) | null> {
    const { notification, outcome } = settled;
    const transaction = notification.transaction;
    if (!isReviewReason(outcome) || !transaction || transaction.status !== "PAID") return null;
    // Both outcomes come after the order row was found and locked: orderRef is that order's id.
    const orderId = notification.orderRef;
    const [created] = await tx
      .insert(paymentReviews)
      .values({
        provider: settled.provider,
        transactionId: transaction.id.slice(0, 200),
        orderId,
        amountCents: transaction.amountCents,
        currency: transaction.currency.slice(0, 10),
        reason: outcome,
      })
      .onConflictDoNothing({ target: paymentReviews.transactionId })
      .returning({ id: paymentReviews.id, createdAt: paymentReviews.createdAt });
    if (!created) return null;
    const [order] = orderId
      ? await tx.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, orderId))
      : [];
    const mail = paymentReviewMail(
      shop.contactEmail,
      {
        amountCents: transaction.amountCents,
        currency: transaction.currency,
        transactionId: transaction.id,
        receivedAt: created.createdAt,
        reason: outcome,
        orderNumber: order?.orderNumber ?? null,
        // The database made it a late payment when the review was written (decision 036).
        late: await isLatePayment(tx, created.id),
      },
      { name: shop.name, appUrl: shop.appUrl },
    );
    return () => mailer.send(mail).catch(onMailFailure);
  };
}

export type RecordPaymentToReview = ReturnType<typeof createPaymentReviewRecorder>;
