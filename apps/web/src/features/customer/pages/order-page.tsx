import {
  customerMayEditAddress,
  customerMayPay,
  customerMayReopen,
  customerOrderMessages,
  orderContentMessages,
  formatEuros,
  handleProofMessages,
  laPosteTrackingUrl,
  orderMainAction,
  paymentMethodLabel,
  SHIPPING_METHOD_LABEL,
  type CustomerOrder,
} from "@vitrine/domain";
import { ArrowLeftIcon, ExternalLinkIcon, PencilIcon } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "../../../lib/toast";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { formatLongDate } from "../../../lib/long-date";
import { paths } from "../../../lib/paths";
import { useSessionState } from "../../../lib/session";
import { useReopenOrder } from "../api/order-changes";
import { useCustomerOrder } from "../api/orders";
import { CustomerOrderStatusBadge, customerOrderBanner } from "../components/customer-order-status";
import { OrderRefundNotice } from "../components/order-refund-status";
import { OrderItemList } from "../components/order-item-list";
import { SavedAddress } from "../components/saved-address";
import { ShippingAddressForm } from "../components/shipping-address-form";
import { OrderParcelLine } from "../components/order-parcel-line";
import { HandleProofCard } from "../components/handle-proof-card";
import { rememberOrderToPay } from "../order-to-pay";
import { customerRefusalMessage } from "../../../lib/refusal-message";
import { BusyButton } from "../../../components/ui/busy-button";

function BackToOrders() {
  return (
    <Button asChild variant="outline">
      <Link to={paths.customer.orders()}>
        <ArrowLeftIcon aria-hidden="true" />
        Retour à mes commandes
      </Link>
    </Button>
  );
}

export function OrderPage() {
  const { id = "" } = useParams();
  const order = useCustomerOrder(id);

  if (order.isPending) return <Spinner label="Chargement de votre commande..." className="py-16" />;
  if (order.isError) {
    // A malformed id is as unknown as someone else's order.
    const notFound = isApiError(order.error) && [400, 404].includes(order.error.status);
    return (
      <div className="flex flex-col gap-6">
        <title>Ma commande · Vitrine</title>
        <Card>
          <CardHeader>
            <CardTitle level={1}>{notFound ? customerOrderMessages.notFound : "Ma commande"}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {notFound ? (
              <p className="text-muted-foreground">
                Cette commande n'existe pas ou n'est pas rattachée à votre compte.
              </p>
            ) : (
              <Alert variant="error">
                <p>{errorMessage(order.error)}</p>
                <div>
                  <Button type="button" variant="outline" size="sm" onClick={() => void order.refetch()}>
                    Réessayer
                  </Button>
                </div>
              </Alert>
            )}
            <div>
              <BackToOrders />
            </div>
          </CardContent>
        </Card>
      </div>
    );
  }
  return <OrderDetail order={order.data} onHandleProven={() => void order.refetch()} />;
}

/** `onHandleProven`: the handle was just proven; the order, read again, says what it now allows. */
function OrderDetail({ order, onHandleProven }: { order: CustomerOrder; onHandleProven: () => void }) {
  const session = useSessionState();
  const navigate = useNavigate();
  const reopen = useReopenOrder(order.id);
  const user = session.status === "ready" ? session.user : null;
  // From live comments and the handle not proven: validated and paid, changed once it is. The
  // server refuses the rest whatever this page shows.
  const waitsForProof = order.changesNeedHandleProof && customerMayReopen(order.status);
  // No piece left (staff took the last one away): nothing to validate or pay, as the server says.
  const hasPieces = order.items.length > 0;

  const onReopen = () => {
    reopen.mutate(undefined, {
      onSuccess: () => toast.success(customerOrderMessages.reopened),
      onError: (error) => toast.error(customerRefusalMessage(error, customerOrderMessages.reopenFailed)),
    });
  };

  const onPay = () => {
    rememberOrderToPay({ id: order.id, totalAmountCents: order.totalAmountCents });
    void navigate(paths.payment(order.id));
  };

  return (
    <div className="flex flex-col gap-6">
      <title>{`Commande ${order.orderNumber} · Vitrine`}</title>
      <div>
        <Link
          to={paths.customer.orders()}
          className="inline-flex items-center gap-1 text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          Mes commandes
        </Link>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words md:text-3xl">
            Commande <span className="whitespace-nowrap">{order.orderNumber}</span>
          </h1>
          <p className="text-sm text-muted-foreground">
            Passée le <time dateTime={order.orderDate}>{formatLongDate(order.orderDate)}</time>
          </p>
        </div>
        <CustomerOrderStatusBadge order={order} className="mt-2" />
      </div>

      <Alert variant="info" role="status" className="text-base">
        <p>{customerOrderBanner(order)}</p>
      </Alert>
      <OrderRefundNotice refund={order.refund} />
      {!hasPieces && customerMayReopen(order.status) ? (
        <Alert variant="info" className="text-base">
          <p>{orderContentMessages.empty}</p>
        </Alert>
      ) : null}

      {waitsForProof ? (
        <HandleProofCard reason={handleProofMessages.orderNeedsProof} onVerified={onHandleProven} />
      ) : null}

      <ParcelTracking order={order} />
      <OrderParcelLine parcel={order.parcel} />

      <Card>
        <CardHeader>
          <CardTitle>Articles</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <OrderItemList items={order.items} withPrices />
          <dl className="flex flex-col gap-2 border-t border-border pt-4">
            <AmountLine label="Sous-total" cents={order.subtotalCents} />
            <AmountLine label="Livraison" cents={order.shippingCents} />
            <AmountLine label="Total" cents={order.totalAmountCents} strong />
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex-row items-center justify-between gap-4">
          <CardTitle>Adresse de livraison</CardTitle>
          {customerMayReopen(order.status) && !waitsForProof ? (
            <BusyButton
              type="button"
              variant="outline"
              size="sm"
              onClick={onReopen}
              busy={reopen.isPending}
              icon={<PencilIcon aria-hidden="true" />}
            >
              Modifier
            </BusyButton>
          ) : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {customerMayEditAddress(order.status) && hasPieces ? (
            <ShippingAddressForm key={`${order.id}-${order.status}`} order={order} user={user} />
          ) : (
            <>
              {order.shippingAddress ? (
                <SavedAddress address={order.shippingAddress} />
              ) : (
                <p className="text-muted-foreground">Aucune adresse de livraison enregistrée.</p>
              )}
              <dl className="grid gap-x-8 gap-y-2 sm:grid-cols-[auto_1fr]">
                <dt className="text-sm font-medium text-muted-foreground">Mode de livraison</dt>
                <dd>{SHIPPING_METHOD_LABEL}</dd>
                <dt className="text-sm font-medium text-muted-foreground">Moyen de paiement</dt>
                <dd>{paymentMethodLabel(order.paymentMethod)}</dd>
              </dl>
            </>
          )}
        </CardContent>
      </Card>

      {customerMayPay(order.status) && !order.paymentUnderReview && hasPieces ? (
        <div>
          <Button type="button" size="lg" onClick={onPay} className="w-full sm:w-auto">
            Payer maintenant ({formatEuros(order.totalAmountCents)})
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The parcel of a shipped order: its number and La Poste's tracking page, as the mail gave them. */
function ParcelTracking({ order }: { order: CustomerOrder }) {
  const action = orderMainAction(order.status, order.trackingId);
  if (action.kind !== "track") return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Suivi du colis</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid gap-x-8 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="text-sm font-medium text-muted-foreground">Numéro de colis</dt>
          <dd className="font-mono break-all">{action.trackingId}</dd>
        </dl>
        <div>
          <Button asChild className="w-full sm:w-auto">
            <a href={laPosteTrackingUrl(action.trackingId)} target="_blank" rel="noopener noreferrer">
              {action.label}
              <ExternalLinkIcon aria-hidden="true" />
              <span className="sr-only">(nouvel onglet)</span>
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function AmountLine({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div
      className={strong ? "flex justify-between gap-4 text-base font-semibold" : "flex justify-between gap-4"}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatEuros(cents)}</dd>
    </div>
  );
}
