import { zodResolver } from "@hookform/resolvers/zod";
import {
  adminOrderMessages,
  SHIPPING_COUNTRY,
  shippingAddressSchema,
  type AdminOrderAddress,
  type ShippingAddress,
  type ShippingAddressRequest,
} from "@vitrine/domain";
import type * as React from "react";
import { useForm, type Path } from "react-hook-form";
import { FormDialog } from "./form-dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../lib/toast";
import { useUpdateOrderAddress } from "../api/orders";
import { staffRefusalMessage } from "../../../lib/refusal-message";

type AddressField = Path<ShippingAddressRequest>;

const fields = [
  { name: "first_name", label: "Prénom" },
  { name: "last_name", label: "Nom" },
  { name: "street", label: "Adresse", wide: true },
  { name: "zip", label: "Code postal", inputMode: "numeric" },
  { name: "city", label: "Ville" },
  { name: "email", label: "Email", type: "email", inputMode: "email" },
  { name: "phone", label: "Téléphone", type: "tel", inputMode: "tel" },
] as const satisfies readonly {
  name: AddressField;
  label: string;
  type?: string;
  inputMode?: React.ComponentProps<"input">["inputMode"];
  wide?: boolean;
}[];

const FIELD_NAMES: readonly AddressField[] = [
  ...fields.map((field) => field.name),
  "delivery_note",
  "country",
];

export interface AdminAddressDialogProps {
  orderId: string;
  /** The order's address as the API reads it (older shapes already converted); null when none. */
  address: AdminOrderAddress | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The delivery address of an order, as staff correct it (spec section 5, 'Address form (admin)'):
 * every field required, country France. Saving changes nothing else, the status included.
 */
export function AdminAddressDialog({ orderId, address, open, onOpenChange }: AdminAddressDialogProps) {
  // Mounted per opening, so the form starts from the order's address each time.
  return open ? (
    <AddressFormDialog orderId={orderId} address={address} onClose={() => onOpenChange(false)} />
  ) : null;
}

function AddressFormDialog({
  orderId,
  address,
  onClose,
}: Pick<AdminAddressDialogProps, "orderId" | "address"> & { onClose: () => void }) {
  const updateAddress = useUpdateOrderAddress(orderId);
  const form = useForm<ShippingAddressRequest, unknown, ShippingAddress>({
    resolver: zodResolver(shippingAddressSchema),
    defaultValues: {
      first_name: address?.first_name ?? "",
      last_name: address?.last_name ?? "",
      street: address?.street ?? "",
      zip: address?.zip ?? "",
      city: address?.city ?? "",
      email: address?.email ?? "",
      phone: address?.phone ?? "",
      delivery_note: address?.delivery_note ?? "",
    },
  });
  const { errors } = form.formState;

  return (
    <FormDialog
      form={form}
      title="Adresse de livraison"
      description="Tous les champs sont obligatoires, sauf la note de livraison."
      submitLabel="Enregistrer"
      save={async (values) => {
        await updateAddress.mutateAsync(values);
        toast.success(adminOrderMessages.addressUpdated);
      }}
      onFailed={(error) => toast.error(staffRefusalMessage(error, adminOrderMessages.addressUpdateFailed))}
      serverFields={FIELD_NAMES}
      onClose={onClose}
      className="max-w-2xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <Field
            key={field.name}
            id={`admin-address-${field.name}`}
            label={field.label}
            error={errors[field.name]?.message}
            className={"wide" in field ? "sm:col-span-2" : undefined}
          >
            <Input
              type={"type" in field ? field.type : "text"}
              inputMode={"inputMode" in field ? field.inputMode : undefined}
              autoComplete="off"
              aria-required="true"
              {...form.register(field.name)}
            />
          </Field>
        ))}
        <Field id="admin-address-country" label="Pays" hint="Livraison en France uniquement.">
          <Input value={SHIPPING_COUNTRY} disabled readOnly />
        </Field>
        <Field
          id="admin-address-delivery-note"
          label="Note de livraison"
          error={errors.delivery_note?.message}
          className="sm:col-span-2"
        >
          <Textarea rows={2} {...form.register("delivery_note")} />
        </Field>
      </div>
    </FormDialog>
  );
}
