import {
  formatEuros,
  latePaymentMessages,
  paymentReviewMessages,
  paymentReviewReasonLabels,
  type LatePaymentPiece,
  type PaymentReview,
} from "@vitrine/domain";
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
import { amountReceived, usePaymentReviews } from "../../admin-shared/api/payment-reviews";
import { useResolvePaymentReview, type PaymentReviewAction } from "../api";

type Action = PaymentReviewAction;
interface Pending {
  review: PaymentReview;
  action: Action;
}

const actionTexts: Record<Action, { button: string; title: string; done: string }> = {
  refund: { button: "Rembourser", title: "Rembourser ce paiement ?", done: paymentReviewMessages.refunded },
  accept: { button: "Accepter", title: "Accepter ce paiement ?", done: paymentReviewMessages.accepted },
  "give-back": {
    button: latePaymentMessages.giveBack,
    title: latePaymentMessages.giveBackTitle,
    done: latePaymentMessages.givenBack,
  },
};

const pieceName = (piece: LatePaymentPiece) => `n°${piece.ref} · ${piece.name}`;

function pieceHolder(piece: LatePaymentPiece): string {
  return piece.heldBy === null
    ? latePaymentMessages.free
    : latePaymentMessages.heldBy(piece.heldBy, piece.heldByPaid);
}

function describe(pending: Pending): string {
  const { review, action } = pending;
  const order = review.order ? `la commande ${review.order.orderNumber}` : "une commande inconnue";
  if (action === "refund") {
    return `${amountReceived(review)} seront rendus à la carte du client par le prestataire de paiement (${order}).`;
  }
  if (action === "give-back") {
    const pieces = review.latePayment?.pieces ?? [];
    const holders = pieces.flatMap((piece) => (piece.heldBy ? [`@${piece.heldBy}`] : []));
    const back = `${pieces.map(pieceName).join(", ")} ${pieces.length > 1 ? "reviennent" : "revient"} dans ${order}, qui passera au statut « Payée » avec ces ${amountReceived(review)}.`;
    return holders.length > 0
      ? `${back} ${holders.join(", ")} ${holders.length > 1 ? "repassent" : "repasse"} en tête de la liste d'attente.`
      : back;
  }
  const pays = review.order && (review.order.status === "to-pay" || review.order.status === "to-validate");
  const accepted = pays
    ? `${amountReceived(review)} seront pris comme paiement de ${order}, qui passera au statut « Payée ».`
    : `${amountReceived(review)} seront gardés pour ${order}, dont le statut ne change pas.`;
  return review.latePayment ? `${accepted} Les pièces ne reviennent pas dans la commande.` : accepted;
}

/** What the payment is, for a late one: the pieces it paid for, who has them now, and why they stay. */
function LatePaymentReason({ late }: { late: NonNullable<PaymentReview["latePayment"]> }) {
  return (
    <>
      <span className="font-medium">{latePaymentMessages.label}</span>
      <ul className="text-sm">
        {late.pieces.map((piece) => (
          <li key={piece.productId}>
            {pieceName(piece)} · {formatEuros(piece.priceCents)} : {pieceHolder(piece)}
          </li>
        ))}
      </ul>
      {late.giveBackRefusal ? (
        <span className="text-sm text-muted-foreground">{late.giveBackRefusal}</span>
      ) : null}
    </>
  );
}

/** A late payment's pieces may go back to its payer while the server says nothing stops it. */
function actionsOf(review: PaymentReview): Action[] {
  // The money may be on its way back: nothing else until the refund is settled.
  if (review.refundState !== null) return [];
  const canGiveBack = review.latePayment !== null && review.latePayment.giveBackRefusal === null;
  return canGiveBack ? ["give-back", "refund", "accept"] : ["refund", "accept"];
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
          {row.original.latePayment ? (
            <LatePaymentReason late={row.original.latePayment} />
          ) : (
            <span>{paymentReviewReasonLabels[row.original.reason]}</span>
          )}
          {row.original.refundState === "requested" ? (
            <span role="status" className="text-sm font-medium">
              {paymentReviewMessages.refundRequested}
            </span>
          ) : row.original.refundError ? (
            <span
              className={
                row.original.refundState === "to-check"
                  ? "text-sm font-medium text-amber-700"
                  : "text-sm text-destructive"
              }
            >
              {row.original.refundError}
            </span>
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
          {actionsOf(row.original).map((action) => (
            <Button
              key={action}
              type="button"
              size="sm"
              variant={action === "accept" ? "default" : "outline"}
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
        de la commande, second paiement, commande annulée ou rouverte entre-temps, ou paiement arrivé après la
        fin de la réservation d'une pièce passée à la personne suivante.
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
