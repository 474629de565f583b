import {
  adminOrderMessages,
  formatEuros,
  PRODUCT_REF_MAX_DIGITS,
  PRODUCT_SUGGESTIONS_DEBOUNCE_MS,
  productMessages,
  isReferenceSearch,
  type ProductSuggestion,
} from "@vitrine/domain";
import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { ColorSwatch } from "../../../components/color-swatch";
import { BusyButton } from "../../../components/ui/busy-button";
import { toast } from "../../../lib/toast";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { Autocomplete } from "../../admin-shared/components/autocomplete";
import { useAddOrderItem, useProductSuggestions } from "../api";
import { staffRefusalMessage } from "../../../lib/refusal-message";

/** The sidebar's generic failure text (spec section 8), when the server gave no reason. */
const ADD_FAILED = "Impossible d'ajouter le produit";

function describe(product: ProductSuggestion): string {
  return [`Réf. ${product.ref}`, product.name, product.color?.name, formatEuros(product.priceCents)]
    .filter(Boolean)
    .join(" · ");
}

/**
 * Adds a product of the order's live by its reference: digits only, suggestions of the products
 * still for sale after a pause in typing, chosen with the mouse or the keyboard (the shared
 * combobox), then 'Ajouter'.
 */
export function AddItemByReference({
  orderId,
  orderRefs,
}: {
  orderId: string;
  orderRefs: readonly number[];
}) {
  const addItem = useAddOrderItem(orderId);
  const [text, setText] = useState("");
  const [selected, setSelected] = useState<ProductSuggestion | null>(null);
  const [error, setError] = useState<string | undefined>();
  const search = useDebouncedValue(text, PRODUCT_SUGGESTIONS_DEBOUNCE_MS);
  const suggestions = useProductSuggestions(orderId, search);

  const settled = text === search;
  const products = settled ? (suggestions.data?.products ?? []) : [];
  // A reference held by an order: this one says so in its own words, another one sold it.
  const typedRefHeld = !settled
    ? undefined
    : orderRefs.includes(Number(text))
      ? adminOrderMessages.alreadyInOrder
      : suggestions.data?.exactRefSold
        ? adminOrderMessages.alreadySold
        : undefined;

  const onSubmit = async () => {
    if (!selected) {
      setError(typedRefHeld ?? adminOrderMessages.productRequired);
      return;
    }
    try {
      await addItem.mutateAsync(selected.id);
      toast.success(adminOrderMessages.itemAdded);
      setSelected(null);
      setText("");
    } catch (failure) {
      toast.error(staffRefusalMessage(failure, ADD_FAILED));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Autocomplete
        label="Ajouter un produit par référence"
        listLabel="Produits disponibles"
        text={text}
        onTextChange={(typed) => {
          setText(typed.replace(/\D/g, "").slice(0, PRODUCT_REF_MAX_DIGITS));
          setSelected(null);
          setError(undefined);
        }}
        searching={isReferenceSearch(text)}
        options={products.map((product) => ({
          key: product.id,
          content: <SuggestedProduct product={product} />,
        }))}
        onChoose={(id) => {
          const product = products.find((candidate) => candidate.id === id);
          if (!product) return;
          setSelected(product);
          setText(String(product.ref));
          setError(undefined);
        }}
        emptyText={
          !settled || suggestions.isPending
            ? "Recherche…"
            : suggestions.isError
              ? staffRefusalMessage(suggestions.error, productMessages.loadFailed)
              : (typedRefHeld ?? adminOrderMessages.noProductFound)
        }
        inputMode="numeric"
        placeholder="Ex : 12"
        maxLength={PRODUCT_REF_MAX_DIGITS}
        hint={
          selected
            ? `Produit sélectionné : ${describe(selected)}`
            : "Tapez les chiffres de la référence, puis choisissez le produit dans la liste."
        }
        error={error}
        beside={
          <BusyButton type="submit" busy={addItem.isPending} icon={<PlusIcon aria-hidden />}>
            Ajouter
          </BusyButton>
        }
      />
    </form>
  );
}

function SuggestedProduct({ product }: { product: ProductSuggestion }) {
  return (
    <>
      <span className="font-mono tabular-nums">{product.ref}</span>
      <span className="min-w-0 flex-1 truncate">{product.name}</span>
      {product.color ? (
        <span className="flex items-center gap-1 text-muted-foreground">
          <ColorSwatch hexCode={product.color.hexCode} className="size-3.5" />
          {product.color.name}
        </span>
      ) : null}
      <span className="whitespace-nowrap tabular-nums">{formatEuros(product.priceCents)}</span>
    </>
  );
}
