import { adminOrderMessages, orderStatusLabels, staffStatusChoices, type OrderStatus } from "@vitrine/domain";
import { useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  FormDialogFooter,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { NativeSelect } from "../../../components/ui/native-select";
import { toast } from "../../../lib/toast";
import { useSetOrderStatus } from "../api";
import { useRefreshRefunds } from "../refunds-api";
import { CancelRefundNotice, refundAwareRefusal } from "./order-refunds-card";

export interface StatusDialogProps {
  orderId: string;
  status: OrderStatus;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The statuses the status table lets staff move this order to (decision 039); the server checks
 * the move's conditions (paid, address, label) and its French refusal is the toast.
 */
export function StatusDialog({ orderId, status, open, onOpenChange }: StatusDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Changer le statut</DialogTitle>
          <DialogDescription>
            Statut actuel&nbsp;: {orderStatusLabels[status]}. Annuler une commande remet ses produits en
            vente.
          </DialogDescription>
        </DialogHeader>
        <StatusForm orderId={orderId} status={status} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function StatusForm({
  orderId,
  status,
  onDone,
}: {
  orderId: string;
  status: OrderStatus;
  onDone: () => void;
}) {
  const setStatus = useSetOrderStatus(orderId);
  const refreshRefunds = useRefreshRefunds(orderId);
  const [chosen, setChosen] = useState<OrderStatus>(status);
  const choices = staffStatusChoices(status);

  const onSubmit = async () => {
    try {
      await setStatus.mutateAsync(chosen);
      toast.success(adminOrderMessages.statusUpdated);
      onDone();
    } catch (error) {
      toast.error(refundAwareRefusal(error, adminOrderMessages.statusUpdateFailed));
      void refreshRefunds();
    }
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Field id="order-status" label="Nouveau statut">
        <NativeSelect
          value={chosen}
          onChange={(event) => {
            const next = choices.find((candidate) => candidate === event.target.value);
            if (next) setChosen(next);
          }}
        >
          {choices.map((candidate) => (
            <option key={candidate} value={candidate}>
              {orderStatusLabels[candidate]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <CancelRefundNotice orderId={orderId} current={status} chosen={chosen} />
      <FormDialogFooter onCancel={onDone} isSubmitting={setStatus.isPending} submitLabel="Enregistrer" />
    </form>
  );
}
