import { useQueryClient } from "@tanstack/react-query";
import {
  adminOrderMessages,
  DEFAULT_LIVE_PLATFORM,
  viewerName,
  viewerPlatform,
  formatEuros,
  isReferenceSearch,
  LIVE_AUTOCOMPLETE_DEBOUNCE_MS,
  liveSellingMessages,
  PRODUCT_REF_MAX_DIGITS,
  sidebarHandle,
  TEMP_HANDLE_ID_PREFIX,
  tiktokUsernameError,
  type LiveClaimables,
  type ProductSuggestion,
} from "@vitrine/domain";
import { PlusIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { ColorSwatch } from "../../../components/color-swatch";
import { BusyButton } from "../../../components/ui/busy-button";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../lib/toast";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { staffRefusalMessage } from "../../../lib/refusal-message";
import { findAvailableProduct, useHandleSuggestions, useLiveProducts, useSidebarAdd } from "../api";
import { Autocomplete, type AutocompleteOption } from "../../admin-shared/components/autocomplete";
import { PlatformMark } from "../../admin-shared/components/platform-mark";

function productOption(product: ProductSuggestion): AutocompleteOption {
  return {
    key: product.id,
    content: (
      <>
        <span className="font-mono tabular-nums">{product.ref}</span>
        <span className="min-w-0 flex-1 truncate">{product.name}</span>
        {product.color ? <ColorSwatch hexCode={product.color.hexCode} className="size-3.5" /> : null}
        <span className="whitespace-nowrap tabular-nums">{formatEuros(product.priceCents)}</span>
      </>
    ),
  };
}

/**
 * The sidebar's manual add, made for speed: reference, Tab, handle, Enter. After an add the
 * reference and the handle clear and the focus goes back to the reference; a refusal keeps them.
 * Keyed by the live: choosing another live starts afresh.
 */
export function SidebarAddForm({
  liveId,
  claimables,
}: {
  liveId: string;
  claimables: LiveClaimables | undefined;
}) {
  const queryClient = useQueryClient();
  const add = useSidebarAdd();
  const [refText, setRefText] = useState("");
  const [product, setProduct] = useState<ProductSuggestion | null>(null);
  const [handleText, setHandleText] = useState("");
  const [comment, setComment] = useState("");
  const [commentShown, setCommentShown] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const refInput = useRef<HTMLInputElement>(null);
  const commentId = useId();
  const errorId = useId();

  const refSearch = useDebouncedValue(refText, LIVE_AUTOCOMPLETE_DEBOUNCE_MS);
  const products = useLiveProducts(liveId, refSearch);
  const refSettled = refSearch === refText;
  const productOptions = refSettled ? (products.data ?? []).map(productOption) : [];

  const handleSearch = sidebarHandle(useDebouncedValue(handleText, LIVE_AUTOCOMPLETE_DEBOUNCE_MS));
  const typedHandle = sidebarHandle(handleText);
  const handles = useHandleSuggestions(liveId, handleSearch);
  const handleSettled = handleSearch === typedHandle;
  const handleOptions: AutocompleteOption[] = [];
  if (handleSettled && typedHandle !== "") {
    const found = handles.data ?? [];
    for (const suggestion of found) {
      handleOptions.push({
        key: suggestion.tiktokUsername,
        content: (
          <>
            <span className="font-medium">
              {viewerName(suggestion.tiktokUsername, suggestion.displayName)}
            </span>
            {viewerPlatform(suggestion.tiktokUsername) !== DEFAULT_LIVE_PLATFORM ? (
              <PlatformMark platform={viewerPlatform(suggestion.tiktokUsername)} />
            ) : suggestion.displayName ? (
              <span className="min-w-0 flex-1 truncate text-muted-foreground">{suggestion.displayName}</span>
            ) : null}
          </>
        ),
      });
    }
    // 'Créer' only for a handle sign-up accepts: the server refuses the others.
    if (
      !handles.isPending &&
      tiktokUsernameError(typedHandle) === null &&
      !found.some((suggestion) => suggestion.tiktokUsername === typedHandle)
    ) {
      handleOptions.push({ key: `${TEMP_HANDLE_ID_PREFIX}${typedHandle}`, content: `Créer @${typedHandle}` });
    }
  }

  const submit = async () => {
    const handle = sidebarHandle(handleText);
    if (refText === "" || handle === "") {
      setError(liveSellingMessages.productAndHandleRequired);
      return;
    }
    // Another platform's key comes from a suggestion: the server checks the live heard that viewer.
    const handleError = viewerPlatform(handle) === DEFAULT_LIVE_PLATFORM ? tiktokUsernameError(handle) : null;
    if (handleError) {
      setError(handleError);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const chosen = product ?? (await findAvailableProduct(queryClient, liveId, Number(refText)));
      if (!chosen) {
        const sold = claimables?.sold.some((entry) => entry.ref === Number(refText));
        setError(sold ? adminOrderMessages.alreadySold : liveSellingMessages.noProductFound);
        return;
      }
      await add.mutateAsync({
        liveId,
        productId: chosen.id,
        handle,
        comment: comment.trim() === "" ? null : comment.trim(),
      });
      toast.success(liveSellingMessages.added);
      setRefText("");
      setProduct(null);
      setHandleText("");
      setComment("");
      refInput.current?.focus();
    } catch (failure) {
      setError(staffRefusalMessage(failure, liveSellingMessages.addFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      aria-label="Ajouter un produit à une commande"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Autocomplete
        label="Référence du produit"
        inputRef={refInput}
        inputMode="numeric"
        placeholder="Ex : 12"
        maxLength={PRODUCT_REF_MAX_DIGITS}
        text={refText}
        onTextChange={(text) => {
          setRefText(text.replace(/\D/g, "").slice(0, PRODUCT_REF_MAX_DIGITS));
          setProduct(null);
          setError(undefined);
        }}
        options={productOptions}
        onChoose={(key) => {
          const chosen = products.data?.find((candidate) => candidate.id === key);
          if (!chosen) return;
          setProduct(chosen);
          setRefText(String(chosen.ref));
        }}
        searching={isReferenceSearch(refText)}
        emptyText={
          !refSettled || products.isPending
            ? "Recherche…"
            : products.isError
              ? staffRefusalMessage(products.error, liveSellingMessages.addFailed)
              : claimables?.sold.some((entry) => String(entry.ref) === refText)
                ? adminOrderMessages.alreadySold
                : liveSellingMessages.noProductFound
        }
        listLabel="Produits disponibles"
        hint={product ? `${product.name} · ${formatEuros(product.priceCents)}` : undefined}
      />
      <Autocomplete
        label="Pseudo TikTok"
        placeholder="Ex : marie_75"
        maxLength={65}
        text={handleText}
        onTextChange={(text) => {
          setHandleText(text);
          setError(undefined);
        }}
        options={handleOptions}
        onChoose={(key) =>
          setHandleText(key.startsWith(TEMP_HANDLE_ID_PREFIX) ? key.slice(TEMP_HANDLE_ID_PREFIX.length) : key)
        }
        searching={typedHandle !== ""}
        emptyText="Recherche…"
        listLabel="Pseudos"
      />
      <div className="flex flex-col gap-2">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="self-start"
          aria-expanded={commentShown}
          aria-controls={commentId}
          onClick={() => setCommentShown((shown) => !shown)}
        >
          {commentShown ? "Masquer le commentaire" : "Ajouter un commentaire"}
        </Button>
        <div id={commentId} className={commentShown ? "flex flex-col gap-2" : "hidden"}>
          <Label htmlFor={`${commentId}-text`}>Commentaire (facultatif)</Label>
          <Textarea
            id={`${commentId}-text`}
            maxLength={1000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <BusyButton type="submit" busy={busy} icon={<PlusIcon aria-hidden />}>
        {busy ? "Ajout en cours..." : "Ajouter"}
      </BusyButton>
    </form>
  );
}
