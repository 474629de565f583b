import { zodResolver } from "@hookform/resolvers/zod";
import {
  customerOrderMessages,
  SHIPPING_COUNTRY,
  shippingAddressSchema,
  type CustomerOrder,
  type ShippingAddress,
  type StoredShippingAddress,
  type ShippingAddressRequest,
  type SessionUser,
} from "@vitrine/domain";
import type * as React from "react";
import { useForm, type Path } from "react-hook-form";
import { toast } from "../../../lib/toast";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { isApiError } from "../../../lib/api-client";
import { useSaveShippingAddress } from "../api/order-changes";
import { useLastShippingAddress } from "../api/orders";
import { Spinner } from "../../../components/ui/spinner";
import { customerRefusalMessage } from "../../../lib/refusal-message";
import { BusyButton } from "../../../components/ui/busy-button";

type AddressField = Path<ShippingAddressRequest>;

const fields = [
  { name: "first_name", label: "Prénom", autoComplete: "given-name" },
  { name: "last_name", label: "Nom", autoComplete: "family-name" },
  { name: "street", label: "Adresse", autoComplete: "street-address", wide: true },
  { name: "zip", label: "Code postal", autoComplete: "postal-code", inputMode: "numeric" },
  { name: "city", label: "Ville", autoComplete: "address-level2" },
  { name: "email", label: "Email", autoComplete: "email", type: "email", inputMode: "email" },
  { name: "phone", label: "Téléphone", autoComplete: "tel", type: "tel", inputMode: "tel" },
] as const satisfies readonly {
  name: AddressField;
  label: string;
  autoComplete: string;
  type?: string;
  inputMode?: React.ComponentProps<"input">["inputMode"];
  wide?: boolean;
}[];

const FIELD_NAMES: readonly AddressField[] = [...fields.map((field) => field.name), "delivery_note"];

/**
 * The address saved on the order, else the one the customer gave last (a phone user does not
 * retype it for every live), else what the account knows: names and e-mail.
 */
function initialValues(
  order: CustomerOrder,
  last: StoredShippingAddress | null,
  user: SessionUser | null,
): ShippingAddressRequest {
  const saved = order.shippingAddress ?? last;
  return {
    first_name: saved?.first_name ?? user?.firstName ?? "",
    last_name: saved?.last_name ?? user?.lastName ?? "",
    street: saved?.street ?? "",
    zip: saved?.zip ?? "",
    city: saved?.city ?? "",
    email: saved?.email ?? user?.email ?? "",
    phone: saved?.phone ?? "",
    delivery_note: saved?.delivery_note ?? "",
  };
}

export interface ShippingAddressFormProps {
  order: CustomerOrder;
  user: SessionUser | null;
}

/** The delivery address of an order to validate; saving it moves the order to payment. */
export function ShippingAddressForm({ order, user }: ShippingAddressFormProps) {
  // Only an order without an address starts from the last one; the form waits for it, once.
  const last = useLastShippingAddress(order.shippingAddress === null);
  if (last.isLoading) return <Spinner label="Chargement de votre adresse..." className="py-8" />;
  return <AddressForm order={order} last={last.data ?? null} user={user} />;
}

function AddressForm({
  order,
  last,
  user,
}: ShippingAddressFormProps & { last: StoredShippingAddress | null }) {
  const saveAddress = useSaveShippingAddress(order.id);
  const form = useForm<ShippingAddressRequest, unknown, ShippingAddress>({
    resolver: zodResolver(shippingAddressSchema),
    defaultValues: initialValues(order, last, user),
    // The spec: an error goes away as soon as its field is edited, and comes back only at submit.
    reValidateMode: "onSubmit",
  });
  const { errors, isSubmitting } = form.formState;
  const clearErrorOnEdit = (name: AddressField) => ({ onChange: () => form.clearErrors(name) });

  const onSubmit = form.handleSubmit(async (address) => {
    try {
      await saveAddress.mutateAsync(address);
      toast.success(customerOrderMessages.addressSaved);
    } catch (error) {
      const serverFields = isApiError(error) ? Object.entries(error.fields ?? {}) : [];
      serverFields.forEach(([name, message]) => {
        const field = FIELD_NAMES.find((known) => known === name);
        if (field) form.setError(field, { type: "server", message });
      });
      toast.error(customerRefusalMessage(error, customerOrderMessages.addressSaveFailed));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <Field
            key={field.name}
            id={`address-${field.name}`}
            label={field.label}
            error={errors[field.name]?.message}
            className={"wide" in field ? "sm:col-span-2" : undefined}
          >
            <Input
              type={"type" in field ? field.type : "text"}
              inputMode={"inputMode" in field ? field.inputMode : undefined}
              autoComplete={field.autoComplete}
              aria-required="true"
              {...form.register(field.name, clearErrorOnEdit(field.name))}
            />
          </Field>
        ))}
        <Field id="address-country" label="Pays" hint="Nous livrons en France uniquement.">
          <Input value={SHIPPING_COUNTRY} readOnly autoComplete="country-name" />
        </Field>
        <Field
          id="address-delivery-note"
          label="Note de livraison"
          hint="Facultatif : code d'accès, étage, consignes pour le livreur."
          error={errors.delivery_note?.message}
          className="sm:col-span-2"
        >
          <Textarea rows={3} {...form.register("delivery_note", clearErrorOnEdit("delivery_note"))} />
        </Field>
      </div>
      <div>
        <BusyButton
          type="submit"
          size="lg"
          className="h-auto min-h-11 w-full py-2 whitespace-normal sm:w-auto"
          busy={isSubmitting}
        >
          Valider la commande et passer au paiement
        </BusyButton>
      </div>
    </form>
  );
}
