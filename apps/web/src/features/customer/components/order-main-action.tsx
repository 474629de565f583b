import {
  laPosteTrackingUrl,
  type CustomerOrderSummary,
  type OrderMainAction as MainAction,
} from "@vitrine/domain";
import { ExternalLinkIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../lib/paths";
import { rememberOrderToPay } from "../order-to-pay";

/** The orders list's main button for one order: validate, pay, follow the parcel or open it. */
export function OrderMainAction({ order, action }: { order: CustomerOrderSummary; action: MainAction }) {
  switch (action.kind) {
    case "pay":
      return (
        <Button asChild>
          <Link
            to={paths.payment(order.id)}
            onClick={() => rememberOrderToPay({ id: order.id, totalAmountCents: order.totalAmountCents })}
          >
            {action.label}
          </Link>
        </Button>
      );
    case "track":
      return (
        <Button asChild>
          <a href={laPosteTrackingUrl(action.trackingId)} target="_blank" rel="noopener noreferrer">
            {action.label}
            <ExternalLinkIcon aria-hidden="true" />
            <span className="sr-only">(nouvel onglet)</span>
          </a>
        </Button>
      );
    case "validate":
    case "view":
      return (
        <Button asChild>
          <Link to={paths.customer.order(order.id)}>{action.label}</Link>
        </Button>
      );
  }
}
