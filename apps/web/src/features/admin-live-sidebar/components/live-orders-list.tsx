import {
  formatEuros,
  liveSellingMessages,
  userFullName,
  viewerLabel,
  type LiveSidebarOrder,
} from "@vitrine/domain";
import { ChevronDownIcon, ChevronRightIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { LoadError } from "../../../components/load-error";
import { OrderStatusBadge } from "../../../components/order-status-badge";
import { Button } from "../../../components/ui/button";
import { IconButton } from "../../../components/ui/icon-button";
import { Skeleton } from "../../../components/ui/skeleton";
import { paths } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { staffRefusalMessage } from "../../../lib/refusal-message";
import { useDeleteSidebarItem, useLiveOrders } from "../api";

/** '1 article', '3 articles'. */
export function itemCountText(count: number): string {
  return `${count} article${count > 1 ? "s" : ""}`;
}

function clientName(order: LiveSidebarOrder): string | null {
  return userFullName(order.client) || null;
}

function OrderEntry({ order, liveId }: { order: LiveSidebarOrder; liveId: string }) {
  const [expanded, setExpanded] = useState(false);
  const deleteItem = useDeleteSidebarItem(liveId);
  const itemCount = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const handle = order.client.tiktokUsername
    ? viewerLabel(order.client.tiktokUsername, order.client.viewerName)
    : null;
  const name = clientName(order);
  const itemsId = `live-order-${order.id}`;

  const remove = (itemId: string) =>
    deleteItem.mutate(
      { orderId: order.id, itemId },
      {
        onSuccess: () => toast.success(liveSellingMessages.itemDeleted),
        onError: (failure) => toast.error(staffRefusalMessage(failure, liveSellingMessages.itemDeleteFailed)),
      },
    );

  return (
    <li className="rounded-md border border-border bg-background">
      <button
        type="button"
        className="flex w-full items-start gap-2 p-3 text-left"
        aria-expanded={expanded}
        aria-controls={itemsId}
        onClick={() => setExpanded((open) => !open)}
      >
        {expanded ? (
          <ChevronDownIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
        ) : (
          <ChevronRightIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
        )}
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {/* The order's number, as the claims and the rest of the back office name it. */}
            <span className="font-mono text-xs text-muted-foreground">n°{order.orderNumber}</span>
            <span className="font-medium break-all">{handle ?? name ?? "Client"}</span>
            <OrderStatusBadge status={order.status} />
          </span>
          {handle && name ? <span className="text-sm text-muted-foreground">{name}</span> : null}
          <span className="text-sm text-muted-foreground">{order.live.title}</span>
          <span className="flex justify-between gap-2 text-sm">
            <span>{itemCountText(itemCount)}</span>
            <span className="font-semibold tabular-nums">{formatEuros(order.totalAmountCents)}</span>
          </span>
          {order.comment ? <span className="text-sm italic break-words">{order.comment}</span> : null}
        </span>
      </button>
      <ul id={itemsId} hidden={!expanded} className="flex flex-col gap-1 border-t border-border p-3">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-center gap-2 text-sm">
            <span className="font-mono tabular-nums">{item.ref}</span>
            <span className="min-w-0 flex-1 truncate">{item.name}</span>
            <span className="tabular-nums">{formatEuros(item.priceCents)}</span>
            <IconButton
              label={`Supprimer réf ${item.ref}`}
              icon={Trash2Icon}
              disabled={deleteItem.isPending}
              onClick={() => remove(item.id)}
            />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The live's 50 latest orders, newest first; refetched when the stream says an order changed. */
export function LiveOrdersList({ liveId }: { liveId: string }) {
  const orders = useLiveOrders(liveId);
  return (
    <section aria-labelledby="live-orders-heading" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="live-orders-heading" className="text-lg font-semibold">
          Dernières commandes
        </h2>
        <IconButton
          label="Actualiser les commandes"
          icon={RefreshCwIcon}
          disabled={orders.isFetching}
          onClick={() => void orders.refetch()}
        />
      </div>
      {orders.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : orders.isError ? (
        <LoadError message={liveSellingMessages.ordersLoadFailed} onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Aucune commande pour ce live pour le moment</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Commandes du live">
          {orders.data.map((order) => (
            <OrderEntry key={order.id} order={order} liveId={liveId} />
          ))}
        </ul>
      )}
      <Button asChild variant="outline">
        <Link to={paths.admin.orders()}>Voir toutes les commandes</Link>
      </Button>
    </section>
  );
}
