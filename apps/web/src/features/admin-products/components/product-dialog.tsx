import { zodResolver } from "@hookform/resolvers/zod";
import {
  centsToEuroInput,
  productFormSchema,
  productInputFromForm,
  productMessages,
  type Color,
  type Live,
  type Product,
  type ProductFormValues,
} from "@vitrine/domain";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "../../../lib/toast";
import type * as z from "zod/mini";
import { FormDialog } from "../../admin-shared/components/form-dialog";
import { EuroAmountField } from "../../../components/euro-amount-field";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { errorMessage } from "../../../lib/api-client";
import { useSaveProduct } from "../api";
import { LiveOptions } from "../../admin-shared/components/live-options";

type ProductFormOutput = z.output<typeof productFormSchema>;

export interface ProductDialogProps {
  /** The product to edit; null to add one. */
  product: Product | null;
  /** The live a new product goes to unless changed (the list's filter). */
  defaultLiveId: string | null;
  lives: Live[];
  colors: Color[];
  onClose: () => void;
}

/** Mounted per opening (keyed by the product), so the form starts from the record each time. */
export function ProductDialog({ product, defaultLiveId, lives, colors, onClose }: ProductDialogProps) {
  const save = useSaveProduct();
  const form = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: {
      liveId: product?.live.id ?? defaultLiveId ?? "",
      name: product?.name ?? "",
      ref: product ? String(product.ref) : "",
      price: product ? centsToEuroInput(product.priceCents) : "",
      size: product?.size ?? "",
      colorId: product?.color?.id ?? "",
    },
  });
  const { errors } = form.formState;
  const typedPrice = useWatch({ control: form.control, name: "price" });

  return (
    <FormDialog
      form={form}
      title={product ? "Modifier le produit" : "Ajouter un produit"}
      description="Les champs marqués * sont obligatoires."
      submitLabel={product ? "Enregistrer" : "Ajouter"}
      save={async (values) => {
        const { product: saved } = await save.mutateAsync({
          id: product?.id ?? null,
          input: productInputFromForm(values),
        });
        toast.success(product ? productMessages.updated(saved.name) : productMessages.created(saved.name));
      }}
      onFailed={(error) => {
        const message = errorMessage(error);
        toast.error(message === productMessages.duplicateRef ? message : productMessages.saveFailed(message));
      }}
      serverFields={["liveId", "name", "ref", "size", "colorId"]}
      onClose={onClose}
    >
      <Field id="product-live" label="Live associé *" error={errors.liveId?.message}>
        <NativeSelect {...form.register("liveId")}>
          <LiveOptions lives={lives} emptyLabel="Sélectionnez un live" />
        </NativeSelect>
      </Field>
      <Field id="product-name" label="Nom *" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register("name")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="product-ref" label="Référence *" error={errors.ref?.message}>
          <Input type="number" inputMode="numeric" min={1} step={1} {...form.register("ref")} />
        </Field>
        <EuroAmountField
          id="product-price"
          label="Prix (€) *"
          error={errors.price?.message}
          typed={typedPrice}
          {...form.register("price")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="product-size" label="Taille" error={errors.size?.message}>
          <Input autoComplete="off" {...form.register("size")} />
        </Field>
        <Field id="product-color" label="Couleur" error={errors.colorId?.message}>
          <NativeSelect {...form.register("colorId")}>
            <option value="">Aucune couleur</option>
            {colors.map((color) => (
              <option key={color.id} value={color.id}>
                {color.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
    </FormDialog>
  );
}
