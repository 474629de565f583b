import { formatEuros, parcelMessages, type ParcelSuggestion } from "@vitrine/domain";
import { PackagePlusIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useCombineParcel, useParcelSuggestions } from "../api/parcels";

function confirmation(suggestion: ParcelSuggestion): string {
  const lead = suggestion.orders.find((order) => order.id === suggestion.leadId);
  const parts = [
    parcelMessages.combineConfirm(
      suggestion.orders.map((order) => order.orderNumber),
      lead?.orderNumber ?? "",
    ),
  ];
  if (suggestion.feeSavedCents > 0)
    parts.push(parcelMessages.feeSaved(formatEuros(suggestion.feeSavedCents)));
  if (suggestion.refundCents > 0)
    parts.push(parcelMessages.refundAnnounced(formatEuros(suggestion.refundCents)));
  return parts.join(" ");
}

function SuggestionRow({ suggestion }: { suggestion: ParcelSuggestion }) {
  const [confirming, setConfirming] = useState(false);
  const combine = useCombineParcel(() => setConfirming(false));
  const numbers = suggestion.orders.map((order) => order.orderNumber).join(", ");

  const onConfirm = () => combine.mutate(suggestion.orders.map((order) => order.id));

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <p className="text-sm">
        <span className="font-medium">{suggestion.customer.name}</span>
        <span className="block text-muted-foreground">Commandes {numbers}</span>
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-label={`${parcelMessages.combineAction} : ${numbers}`}
        onClick={() => setConfirming(true)}
      >
        <PackagePlusIcon aria-hidden />
        {parcelMessages.combineAction}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`${parcelMessages.combineAction} ?`}
        description={confirmation(suggestion)}
        confirmLabel={parcelMessages.combineAction}
        onConfirm={onConfirm}
        pending={combine.isPending}
      />
    </li>
  );
}

/**
 * The preparation board's offer: each customer with orders that could travel in one parcel (one
 * label, one fee), to combine after a confirmation that names the orders, the fee saved and any
 * refund. Nothing shows when there is nothing to combine.
 */
export function ParcelSuggestions() {
  const suggestions = useParcelSuggestions();
  const headingId = useId();
  if (!suggestions.data || suggestions.data.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-lg font-semibold">
        {parcelMessages.suggestionsTitle}
      </h2>
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
        {suggestions.data.map((suggestion) => (
          <SuggestionRow key={suggestion.customer.id} suggestion={suggestion} />
        ))}
      </ul>
    </section>
  );
}
