import {
  adminOrderListMessages,
  bulkStatusSummary,
  chosenOrderStatusSchema,
  ORDER_STATUSES,
  orderRefundMessages,
  orderStatusLabels,
  type AdminOrderRow,
  type BulkOrderStatusResult,
  type OrderStatus,
} from "@vitrine/domain";
import { MailIcon, RefreshCwIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Field } from "../../../components/ui/field";
import { NativeSelect } from "../../../components/ui/native-select";
import { isApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { sendBulkOrderStatus, useOrdersChanged } from "../api";
import { runBulkStatus, type BulkStatusProgress } from "../bulk-status-run";

export interface BulkActionsBarProps {
  /** The selected orders, from any page. */
  selected: AdminOrderRow[];
  /** After a status change: the orders that failed stay selected, to try again. */
  onStatusChanged: (failedIds: string[]) => void;
  onClear: () => void;
  onMessage: () => void;
}

const FAILURES_LISTED = 5;
const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

type Skipped = BulkOrderStatusResult["failed"];

/** Each skipped order named by its number: the server's, else the selection's (a chunk that failed whole). */
function namedSkipped(result: BulkOrderStatusResult, selected: AdminOrderRow[]): Skipped {
  const numbers = new Map(selected.map((order) => [order.id, order.orderNumber]));
  return result.failed.map((skipped) => ({
    ...skipped,
    orderNumber: skipped.orderNumber ?? numbers.get(skipped.id) ?? null,
  }));
}

/** The failed orders by number and reason, the first few of them (the toast; the bar lists them all). */
function failureDetails(skipped: Skipped): string {
  const listed = skipped
    .slice(0, FAILURES_LISTED)
    .map(({ id, orderNumber, message }) => `${orderNumber ?? id} : ${message}`);
  const more = skipped.length - listed.length;
  return more > 0 ? `${listed.join(" ; ")} ; et ${more} autre${more > 1 ? "s" : ""}` : listed.join(" ; ");
}

/** With orders selected: how many, their status changed together (with confirmation and progress), a message to their people. */
export function BulkActionsBar({ selected, onStatusChanged, onClear, onMessage }: BulkActionsBarProps) {
  const ordersChanged = useOrdersChanged();
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<OrderStatus | null>(null);
  const [progress, setProgress] = useState<BulkStatusProgress | null>(null);
  const [skipped, setSkipped] = useState<Skipped>([]);
  const count = selected.length;

  const askConfirmation = () => {
    const chosen = chosenOrderStatusSchema.safeParse(status);
    if (!chosen.success) {
      setError(chosen.error.issues[0]?.message ?? adminOrderListMessages.statusRequired);
      return;
    }
    setError(undefined);
    setConfirming(chosen.data);
  };

  const apply = async (newStatus: OrderStatus) => {
    const result = await runBulkStatus({
      orderIds: selected.map((order) => order.id),
      status: newStatus,
      send: sendBulkOrderStatus,
      onProgress: setProgress,
      chunkFailure: (failure) =>
        isApiError(failure) ? failure.message : adminOrderListMessages.statusUpdateFailed,
    });
    await ordersChanged();
    setProgress(null);
    setConfirming(null);
    const named = namedSkipped(result, selected);
    setSkipped(named);
    const summary = bulkStatusSummary(result.updated.length, result.failed.length);
    if (summary.tone === "success") toast.success(summary.message);
    else if (summary.tone === "partial")
      toast.warning(summary.message, { description: failureDetails(named) });
    else toast.error(summary.message, { description: failureDetails(named) });
    if (summary.tone === "success") setStatus("");
    onStatusChanged(result.failed.map((failure) => failure.id));
  };

  return (
    <section
      aria-label="Actions sur la sélection"
      className="flex flex-col gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4"
    >
      <p className="text-sm font-medium" aria-live="polite">
        {count} {plural(count, "commande sélectionnée", "commandes sélectionnées")}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <Field id="bulk-status" label="Nouveau statut" error={error} className="w-full sm:w-56">
          <NativeSelect
            value={status}
            onChange={(event) => {
              setStatus(event.target.value);
              setError(undefined);
            }}
          >
            <option value="">Choisir un statut</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {orderStatusLabels[value]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="button" onClick={askConfirmation}>
          <RefreshCwIcon aria-hidden />
          Changer le statut
        </Button>
        <Button type="button" variant="outline" onClick={onMessage}>
          <MailIcon aria-hidden />
          Envoyer un message
        </Button>
        <Button type="button" variant="ghost" onClick={onClear}>
          <XIcon aria-hidden />
          Tout désélectionner
        </Button>
      </div>
      {skipped.length > 0 ? (
        <div role="region" aria-label={adminOrderListMessages.skippedHeading} className="text-sm">
          <p className="font-medium">{adminOrderListMessages.skippedHeading}</p>
          <ul className="mt-1 list-disc pl-5">
            {skipped.map(({ id, orderNumber, message }) => (
              <li key={id}>
                <span className="font-medium">{orderNumber ?? adminOrderListMessages.unknownOrder}</span> :{" "}
                {message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Changer le statut de ${count} ${plural(count, "commande", "commandes")} ?`}
        description={
          <>
            {count === 1
              ? "La commande sélectionnée passera"
              : `Les ${count} commandes sélectionnées passeront`}{" "}
            au statut « {confirming ? orderStatusLabels[confirming] : ""} ».
            {confirming === "cancelled-by-admin" ? orderRefundMessages.bulkCancelNotice : null}
            {progress ? (
              <span className="mt-4 flex flex-col gap-1">
                <progress
                  className="h-2 w-full accent-primary"
                  value={progress.done}
                  max={progress.total}
                  aria-label="Progression de la mise à jour"
                />
                <span role="status" className="font-medium text-foreground">
                  {progress.done} / {progress.total}
                </span>
              </span>
            ) : null}
          </>
        }
        confirmLabel="Confirmer"
        pending={progress !== null}
        onConfirm={() => confirming && void apply(confirming)}
      />
    </section>
  );
}
