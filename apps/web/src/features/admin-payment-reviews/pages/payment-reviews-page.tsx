import { paymentReviewMessages, paymentReviewReasonLabels, type PaymentReview } from "@vitrine/domain";
import { useState } from "react";
import { Link } from "react-router";
import { DataTable, type ColumnDef } from "../../../components/data-table";
import { LoadError } from "../../../components/load-error";
import { OrderStatusBadge } from "../../../components/order-status-badge";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { errorMessage } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { PageHeader } from "../../admin-shared/components/page-header";
import { amountReceived } from "../../admin-shared/amount-received";
import { usePaymentReviews } from "../../admin-shared/api/payment-reviews";
import { useResolvePaymentReview } from "../api";

type Action = "refund" | "accept";
interface Pending {
  review: PaymentReview;
  action: Action;
}

const actionTexts: Record<Action, { button: string; title: string; done: string }> = {
  refund: { button: "Rembourser", title: "Rembourser ce paiement ?", done: paymentReviewMessages.refunded },
  accept: { button: "Accepter", title: "Accepter ce paiement ?", done: paymentReviewMessages.accepted },
};

function describe(pending: Pending): string {
  const { review, action } = pending;
  const order = review.order ? `la commande ${review.order.orderNumber}` : "une commande inconnue";
  if (action === "refund") {
    return `${amountReceived(review)} seront rendus à la carte du client par le prestataire de paiement (${order}).`;
  }
  const pays = review.order && (review.order.status === "to-pay" || review.order.status === "to-validate");
  return pays
    ? `${amountReceived(review)} seront pris comme paiement de ${order}, qui passera au statut « Payée ».`
    : `${amountReceived(review)} seront gardés pour ${order}, dont le statut ne change pas.`;
}

function columns(onAction: (pending: Pending) => void): ColumnDef<PaymentReview>[] {
  return [
    {
      id: "receivedAt",
      header: "Reçu le",
      enableSorting: false,
      cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.receivedAt)}</span>,
    },
    {
      id: "order",
      header: "Commande",
      enableSorting: false,
      cell: ({ row }) => {
        const { order } = row.original;
        if (!order) return <span className="text-muted-foreground">Commande inconnue</span>;
        return (
          <span className="flex flex-col items-start gap-1">
            <Link to={paths.admin.order(order.id)} className="font-medium underline">
              {order.orderNumber}
            </Link>
            <OrderStatusBadge status={order.status} />
          </span>
        );
      },
    },
    {
      id: "amount",
      header: "Montant reçu",
      enableSorting: false,
      cell: ({ row }) => <span className="font-semibold tabular-nums">{amountReceived(row.original)}</span>,
    },
    {
      id: "reference",
      header: "Référence du paiement",
      enableSorting: false,
      cell: ({ row }) => <span className="font-mono text-xs break-all">{row.original.transactionId}</span>,
    },
    {
      id: "reason",
      header: "Motif",
      enableSorting: false,
      cell: ({ row }) => (
        <span className="flex flex-col gap-1">
          <span>{paymentReviewReasonLabels[row.original.reason]}</span>
          {row.original.refundError ? (
            <span className="text-sm text-destructive">{row.original.refundError}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: "actions",
      header: "Actions",
      enableSorting: false,
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-2">
          {(["refund", "accept"] as const).map((action) => (
            <Button
              key={action}
              type="button"
              size="sm"
              variant={action === "refund" ? "outline" : "default"}
              onClick={() => onAction({ review: row.original, action })}
            >
              {actionTexts[action].button}
            </Button>
          ))}
        </span>
      ),
    },
  ];
}

/** Payments the provider took that moved no order: refund them or accept them. */
export function PaymentReviewsPage() {
  const reviews = usePaymentReviews();
  const resolve = useResolvePaymentReview();
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = () => {
    if (!pending) return;
    const texts = actionTexts[pending.action];
    resolve.mutate(
      { id: pending.review.id, action: pending.action },
      {
        onSuccess: () => {
          toast.success(texts.done);
          setPending(null);
        },
        onError: (error) => {
          toast.error(errorMessage(error));
          setPending(null);
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={paymentReviewMessages.title} />
      <p className="text-sm text-muted-foreground">
        Paiements encaissés sans que leur commande change de statut : formulaire payé après une modification
        de la commande, second paiement, commande annulée ou rouverte entre-temps.
      </p>
      {reviews.isError ? (
        <LoadError message={paymentReviewMessages.loadFailed} onRetry={() => void reviews.refetch()} />
      ) : (
        <DataTable
          caption={paymentReviewMessages.title}
          columns={columns(setPending)}
          rows={reviews.data}
          getRowId={(review) => review.id}
          isLoading={reviews.isPending}
          emptyText={paymentReviewMessages.empty}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={pending ? actionTexts[pending.action].title : ""}
        description={pending ? describe(pending) : ""}
        confirmLabel={pending ? actionTexts[pending.action].button : ""}
        onConfirm={confirm}
        pending={resolve.isPending}
      />
    </div>
  );
}
