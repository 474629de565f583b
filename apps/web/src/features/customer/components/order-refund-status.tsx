import { customerRefundMessages, formatEuros, refundLabels, type CustomerOrderRefund } from "@vitrine/domain";
import { cn } from "../../../lib/cn";
import { formatLongDate } from "../../../lib/long-date";

/** 'Remboursée' in place of "Annulée par l'admin": the shop cancelled the order and gave the money back. */
export function RefundedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-stone-700",
        className,
      )}
    >
      {refundLabels.refunded}
    </span>
  );
}

/** "Remboursée : 25,80 €" and when, on a refunded order's card and page; nothing otherwise. */
export function OrderRefundNotice({ refund }: { refund: CustomerOrderRefund | null }) {
  if (!refund) return null;
  return (
    <p className="flex flex-col gap-0.5 rounded-lg border border-border bg-muted/50 p-3 text-sm leading-5">
      <span className="font-semibold tabular-nums">
        {refundLabels.refundedAmount(formatEuros(refund.amountCents))}
      </span>
      <span className="text-muted-foreground">
        {customerRefundMessages.refundedOn(formatLongDate(refund.refundedAt))}
      </span>
    </p>
  );
}
