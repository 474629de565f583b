import * as z from "zod/mini";
import { PAYMENT_REVIEW_REASONS, PAYMENT_REVIEW_STATUSES } from "../payment-review";
import { ORDER_STATUSES } from "../order-status";

/** A piece a late payment was for, and who holds it now. */
export const latePaymentPieceSchema = z.object({
  productId: z.string(),
  ref: z.int(),
  name: z.string(),
  priceCents: z.int(),
  /** The handle holding the piece now (the next viewer's, or the payer's once given back); null: free. */
  heldBy: z.nullable(z.string()),
  /** Whether that holder's order no longer waits for payment. */
  heldByPaid: z.boolean(),
});
export type LatePaymentPiece = z.infer<typeof latePaymentPieceSchema>;

/** A payment taken without moving its order, as the back office lists it. */
export const paymentReviewSchema = z.object({
  id: z.string(),
  provider: z.string(),
  /** The provider's reference of the payment (Lyra's transaction uuid). */
  transactionId: z.string(),
  amountCents: z.int(),
  currency: z.string(),
  reason: z.enum(PAYMENT_REVIEW_REASONS),
  /** ISO 8601 instant the payment was received. */
  receivedAt: z.string(),
  /** Null when the payment names no order of the shop any more. */
  order: z.nullable(
    z.object({
      id: z.string(),
      orderNumber: z.string(),
      status: z.enum(ORDER_STATUSES),
      totalAmountCents: z.int(),
    }),
  ),
  status: z.enum(PAYMENT_REVIEW_STATUSES),
  /** The provider's last refusal of a refund, in French, while the payment is still to review. */
  refundError: z.nullable(z.string()),
  /** A refund on its way (requested) or whose answer never came (to-check): nothing else is done meanwhile. */
  refundState: z.nullable(z.enum(["requested", "to-check"])),
  resolvedAt: z.nullable(z.string()),
  resolvedBy: z.nullable(z.string()),
  /**
   * Set when the payment arrived after the hold of pieces it paid for had ended: its payer is not
   * counted an unpaid hold, and staff may give the pieces back ('give-back') or refund it.
   */
  latePayment: z.nullable(
    z.object({
      pieces: z.array(latePaymentPieceSchema),
      /** Why the pieces cannot go back to the payer now, in French; null when they can. */
      giveBackRefusal: z.nullable(z.string()),
    }),
  ),
});
export type PaymentReview = z.infer<typeof paymentReviewSchema>;

/** GET /api/admin/payment-reviews: the payments still to review, newest first (one order's with orderId). */
export const paymentReviewListQuerySchema = z.object({ orderId: z.optional(z.uuid()) });
export type PaymentReviewListQuery = z.infer<typeof paymentReviewListQuerySchema>;

export const paymentReviewListResponseSchema = z.object({ reviews: z.array(paymentReviewSchema) });
export type PaymentReviewListResponse = z.infer<typeof paymentReviewListResponseSchema>;

export const paymentReviewResponseSchema = z.object({ review: paymentReviewSchema });
export type PaymentReviewResponse = z.infer<typeof paymentReviewResponseSchema>;
