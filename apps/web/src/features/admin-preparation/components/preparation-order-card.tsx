import {
  addresseeName,
  formatEuros,
  orderPreparationMessages,
  type PreparationOrder,
  shownEmail,
  userFullName,
} from "@vitrine/domain";
import { CheckIcon, MailIcon, MapPinIcon, PackageIcon } from "lucide-react";
import { OrderStatusBadge } from "../../../components/order-status-badge";
import { BusyButton } from "../../../components/ui/busy-button";
import { Card, CardContent, CardHeader } from "../../../components/ui/card";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { ShippingLabelBlock } from "../../admin-shared/components/shipping-label-block";
import { useValidatePreparation } from "../api";
import { PreparationAddressEditor, PreparationMessageControl } from "./preparation-card-controls";
import { PreparationItems } from "./preparation-items";
import { PreparationParcelMembers } from "./preparation-parcel-members";

function customerName(customer: PreparationOrder["customer"]): string | null {
  return userFullName(customer) || customer.displayName;
}

function ShippingAddress({ address }: { address: PreparationOrder["shippingAddress"] }) {
  if (!address) return <p className="text-sm text-muted-foreground">Aucune adresse de livraison</p>;
  return (
    <address className="text-sm not-italic">
      <span className="font-medium">{addresseeName(address)}</span>
      <br />
      {address.street}
      <br />
      {address.zip} {address.city}
      <br />
      {address.country}
      <br />
      <span className="text-muted-foreground">
        {address.phone} · {address.email}
      </span>
      {address.delivery_note ? (
        <>
          <br />
          <span className="text-muted-foreground">Note : {address.delivery_note}</span>
        </>
      ) : null}
    </address>
  );
}

/** One paid order to prepare: who, where to, the pieces to pick, its label, and the validation. */
export function PreparationOrderCard({ order }: { order: PreparationOrder }) {
  const validate = useValidatePreparation();
  const headingId = `preparation-${order.id}`;
  const name = customerName(order.customer);

  function onValidate() {
    validate.mutate(order.id, {
      onError: (error) =>
        toast.error(isApiError(error) ? error.message : orderPreparationMessages.validateFailed),
    });
  }

  return (
    <Card role="article" aria-labelledby={headingId} className="gap-4">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <div className="flex flex-col gap-1">
          <h2 id={headingId} className="text-lg font-semibold">
            Commande {order.orderNumber}
          </h2>
          <p className="text-sm text-muted-foreground">
            {order.liveTitle} · {formatDateTime(order.orderDate)} · {formatEuros(order.totalAmountCents)}
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">
        <section className="flex flex-col gap-2" aria-label="Cliente">
          <h3 className="flex items-center gap-2 font-semibold">
            <MailIcon className="size-4 text-muted-foreground" aria-hidden />
            Cliente
          </h3>
          <p className="text-sm">
            <span className="font-medium">
              {order.customer.tiktokUsername ? `@${order.customer.tiktokUsername}` : "Pas de pseudo TikTok"}
            </span>
            {name ? <span className="block">{name}</span> : null}
            <span className="block break-all text-muted-foreground">
              {shownEmail(order.customer.email) ?? "Pas d'email"}
            </span>
          </p>
          <PreparationMessageControl order={order} />
        </section>
        <section className="flex flex-col gap-2" aria-label="Adresse de livraison">
          <h3 className="flex items-center gap-2 font-semibold">
            <MapPinIcon className="size-4 text-muted-foreground" aria-hidden />
            Adresse de livraison
          </h3>
          <ShippingAddress address={order.shippingAddress} />
          <PreparationAddressEditor order={order} />
        </section>
        <section className="flex flex-col gap-2 md:col-span-2" aria-label="Produits à préparer">
          <h3 className="flex items-center gap-2 font-semibold">
            <PackageIcon className="size-4 text-muted-foreground" aria-hidden />
            Produits à préparer ({order.items.length})
          </h3>
          <PreparationItems items={order.items} className="rounded-lg border border-border" />
        </section>
        <PreparationParcelMembers order={order} />
        <div className="md:col-span-2">
          <ShippingLabelBlock orderId={order.id} hasLabel={order.hasLabel} trackingId={order.trackingId} />
        </div>
        {order.hasLabel ? (
          <BusyButton
            type="button"
            className="justify-self-start md:col-span-2"
            busy={validate.isPending}
            icon={<CheckIcon aria-hidden />}
            onClick={onValidate}
          >
            Valider la préparation
          </BusyButton>
        ) : null}
      </CardContent>
    </Card>
  );
}
