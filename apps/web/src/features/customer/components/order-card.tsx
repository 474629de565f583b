import {
  formatEuros,
  mainActionOpensOrder,
  orderMainAction,
  type CustomerOrderSummary,
} from "@vitrine/domain";
import { useId } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatLongDate } from "../../../lib/long-date";
import { paths } from "../../../lib/paths";
import { CustomerOrderStatusBadge, customerOrderBanner } from "./customer-order-status";
import { OrderItemList } from "./order-item-list";
import { OrderMainAction } from "./order-main-action";
import { OrderParcelLine } from "./order-parcel-line";
import { OrderRefundNotice } from "./order-refund-status";

const cardClassName = "flex flex-col gap-4 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6";
// The main action comes first for keyboards and on phones; on wider screens it sits rightmost.
const actionsClassName = "flex flex-col gap-2 sm:flex-row-reverse";

/** One order of /customer/orders; named by its number for assistive technologies. */
export function OrderCard({ order }: { order: CustomerOrderSummary }) {
  const titleId = useId();
  const action = orderMainAction(
    order.status,
    order.trackingId,
    order.paymentUnderReview,
    order.items.length > 0,
  );
  return (
    <article aria-labelledby={titleId} className={cardClassName}>
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg leading-7 font-semibold break-words">
            {order.orderNumber}
          </h2>
          <p className="text-sm leading-5 text-muted-foreground">
            <time dateTime={order.orderDate}>{formatLongDate(order.orderDate)}</time>
          </p>
        </div>
        <CustomerOrderStatusBadge order={order} className="mt-1" />
      </header>
      <p className="text-sm leading-5">{customerOrderBanner(order)}</p>
      <OrderParcelLine parcel={order.parcel} />
      <OrderRefundNotice refund={order.refund} />
      <OrderItemList items={order.items} />
      <p className="flex items-baseline justify-between gap-4 border-t border-border pt-4 leading-6">
        <span className="font-medium">Total</span>
        <span className="font-semibold tabular-nums">{formatEuros(order.totalAmountCents)}</span>
      </p>
      <div className={actionsClassName}>
        <OrderMainAction order={order} action={action} />
        {mainActionOpensOrder(action) ? null : (
          <Button asChild variant="outline">
            <Link to={paths.customer.order(order.id)}>Voir le détail</Link>
          </Button>
        )}
      </div>
    </article>
  );
}

/** An order card while the list loads, line for line the height of a one-piece order. */
export function OrderCardSkeleton() {
  return (
    <div aria-hidden="true" className={cardClassName}>
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-col">
          <Skeleton className="my-1 h-5 w-36" />
          <Skeleton className="my-0.5 h-4 w-24" />
        </div>
        <Skeleton className="mt-1 h-5 w-20 rounded-full" />
      </div>
      {/* The banner's sentence takes two lines on a phone. */}
      <div className="flex flex-col">
        <Skeleton className="my-0.5 h-4 w-4/5" />
        <Skeleton className="my-0.5 h-4 w-2/5 sm:hidden" />
      </div>
      <div className="flex flex-col">
        <Skeleton className="my-1 h-4 w-40" />
        <Skeleton className="my-0.5 h-4 w-16" />
      </div>
      <div className="flex items-center justify-between border-t border-border pt-4">
        <Skeleton className="my-1 h-4 w-12" />
        <Skeleton className="my-1 h-4 w-16" />
      </div>
      <div className={actionsClassName}>
        <Skeleton className="h-10 sm:w-44" />
        <Skeleton className="h-10 sm:w-32" />
      </div>
    </div>
  );
}
