import {
  LABEL_PRINT_DELAY_MS,
  laPosteTrackingUrl,
  shippingLabelMessages,
  shippingLabelUrl,
} from "@vitrine/domain";
import { DownloadIcon, FileTextIcon, PrinterIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { BusyButton } from "../../../components/ui/busy-button";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { isApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { fetchShippingLabel, useDeleteShippingLabel, useGenerateShippingLabel } from "../api/shipping-labels";

export interface ShippingLabelBlockProps {
  orderId: string;
  hasLabel: boolean;
  trackingId: string | null;
  /** The level of its heading where it sits: 3 inside a preparation card, 2 on the order's page. */
  headingLevel?: 2 | 3;
}

/** Saves the PDF under the parcel's name, as a link with `download` does. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the object URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * An order's shipping label (spec: order detail and preparation): generate it, or download,
 * print and delete it. The parent's order data (TanStack Query, ["admin", "orders", ...]) is
 * refreshed after each change and gives the new `hasLabel` and `trackingId`.
 */
export function ShippingLabelBlock({
  orderId,
  hasLabel,
  trackingId,
  headingLevel = 3,
}: ShippingLabelBlockProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const generate = useGenerateShippingLabel(orderId);
  const remove = useDeleteShippingLabel(orderId);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [downloading, setDownloading] = useState(false);

  function onGenerate() {
    generate.mutate(undefined, {
      onSuccess: () => toast.success(shippingLabelMessages.generated),
      onError: (error) =>
        toast.error(isApiError(error) ? error.message : shippingLabelMessages.generationError),
    });
  }

  async function onDownload() {
    setDownloading(true);
    try {
      saveFile(await fetchShippingLabel(orderId), `etiquette-${trackingId ?? orderId}.pdf`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : shippingLabelMessages.downloadFailed);
    } finally {
      setDownloading(false);
    }
  }

  function onPrint() {
    const labelWindow = window.open(shippingLabelUrl(orderId), "_blank");
    if (!labelWindow) {
      toast.error(shippingLabelMessages.popupBlocked);
      return;
    }
    // The PDF needs a moment to load before the print dialog can show it.
    setTimeout(() => labelWindow.print(), LABEL_PRINT_DELAY_MS);
  }

  function onDelete() {
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirmingDelete(false);
        toast.success(shippingLabelMessages.deleted);
      },
      onError: () => {
        setConfirmingDelete(false);
        toast.error(shippingLabelMessages.deleteFailed);
      },
    });
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <Heading id={headingId} className="flex items-center gap-2 font-semibold">
        <FileTextIcon className="size-4 text-muted-foreground" aria-hidden />
        Étiquette d'expédition
      </Heading>
      {hasLabel ? (
        <>
          <p className="text-sm">
            Numéro de suivi :{" "}
            {trackingId ? (
              <a
                href={laPosteTrackingUrl(trackingId)}
                target="_blank"
                rel="noreferrer"
                className="font-mono font-medium text-primary hover:underline"
              >
                {trackingId}
              </a>
            ) : (
              "—"
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            <BusyButton
              type="button"
              variant="outline"
              size="sm"
              busy={downloading}
              icon={<DownloadIcon aria-hidden />}
              onClick={() => void onDownload()}
            >
              Télécharger
            </BusyButton>
            <Button type="button" variant="outline" size="sm" onClick={onPrint}>
              <PrinterIcon aria-hidden />
              Imprimer
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirmingDelete(true)}>
              <Trash2Icon aria-hidden />
              Supprimer l'étiquette
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">Aucune étiquette n'a encore été générée.</p>
          <BusyButton
            type="button"
            size="sm"
            className="self-start"
            busy={generate.isPending}
            icon={<FileTextIcon aria-hidden />}
            onClick={onGenerate}
          >
            {generate.isPending ? "Génération en cours..." : "Générer l'étiquette"}
          </BusyButton>
        </>
      )}
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Supprimer l'étiquette ?"
        description="L'étiquette et son numéro de suivi seront supprimés de la commande. Une nouvelle étiquette pourra être générée ensuite."
        confirmLabel="Supprimer"
        onConfirm={onDelete}
        pending={remove.isPending}
      />
    </section>
  );
}
