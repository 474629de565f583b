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
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { ColorSwatch } from "../../../../components/color-swatch";
import { BusyButton } from "../../../../components/ui/busy-button";
import { Input } from "../../../../components/ui/input";
import { Label } from "../../../../components/ui/label";
import { cn } from "../../../../lib/cn";
import { toast } from "../../../../lib/toast";
import { useDebouncedValue } from "../../../../lib/use-debounced-value";
import { useAddOrderItem, useProductSuggestions } from "../api";
import { refusalMessage } from "../refusal-message";

/** The sidebar's generic failure text (spec section 8), when the server gave no reason. */
const ADD_FAILED = "Impossible d'ajouter le produit";

function describe(product: ProductSuggestion): string {
  return [`Réf. ${product.ref}`, product.name, product.color?.name, formatEuros(product.priceCents)]
    .filter(Boolean)
    .join(" · ");
}

/**
 * Adds a product of the order's live by its reference: digits only, suggestions of the products
 * still for sale after a pause in typing, chosen with the mouse or the keyboard (ARIA 1.2
 * combobox: arrows move, Enter chooses, Escape closes), then 'Ajouter'.
 */
export function AddItemByReference({ orderId }: { orderId: string }) {
  const addItem = useAddOrderItem(orderId);
  const [text, setText] = useState("");
  const [selected, setSelected] = useState<ProductSuggestion | null>(null);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [error, setError] = useState<string | undefined>();
  const search = useDebouncedValue(text, PRODUCT_SUGGESTIONS_DEBOUNCE_MS);
  const suggestions = useProductSuggestions(orderId, search);

  const id = useId();
  const inputId = `${id}-ref`;
  const listboxId = `${id}-suggestions`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const settled = text === search;
  const products = settled ? (suggestions.data ?? []) : [];
  const popupShown = open && isReferenceSearch(text);
  const expanded = popupShown && products.length > 0;
  const activeProduct = expanded ? products[activeIndex] : undefined;

  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView({ block: "nearest" });
  }, [id, activeIndex]);

  const choose = (product: ProductSuggestion) => {
    setSelected(product);
    setText(String(product.ref));
    setOpen(false);
    setActiveIndex(-1);
    setError(undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = products.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (count === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActiveIndex((index) => (index < 0 && step < 0 ? count - 1 : (index + step + count) % count));
    } else if (event.key === "Enter" && activeProduct) {
      event.preventDefault();
      choose(activeProduct);
    } else if (event.key === "Escape" && popupShown) {
      event.preventDefault();
      setOpen(false);
      setActiveIndex(-1);
    }
  };

  const onSubmit = async () => {
    if (!selected) {
      setError(adminOrderMessages.productRequired);
      return;
    }
    try {
      await addItem.mutateAsync(selected.id);
      toast.success(adminOrderMessages.itemAdded);
      setSelected(null);
      setText("");
    } catch (failure) {
      toast.error(refusalMessage(failure, ADD_FAILED));
    }
  };

  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(" ");

  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Label htmlFor={inputId}>Ajouter un produit par référence</Label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="relative flex-1">
          <Input
            id={inputId}
            role="combobox"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={activeProduct ? optionId(activeIndex) : undefined}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            inputMode="numeric"
            autoComplete="off"
            placeholder="Ex : 12"
            maxLength={PRODUCT_REF_MAX_DIGITS}
            value={text}
            onChange={(event) => {
              setText(event.target.value.replace(/\D/g, "").slice(0, PRODUCT_REF_MAX_DIGITS));
              setSelected(null);
              setOpen(true);
              setActiveIndex(-1);
              setError(undefined);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          <div
            className={cn(
              "absolute top-full right-0 left-0 z-20 mt-1 max-h-72 overflow-y-auto rounded-md border border-border bg-background text-foreground shadow-md",
              !popupShown && "hidden",
            )}
          >
            {products.length > 0 ? (
              <ul id={listboxId} role="listbox" aria-label="Produits disponibles" className="py-1">
                {products.map((product, index) => (
                  <li
                    key={product.id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeIndex}
                    className={cn(
                      "flex cursor-pointer items-center gap-2 px-3 py-2 text-sm",
                      index === activeIndex ? "bg-muted" : "hover:bg-muted/60",
                    )}
                    // Keeps the focus in the field, so that the list stays open until chosen.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActiveIndex(index)}
                    onClick={() => choose(product)}
                  >
                    <span className="font-mono tabular-nums">{product.ref}</span>
                    <span className="min-w-0 flex-1 truncate">{product.name}</span>
                    {product.color ? (
                      <span className="flex items-center gap-1 text-muted-foreground">
                        <ColorSwatch hexCode={product.color.hexCode} className="size-3.5" />
                        {product.color.name}
                      </span>
                    ) : null}
                    <span className="whitespace-nowrap tabular-nums">{formatEuros(product.priceCents)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p role="status" className="px-3 py-2 text-sm text-muted-foreground">
                {!settled || suggestions.isPending
                  ? "Recherche…"
                  : suggestions.isError
                    ? refusalMessage(suggestions.error, productMessages.loadFailed)
                    : adminOrderMessages.noProductFound}
              </p>
            )}
          </div>
        </div>
        <BusyButton type="submit" busy={addItem.isPending} icon={<PlusIcon aria-hidden />}>
          Ajouter
        </BusyButton>
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {selected
          ? `Produit sélectionné : ${describe(selected)}`
          : "Tapez les chiffres de la référence, puis choisissez le produit dans la liste."}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
