import { parcelMessages } from "@vitrine/domain";
import { UnlinkIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { isApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useSplitParcel } from "../api/parcels";

/**
 * 'Séparer' with its confirmation: given the lead, the whole parcel is undone; given a member,
 * that order alone leaves. The server refuses once the parcel has its label.
 */
export function SplitParcelButton({
  orderId,
  orderNumber,
  wholeParcel,
}: {
  orderId: string;
  orderNumber: string;
  wholeParcel: boolean;
}) {
  const split = useSplitParcel();
  const [confirming, setConfirming] = useState(false);

  function onConfirm() {
    split.mutate(orderId, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(wholeParcel ? parcelMessages.split : parcelMessages.left(orderNumber));
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(isApiError(error) ? error.message : parcelMessages.splitFailed);
      },
    });
  }

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        aria-label={
          wholeParcel
            ? `${parcelMessages.splitAction} le colis`
            : `${parcelMessages.splitAction} la commande ${orderNumber}`
        }
        onClick={() => setConfirming(true)}
      >
        <UnlinkIcon aria-hidden />
        {parcelMessages.splitAction}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={parcelMessages.splitTitle}
        description={wholeParcel ? parcelMessages.splitConfirm : parcelMessages.leaveConfirm(orderNumber)}
        confirmLabel={parcelMessages.splitAction}
        onConfirm={onConfirm}
        pending={split.isPending}
      />
    </>
  );
}
