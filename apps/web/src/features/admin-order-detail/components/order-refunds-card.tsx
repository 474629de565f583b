import {
  adminOrderMessages,
  cancelConfirmation,
  formatEuros,
  isPaidOrderStatus,
  orderRefundMessages,
  parcelMayBeGone,
  refundKindLabels,
  refundReasonLabels,
  refundStateHints,
  refundStateLabels,
  type AdminOrder,
  type OrderRefundView,
  type OrderStatus,
} from "@vitrine/domain";
import { BanknoteIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { DataTable, type ColumnDef } from "../../../components/data-table";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { staffRefusalMessage } from "../../../lib/refusal-message";
import { toast } from "../../../lib/toast";
import { useCancelAndRefund, useOrderFollowsItsRefunds, useOrderRefunds } from "../refunds-api";

/**
 * What to tell staff when a status change fails: the provider's refusal of the refund in its
 * French words (the order stays paid), else the server's reason for any other refusal.
 */
export function refundAwareRefusal(error: unknown, fallback: string): string {
  if (isApiError(error) && error.code === "PAYMENT_PROVIDER_FAILED") return error.message;
  return staffRefusalMessage(error, fallback);
}

function useRefundColumns(): ColumnDef<OrderRefundView>[] {
  return useMemo(
    () => [
      {
        id: "date",
        header: "Date",
        enableSorting: false,
        cell: ({ row }) => (
          <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span>
        ),
      },
      {
        id: "amount",
        header: "Montant",
        enableSorting: false,
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">{formatEuros(row.original.amountCents)}</span>
        ),
      },
      {
        id: "reason",
        header: "Motif",
        enableSorting: false,
        cell: ({ row }) => refundReasonLabels[row.original.reason],
      },
      {
        id: "state",
        header: "État",
        enableSorting: false,
        cell: ({ row }) => <RefundState refund={row.original} />,
      },
      {
        id: "reference",
        header: "Référence",
        enableSorting: false,
        cell: ({ row }) =>
          row.original.providerReference ? (
            <span className="font-mono text-xs break-all">{row.original.providerReference}</span>
          ) : (
            <span className="text-muted-foreground">—</span>
          ),
      },
    ],
    [],
  );
}

/** A refund's state as staff read it: done with its kind, refused with why, or not settled yet. */
function RefundState({ refund }: { refund: OrderRefundView }) {
  switch (refund.state) {
    case "done":
      return (
        <span>
          {refundStateLabels.done}
          {refund.kind ? ` · ${refundKindLabels[refund.kind]}` : ""}
        </span>
      );
    case "refused":
      return (
        <span className="text-destructive">
          {refundStateLabels.refused}
          {refund.error ? ` : ${refund.error}` : ""}
        </span>
      );
    default:
      return (
        <span className="flex flex-col gap-0.5">
          <span className={refund.state === "to-check" ? "font-medium text-amber-700" : "font-medium"}>
            {refundStateLabels[refund.state]}
          </span>
          <span className="text-xs text-muted-foreground">{refundStateHints[refund.state]}</span>
        </span>
      );
  }
}

/** What the confirmation says: the amount, and a parcel that may be gone or a label that exists. */
function confirmationText(order: AdminOrder, refundableCents: number): string {
  const warnings = [
    parcelMayBeGone(order.status)
      ? orderRefundMessages.shippedWarning
      : order.hasShippingLabel
        ? orderRefundMessages.labelWarning
        : null,
  ].filter(Boolean);
  return [cancelConfirmation(refundableCents), ...warnings].join(" ");
}

/** The order's refunds, and "Annuler et rembourser" while it is paid. */
export function OrderRefundsCard({ order }: { order: AdminOrder }) {
  const refunds = useOrderRefunds(order.id, order.status);
  useOrderFollowsItsRefunds(refunds.data?.refunds);
  const cancel = useCancelAndRefund(order.id);
  const [confirming, setConfirming] = useState(false);
  const columns = useRefundColumns();
  const paid = isPaidOrderStatus(order.status);
  const refundableCents = refunds.data?.refundableCents ?? 0;

  // An order not paid now shows the card only once its refunds are known to exist (a refunded
  // cancellation): no card appearing and going on every unpaid order's page.
  // (While the refunds after a cancellation are read, the card stays.)
  if (!paid && !refunds.isPlaceholderData && !refunds.data?.refunds.length) return null;

  const confirm = async () => {
    try {
      await cancel.mutateAsync();
      toast.success(
        refundableCents > 0
          ? orderRefundMessages.refunded(formatEuros(refundableCents))
          : orderRefundMessages.cancelled,
      );
    } catch (error) {
      toast.error(refundAwareRefusal(error, adminOrderMessages.statusUpdateFailed));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-4">
        <CardTitle>{orderRefundMessages.cardTitle}</CardTitle>
        {paid ? (
          <Button
            type="button"
            variant="destructive"
            size="sm"
            disabled={!refunds.data}
            onClick={() => setConfirming(true)}
          >
            <BanknoteIcon aria-hidden />
            {orderRefundMessages.cancelAndRefund}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {refunds.isError ? (
          <LoadError message={orderRefundMessages.loadFailed} onRetry={() => void refunds.refetch()} />
        ) : (
          <DataTable
            caption={orderRefundMessages.cardTitle}
            columns={columns}
            rows={refunds.data?.refunds}
            getRowId={(refund) => refund.id}
            isLoading={refunds.isPending}
            emptyText={orderRefundMessages.none}
          />
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={orderRefundMessages.confirmTitle}
        description={
          <>
            {confirmationText(order, refundableCents)}
            {cancel.isPending ? (
              <span role="status" className="mt-2 block font-medium text-foreground">
                {orderRefundMessages.pending}
              </span>
            ) : null}
          </>
        }
        confirmLabel={orderRefundMessages.cancelAndRefund}
        cancelLabel={orderRefundMessages.keepOrder}
        onConfirm={() => void confirm()}
        pending={cancel.isPending}
      />
    </Card>
  );
}

/** In the status dialog: cancelling a paid order there refunds it too, and says how much. */
export function CancelRefundNotice({
  orderId,
  current,
  chosen,
}: {
  orderId: string;
  current: OrderStatus;
  chosen: OrderStatus;
}) {
  const refunds = useOrderRefunds(orderId, current);
  const left = refunds.data?.refundableCents ?? 0;
  if (chosen !== "cancelled-by-admin" || !isPaidOrderStatus(current) || left === 0) return null;
  return (
    <p role="status" className="text-sm font-medium">
      {orderRefundMessages.statusDialogRefunds(formatEuros(left))}
    </p>
  );
}
