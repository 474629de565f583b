import {
  customerOrderMessages,
  formatEuros,
  PAID_ORDER_STATUSES,
  PAYMENT_SUCCESS_REDIRECT_MS,
  paymentMessages,
  paymentReviewMessages,
  paymentTotalChangedMessage,
  type CustomerOrder,
} from "@vitrine/domain";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeftIcon, LockIcon } from "lucide-react";
import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { toast } from "../../../lib/toast";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { customerOrderQueryOptions, useCustomerOrderWhilePaying } from "../api/orders";
import { useCheckPayment, useRequestPaymentForm } from "../api/payments";
import { SimulatorCardForm } from "../components/simulator-card-form";
import { isOrderToPay } from "../order-to-pay";
import { customerRefusalMessage } from "../../../lib/refusal-message";

// Lyra's form and its glue load only when the shop pays through Lyra.
const LyraCardForm = lazy(async () => ({
  default: (await import("../components/lyra-card-form")).LyraCardForm,
}));

type Outcome =
  { kind: "pending" } | { kind: "paid" } | { kind: "under-review" } | { kind: "failed"; message: string };

function isPaid(order: CustomerOrder): boolean {
  return PAID_ORDER_STATUSES.some((status) => status === order.status);
}

export function PaymentPage() {
  const { id = "" } = useParams();
  // The spec: the payment page is reached from the order ('Payer maintenant'), never on its own.
  if (!isOrderToPay(id)) return <Navigate to={paths.customer.order(id)} replace />;
  return <Payment key={id} orderId={id} />;
}

function Payment({ orderId }: { orderId: string }) {
  const order = useCustomerOrderWhilePaying(orderId);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "pending" });

  return (
    <div className="flex flex-col gap-6">
      <title>Paiement · Vitrine</title>
      <div>
        <Link
          to={paths.customer.order(orderId)}
          className="inline-flex items-center gap-1 text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          Ma commande
        </Link>
      </div>
      <h1 className="text-2xl font-bold md:text-3xl">Paiement</h1>
      {outcome.kind === "paid" ? (
        <PaymentSucceeded orderId={orderId} />
      ) : outcome.kind === "under-review" ? (
        <Alert variant="info" role="status" className="text-base">
          <p className="font-semibold">{paymentReviewMessages.customerStatus}</p>
          <p>{paymentReviewMessages.customerBanner}</p>
          <p>
            <Link to={paths.customer.order(orderId)} className="font-medium underline underline-offset-4">
              Voir ma commande
            </Link>
          </p>
        </Alert>
      ) : order.isPending ? (
        <Spinner label="Chargement de votre commande..." className="py-16" />
      ) : order.isError ? (
        <Alert variant="error">
          <p>
            {isApiError(order.error) && order.error.status === 404
              ? customerOrderMessages.notFound
              : errorMessage(order.error)}
          </p>
          <p>
            <Link to={paths.customer.orders()} className="font-medium underline underline-offset-4">
              Retour à mes commandes
            </Link>
          </p>
        </Alert>
      ) : order.data.status !== "to-pay" ? (
        <Alert variant="info">
          <p>{paymentMessages.notPayable}</p>
          <p>
            <Link to={paths.customer.order(orderId)} className="font-medium underline underline-offset-4">
              Voir ma commande
            </Link>
          </p>
        </Alert>
      ) : (
        <PayOrder
          order={order.data}
          orderReadAt={order.dataUpdatedAt}
          outcome={outcome}
          onOutcome={setOutcome}
          refreshOrder={() => void order.refetch()}
        />
      )}
    </div>
  );
}

interface PayOrderProps {
  order: CustomerOrder;
  outcome: Outcome;
  onOutcome: (outcome: Outcome) => void;
  /** When the order was last read (ms since the epoch). */
  orderReadAt: number;
  /** Asks for the order again: a refusal may mean that staff changed it. */
  refreshOrder: () => void;
}

function PayOrder({ order, orderReadAt, outcome, onOutcome, refreshOrder }: PayOrderProps) {
  const requestForm = useRequestPaymentForm(order.id);
  const checkPayment = useCheckPayment(order.id);
  const queryClient = useQueryClient();
  const { mutate: requestPaymentForm } = requestForm;
  const requested = useRef(false);

  // The spec: the card form is prepared as soon as an order to pay is shown.
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    requestPaymentForm();
  }, [requestPaymentForm]);

  /**
   * The card was charged but the order did not move (it changed meanwhile): the shop now reviews
   * that payment, and the customer must not be told to pay again.
   */
  const underReview = async (): Promise<boolean> => {
    const latest = await queryClient
      .fetchQuery({ ...customerOrderQueryOptions(order.id), staleTime: 0 })
      .catch(() => null);
    return latest?.order.paymentUnderReview === true;
  };

  /** The provider accepted the card: only the server's own check with the provider makes it paid. */
  const confirmPayment = async () => {
    try {
      const { order: checked } = await checkPayment.mutateAsync();
      if (isPaid(checked)) {
        toast.success(paymentMessages.succeededToast);
        onOutcome({ kind: "paid" });
      } else if (await underReview()) {
        onOutcome({ kind: "under-review" });
      } else {
        onOutcome({ kind: "failed", message: paymentMessages.notConfirmed });
      }
    } catch (error) {
      if (await underReview()) {
        onOutcome({ kind: "under-review" });
        return;
      }
      onOutcome({ kind: "failed", message: customerRefusalMessage(error, paymentMessages.processingError) });
    }
  };
  const fail = (message: string) => {
    onOutcome({ kind: "failed", message });
    refreshOrder();
  };

  /** 'Réessayer': a fresh form, on a fresh token. */
  const retry = () => {
    onOutcome({ kind: "pending" });
    requestForm.reset();
    requestPaymentForm();
  };

  const payment = requestForm.data?.payment;

  // Staff changed the items since the page opened: the customer reads the new total, and pays it
  // on a new form (one made for the old total would be refused, or charge the wrong amount).
  const [openingTotal] = useState(order.totalAmountCents);
  const totalChanged = order.totalAmountCents !== openingTotal;
  // Of the form and the order, the older one is asked again: the form when the order was read
  // after it, else the order (the form may already carry a change the page has not read yet).
  const renewStale = useEffectEvent(() => {
    if (orderReadAt > requestForm.submittedAt) retry();
    else refreshOrder();
  });
  const formAmount = payment?.amountCents;
  useEffect(() => {
    if (formAmount !== undefined && formAmount !== order.totalAmountCents) renewStale();
  }, [formAmount, order.totalAmountCents, orderReadAt]);

  return (
    <>
      <Card>
        <CardContent className="flex flex-wrap items-baseline justify-between gap-2">
          <p>
            Commande <span className="font-medium">{order.orderNumber}</span>
          </p>
          <p className="flex items-baseline gap-2">
            <span className="text-muted-foreground">Total à régler</span>
            <span className="text-2xl font-bold tabular-nums">{formatEuros(order.totalAmountCents)}</span>
          </p>
        </CardContent>
      </Card>

      {totalChanged ? (
        <Alert variant="info" role="status">
          <p>{paymentTotalChangedMessage(order.totalAmountCents)}</p>
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <LockIcon className="size-5 text-muted-foreground" aria-hidden="true" />
            Carte bancaire
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {outcome.kind === "failed" ? (
            <Alert variant="error">
              <p className="font-semibold">{paymentMessages.failed}</p>
              <p>{outcome.message}</p>
              <div>
                <Button type="button" variant="outline" size="sm" onClick={retry}>
                  Réessayer
                </Button>
              </div>
            </Alert>
          ) : requestForm.isPending ? (
            <Spinner label="Préparation du paiement..." className="py-8" />
          ) : payment?.provider === "simulator" ? (
            <SimulatorCardForm
              formToken={payment.formToken}
              amountCents={payment.amountCents}
              onAccepted={confirmPayment}
              onFailed={fail}
            />
          ) : payment?.provider === "lyra" ? (
            <Suspense fallback={<Spinner label="Chargement du formulaire de paiement..." className="py-8" />}>
              <LyraCardForm payment={payment} onAccepted={confirmPayment} onFailed={fail} />
            </Suspense>
          ) : (
            <div className="flex flex-col items-start gap-4">
              {requestForm.isError ? (
                <Alert variant="error" className="self-stretch">
                  <p>{customerRefusalMessage(requestForm.error, paymentMessages.tokenFailed)}</p>
                </Alert>
              ) : null}
              <Button type="button" onClick={() => requestPaymentForm()}>
                Initialiser le paiement
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </>
  );
}

function PaymentSucceeded({ orderId }: { orderId: string }) {
  const navigate = useNavigate();

  useEffect(() => {
    const timer = window.setTimeout(
      () => void navigate(paths.customer.order(orderId), { replace: true }),
      PAYMENT_SUCCESS_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [navigate, orderId]);

  return (
    <Alert variant="success" className="text-base">
      <p className="font-semibold">{paymentMessages.succeeded}</p>
      <p>Redirection vers votre commande...</p>
    </Alert>
  );
}
