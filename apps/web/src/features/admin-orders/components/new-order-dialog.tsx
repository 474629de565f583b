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
import { FormDialog } from "../../admin-shared/components/form-dialog";
import { Field } from "../../../components/ui/field";
import { NativeSelect } from "../../../components/ui/native-select";
import { isApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { useCreateOrder } from "../api";
import { UserPicker } from "./user-picker";
import { LiveOptions } from "../../admin-shared/components/live-options";

export interface NewOrderDialogProps {
  lives: Live[];
  /** The live the list is filtered on, chosen to begin with. */
  defaultLiveId: string;
  onClose: () => void;
}

/** 'New order' (spec §5): a live and a user, then the new order's page. Mounted per opening. */
export function NewOrderDialog({ lives, defaultLiveId, onClose }: NewOrderDialogProps) {
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const [user, setUser] = useState<OrderClient | null>(null);
  const form = useForm<NewOrderInput>({
    resolver: zodResolver(newOrderInputSchema),
    defaultValues: { liveId: defaultLiveId, userId: "" },
  });
  const { errors } = form.formState;

  return (
    <FormDialog
      form={form}
      title="Nouvelle commande"
      description={
        <>
          La commande est créée « À valider », sans article, avec {formatEuros(NEW_ORDER_TOTAL_CENTS)} de
          livraison Colissimo.
        </>
      }
      submitLabel="Créer la commande"
      save={async (input) => {
        const { order } = await createOrder.mutateAsync(input);
        toast.success(`Commande ${order.orderNumber} créée`);
        return order;
      }}
      onSaved={(order) => navigate(paths.admin.order(order.id))}
      onFailed={(error) =>
        toast.error(adminOrderListMessages.createFailed, {
          ...(isApiError(error) ? { description: error.message } : {}),
        })
      }
      serverFields={["liveId", "userId"]}
      onClose={onClose}
      className="overflow-visible"
    >
      <Field id="new-order-live" label="Live" error={errors.liveId?.message}>
        <NativeSelect {...form.register("liveId")}>
          <LiveOptions lives={lives} emptyLabel="Choisir un live" />
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
    </FormDialog>
  );
}
