import { orderStatusBadgeTones, orderStatusLabels, type BadgeTone, type OrderStatus } from "@vitrine/domain";
import { cn } from "../lib/cn";

// Each pair passes WCAG AA contrast (4.5:1) for the badge's small bold text.
const toneClasses: Record<BadgeTone, string> = {
  grey: "bg-stone-100 text-stone-700",
  red: "bg-red-50 text-red-700",
  "light-green": "bg-lime-100 text-lime-900",
  purple: "bg-purple-50 text-purple-700",
  indigo: "bg-indigo-50 text-indigo-700",
  green: "bg-green-50 text-green-800",
};

/** An order's status as a coloured label, the same in the customer area and the back office. */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        toneClasses[orderStatusBadgeTones[status]],
        className,
      )}
    >
      {orderStatusLabels[status]}
    </span>
  );
}
