import { formatEuros, parcelMessages, type Parcel } from "@vitrine/domain";
import { PackagePlusIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { OrderStatusBadge } from "../../../components/order-status-badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { paths } from "../../../lib/paths";
import { useCombineParcel, useOrderParcel } from "../api/parcels";
import { SplitParcelButton } from "./split-parcel-button";

function feeLine(order: Parcel["orders"][number]): string | null {
  if (order.refundedShippingFeeCents)
    return `frais de port remboursés (${formatEuros(order.refundedShippingFeeCents)})`;
  if (order.waivedShippingFeeCents)
    return `frais de port offerts (${formatEuros(order.waivedShippingFeeCents)})`;
  return null;
}

function ParcelOrders({ parcel, orderId }: { parcel: Parcel; orderId: string }) {
  const current = parcel.orders.find((order) => order.id === orderId);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        {current?.isLead
          ? "Cette commande porte l'étiquette du colis ; les autres partent avec elle."
          : `Cette commande part dans le colis de la commande ${parcel.leadOrderNumber}.`}
      </p>
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
        {parcel.orders.map((order) => {
          const fee = feeLine(order);
          return (
            <li key={order.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
              {order.id === orderId ? (
                <span className="font-medium">Commande {order.orderNumber}</span>
              ) : (
                <Link className="font-medium underline underline-offset-4" to={paths.admin.order(order.id)}>
                  Commande {order.orderNumber}
                </Link>
              )}
              <OrderStatusBadge status={order.status} />
              {order.isLead ? <span className="text-muted-foreground">étiquette du colis</span> : null}
              {fee ? <span className="text-muted-foreground">{fee}</span> : null}
            </li>
          );
        })}
      </ul>
      {parcel.hasLabel ? null : (
        <SplitParcelButton
          orderId={orderId}
          orderNumber={current?.orderNumber ?? ""}
          wholeParcel={current?.isLead ?? false}
        />
      )}
    </div>
  );
}

function JoinParcel({
  orderId,
  orderNumber,
  lead,
}: {
  orderId: string;
  orderNumber: string;
  lead: { leadId: string; orderNumber: string };
}) {
  const [confirming, setConfirming] = useState(false);
  const combine = useCombineParcel(() => setConfirming(false));
  const onConfirm = () => combine.mutate([lead.leadId, orderId]);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => setConfirming(true)}
      >
        <PackagePlusIcon aria-hidden />
        {parcelMessages.joinAction(lead.orderNumber)}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`${parcelMessages.joinAction(lead.orderNumber)} ?`}
        description={parcelMessages.joinConfirm(orderNumber, lead.orderNumber)}
        confirmLabel={parcelMessages.combineAction}
        onConfirm={onConfirm}
        pending={combine.isPending}
      />
    </>
  );
}

/**
 * The order page's parcel: the orders it travels with (links to each), 'Séparer' while there is
 * no label, or, for an order not paid yet, the paid orders of the same customer and address
 * whose parcel it may join. Nothing shows for an order that travels alone with nothing to join.
 */
export function OrderParcelCard({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const parcel = useOrderParcel(orderId);
  if (!parcel.data) return null;
  const { parcel: current, joinable } = parcel.data;
  if (!current && joinable.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Colis regroupé</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {current ? (
          <ParcelOrders parcel={current} orderId={orderId} />
        ) : (
          <>
            <p className="text-sm">
              Cette commande peut partir dans le colis d'une autre commande payée de la même cliente, à la
              même adresse.
            </p>
            {joinable.map((lead) => (
              <JoinParcel key={lead.leadId} orderId={orderId} orderNumber={orderNumber} lead={lead} />
            ))}
          </>
        )}
      </CardContent>
    </Card>
  );
}
