import {
  customerRefundMessages,
  orderStatusBanners,
  paymentReviewMessages,
  type CustomerOrderSummary,
} from "@vitrine/domain";
import { OrderStatusBadge } from "../../../components/order-status-badge";
import { cn } from "../../../lib/cn";
import { RefundedBadge } from "./order-refund-status";

type StatusOf = Pick<CustomerOrderSummary, "status" | "paymentUnderReview" | "refund">;

/**
 * The order's status as its customer reads it: while staff check a payment it made (a payment to
 * review), "payment received, being checked" rather than a status that would ask to pay again.
 */
export function CustomerOrderStatusBadge({ order, className }: { order: StatusOf; className?: string }) {
  if (order.refund) return <RefundedBadge className={className} />;
  if (!order.paymentUnderReview) return <OrderStatusBadge status={order.status} className={className} />;
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-700",
        className,
      )}
    >
      {paymentReviewMessages.customerStatus}
    </span>
  );
}

/** The sentence under the status: what happens next for this order. */
export function customerOrderBanner(order: StatusOf): string {
  if (order.refund) return customerRefundMessages.banner;
  return order.paymentUnderReview ? paymentReviewMessages.customerBanner : orderStatusBanners[order.status];
}
