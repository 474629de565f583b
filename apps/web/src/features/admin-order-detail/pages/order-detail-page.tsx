import {
  adminOrderMessages,
  formatEuros,
  SHIPPING_METHOD_LABEL,
  type AdminOrder,
  shownEmail,
  userFullName,
  viewerLabel,
} from "@vitrine/domain";
import { ArrowLeftIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, Navigate, useParams } from "react-router";
import { LoadError } from "../../../components/load-error";
import { OrderStatusBadge } from "../../../components/order-status-badge";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { PageHeader } from "../../admin-shared/components/page-header";
import { useAdminOrder } from "../api";
import { OrderItemsCard } from "../components/order-items-card";
import { OrderRefundsCard } from "../components/order-refunds-card";
import { ShippingAddressCard } from "../components/shipping-address-card";
import { StatusDialog } from "../components/status-dialog";
import { ShippingLabelBlock } from "../../admin-shared/components/shipping-label-block";
import { PaymentReviewBanner } from "../components/payment-review-banner";
import { HandleNotVerifiedBadge } from "../../admin-shared/components/handle-trust-badges";
import { OrderParcelCard } from "../../admin-shared/components/order-parcel-card";

function BackToOrders() {
  return (
    <Button asChild variant="ghost" size="sm" className="self-start">
      <Link to={paths.admin.orders()}>
        <ArrowLeftIcon aria-hidden />
        Retour aux commandes
      </Link>
    </Button>
  );
}

export function OrderDetailPage() {
  const { id } = useParams();
  if (!id) return <Navigate to={paths.admin.orders()} replace />;
  return <OrderDetail id={id} />;
}

function OrderDetail({ id }: { id: string }) {
  const order = useAdminOrder(id);

  if (order.isPending) {
    return (
      <div className="flex flex-col gap-6" aria-busy>
        <BackToOrders />
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (order.isError) {
    const missing = isApiError(order.error) && order.error.status === 404;
    return (
      <div className="flex flex-col gap-6">
        <BackToOrders />
        {missing ? (
          <>
            <PageHeader title={adminOrderMessages.notFound} />
            <Alert variant="info">
              <p>{adminOrderMessages.notFoundDescription}</p>
            </Alert>
          </>
        ) : (
          <LoadError message={adminOrderMessages.loadFailed} onRetry={() => void order.refetch()} />
        )}
      </div>
    );
  }
  return <OrderDetailContent order={order.data} />;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

function clientName(client: AdminOrder["client"]): string {
  return userFullName(client) || "Client sans nom";
}

function OrderDetailContent({ order }: { order: AdminOrder }) {
  const [changingStatus, setChangingStatus] = useState(false);
  const { client } = order;

  return (
    <div className="flex flex-col gap-6">
      <BackToOrders />
      <PageHeader title={`Commande ${order.orderNumber}`} />
      <PaymentReviewBanner orderId={order.id} />
      <Card>
        <CardHeader>
          <CardTitle>Informations</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Detail label="Numéro">{order.orderNumber}</Detail>
            <Detail label="Date">{formatDateTime(order.orderDate)}</Detail>
            <Detail label="Montant total">
              <span className="tabular-nums">{formatEuros(order.totalAmountCents)}</span>
            </Detail>
            <Detail label="Statut">
              <span className="flex flex-wrap items-center gap-2">
                <OrderStatusBadge status={order.status} />
                <Button type="button" variant="outline" size="sm" onClick={() => setChangingStatus(true)}>
                  Changer le statut
                </Button>
              </span>
            </Detail>
            <Detail label="Live">
              {order.live.title} <span className="text-muted-foreground">({order.live.ref})</span>
            </Detail>
            <Detail label="Client">
              <span className="flex flex-col">
                <span>{clientName(client)}</span>
                {client.tiktokUsername ? (
                  <span className="flex flex-wrap items-center gap-2 text-sm font-normal text-muted-foreground">
                    {viewerLabel(client.tiktokUsername, null)}
                    <HandleNotVerifiedBadge verified={client.handleVerified} />
                  </span>
                ) : null}
                {client.email ? (
                  <span className="text-sm font-normal break-all text-muted-foreground">
                    {shownEmail(client.email)}
                  </span>
                ) : null}
              </span>
            </Detail>
            <Detail label="Mode de livraison">{SHIPPING_METHOD_LABEL}</Detail>
            {order.trackingId ? <Detail label="Numéro de suivi">{order.trackingId}</Detail> : null}
          </dl>
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <ShippingAddressCard orderId={order.id} address={order.shippingAddress} />
        <ShippingLabelBlock
          orderId={order.id}
          hasLabel={order.hasShippingLabel}
          trackingId={order.trackingId}
          headingLevel={2}
        />
      </div>
      <OrderItemsCard order={order} />
      <OrderParcelCard orderId={order.id} orderNumber={order.orderNumber} />
      <OrderRefundsCard order={order} />
      <StatusDialog
        orderId={order.id}
        status={order.status}
        open={changingStatus}
        onOpenChange={setChangingStatus}
      />
    </div>
  );
}
