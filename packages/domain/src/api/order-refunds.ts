import * as z from "zod/mini";
import { REFUND_REASONS, REFUND_STATES } from "../after-live";
import { REFUND_KINDS } from "../order-refund";

/** One refund asked of the provider for an order, as staff read it on the order's page. */
export const orderRefundViewSchema = z.object({
  id: z.string(),
  reason: z.enum(REFUND_REASONS),
  state: z.enum(REFUND_STATES),
  amountCents: z.int(),
  /** The provider's reference of the refund or cancellation; null when refused. */
  providerReference: z.nullable(z.string()),
  kind: z.nullable(z.enum(REFUND_KINDS)),
  /** Why it was refused, in French; null when done. */
  error: z.nullable(z.string()),
  /** ISO 8601 instant. */
  createdAt: z.string(),
});
export type OrderRefundView = z.infer<typeof orderRefundViewSchema>;

/**
 * GET /api/admin/orders/:id/refunds: the order's refunds, newest first, and what a cancellation
 * would give back now (what was paid online minus what went back).
 */
export const orderRefundsResponseSchema = z.object({
  refunds: z.array(orderRefundViewSchema),
  paidCents: z.int(),
  refundableCents: z.int(),
});
export type OrderRefundsResponse = z.infer<typeof orderRefundsResponseSchema>;

/** A customer's order cancelled by the shop and refunded: the money given back, and when. */
export const customerOrderRefundSchema = z.object({
  amountCents: z.int(),
  /** ISO 8601 instant of the last refund. */
  refundedAt: z.string(),
});
export type CustomerOrderRefund = z.infer<typeof customerOrderRefundSchema>;
