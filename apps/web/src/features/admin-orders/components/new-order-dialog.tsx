import { zodResolver } from "@hookform/resolvers/zod";
import {
  adminOrderListMessages,
  formatEuros,
  NEW_ORDER_TOTAL_CENTS,
  newOrderInputSchema,
  type Live,
  type NewOrderInput,
  type OrderClient,
} from "@vitrine/domain";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
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
import { isApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { showServerFieldErrors } from "../../../lib/server-field-errors";
import { useCreateOrder } from "../api";
import { UserPicker } from "./user-picker";

export interface NewOrderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lives: Live[];
  /** The live the list is filtered on, chosen to begin with. */
  defaultLiveId: string;
}

/** 'New order' (spec §5): a live and a user, then the new order's page. */
export function NewOrderDialog({ open, onOpenChange, ...rest }: NewOrderDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="overflow-visible">
        <DialogHeader>
          <DialogTitle>Nouvelle commande</DialogTitle>
          <DialogDescription>
            La commande est créée « À valider », sans article, avec {formatEuros(NEW_ORDER_TOTAL_CENTS)} de
            livraison Colissimo.
          </DialogDescription>
        </DialogHeader>
        <NewOrderForm onDone={() => onOpenChange(false)} {...rest} />
      </DialogContent>
    </Dialog>
  );
}

function NewOrderForm({
  lives,
  defaultLiveId,
  onDone,
}: Omit<NewOrderDialogProps, "open" | "onOpenChange"> & { onDone: () => void }) {
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const [user, setUser] = useState<OrderClient | null>(null);
  const form = useForm<NewOrderInput>({
    resolver: zodResolver(newOrderInputSchema),
    defaultValues: { liveId: defaultLiveId, userId: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const { order } = await createOrder.mutateAsync(input);
      toast.success(`Commande ${order.orderNumber} créée`);
      onDone();
      await navigate(paths.admin.order(order.id));
    } catch (error) {
      showServerFieldErrors(form.setError, error, ["liveId", "userId"]);
      toast.error(adminOrderListMessages.createFailed, {
        ...(isApiError(error) ? { description: error.message } : {}),
      });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <Field id="new-order-live" label="Live" error={errors.liveId?.message}>
        <NativeSelect {...form.register("liveId")}>
          <option value="">Choisir un live</option>
          {lives.map((live) => (
            <option key={live.id} value={live.id}>
              {live.title}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Controller
        control={form.control}
        name="userId"
        render={({ field, fieldState }) => (
          <UserPicker
            id="new-order-user"
            label="Utilisateur"
            placeholder="E-mail, pseudo ou nom"
            clearLabel="Changer d'utilisateur"
            value={user}
            error={fieldState.error?.message}
            onChange={(chosen) => {
              setUser(chosen);
              field.onChange(chosen?.id ?? "");
            }}
          />
        )}
      />
      <FormDialogFooter onCancel={onDone} isSubmitting={isSubmitting} submitLabel="Créer la commande" />
    </form>
  );
}
