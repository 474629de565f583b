import { adminUserMessages, formatEuros, type AdminUserOrder, shownEmail } from "@vitrine/domain";
import { ChevronDownIcon } from "lucide-react";
import { useState } from "react";
import { OrderStatusBadge } from "../../../components/order-status-badge";
import { Alert } from "../../../components/ui/alert";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { isApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { useUserOrders } from "../api";

export interface UserOrdersDialogProps {
  user: { id: string; name: string; email: string | null };
  onClose: () => void;
}

/** 'Commandes de {user}': the person's orders, newest first, each opening on its details. */
export function UserOrdersDialog({ user, onClose }: UserOrdersDialogProps) {
  const orders = useUserOrders(user.id);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Commandes de {user.name}</DialogTitle>
          <DialogDescription>{shownEmail(user.email) ?? "Aucun email"}</DialogDescription>
        </DialogHeader>
        <div className="max-h-[60vh] overflow-y-auto">
          {orders.isPending ? (
            <Spinner label={adminUserMessages.ordersLoading} className="py-6 text-sm" />
          ) : orders.isError ? (
            <Alert variant="error">
              <p>
                {isApiError(orders.error) && orders.error.status === 404
                  ? adminUserMessages.notFound
                  : adminUserMessages.ordersLoadFailed}
              </p>
              <p>{isApiError(orders.error) ? orders.error.message : adminUserMessages.unknownError}</p>
            </Alert>
          ) : orders.data.orders.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">{adminUserMessages.noOrders}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {orders.data.orders.map((order) => (
                <OrderRow key={order.id} order={order} />
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function OrderRow({ order }: { order: AdminUserOrder }) {
  const [expanded, setExpanded] = useState(false);
  const panelId = `order-${order.id}-details`;
  const address = order.shippingAddress;

  return (
    <li className="rounded-lg border border-border">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setExpanded((open) => !open)}
        className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-left text-sm hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="font-semibold">{order.orderNumber}</span>
        <span className="text-muted-foreground">{formatDateTime(order.orderDate)}</span>
        <OrderStatusBadge status={order.status} />
        <span className="ml-auto font-medium whitespace-nowrap">{formatEuros(order.totalAmountCents)}</span>
        <ChevronDownIcon
          className={cn("size-4 shrink-0 transition-transform", expanded && "rotate-180")}
          aria-hidden="true"
        />
      </button>
      {expanded ? (
        <div id={panelId} className="flex flex-col gap-3 border-t border-border px-3 py-3 text-sm">
          <p>
            <span className="font-medium">Live :</span> {order.live.title}
          </p>
          <div>
            <p className="font-medium">Adresse de livraison</p>
            {address ? (
              <address className="text-muted-foreground not-italic">
                {address.name}
                <br />
                {address.street}
                <br />
                {address.zip} {address.city}
                <br />
                {address.country}
              </address>
            ) : (
              <p className="text-muted-foreground">Aucune adresse</p>
            )}
          </div>
          <div>
            <p className="font-medium">Produits</p>
            {order.items.length === 0 ? (
              <p className="text-muted-foreground">{adminUserMessages.noItems}</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {order.items.map((item) => (
                  <li key={item.id} className="flex flex-wrap justify-between gap-2">
                    <span>
                      {item.name} <span className="text-muted-foreground">(Réf. {item.ref})</span> x{" "}
                      {item.quantity}
                    </span>
                    <span className="whitespace-nowrap">{formatEuros(item.priceCents)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : null}
    </li>
  );
}
