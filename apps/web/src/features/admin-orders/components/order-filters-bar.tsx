import {
  adminOrderListMessages,
  isOrderSearchLongEnough,
  ORDER_SEARCH_MIN_LENGTH,
  ORDER_STATUSES,
  orderStatusLabels,
  SEARCH_DEBOUNCE_MS,
  type Live,
} from "@vitrine/domain";
import { RotateCcwIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { useChosenUser } from "../api";
import type { OrderFilterName } from "../order-filters";
import { UserPicker } from "./user-picker";
import { LiveOptions } from "../../admin-shared/components/live-options";

export interface OrderFiltersBarProps {
  values: Record<OrderFilterName, string>;
  update: (changes: Partial<Record<OrderFilterName, string>>) => void;
  reset: () => void;
  lives: Live[] | undefined;
}

/** Status, live, user and free text: every change lands in the URL and brings back page 1. */
export function OrderFiltersBar({ values, update, reset, lives }: OrderFiltersBarProps) {
  const chosenUser = useChosenUser(values.userId);
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-start">
      <OrderSearchField value={values.q} update={update} />
      <Field id="orders-status-filter" label="Statut">
        <NativeSelect value={values.status} onChange={(event) => update({ status: event.target.value })}>
          <option value="">Tous les statuts</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {orderStatusLabels[status]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="orders-live-filter" label="Live">
        <NativeSelect
          value={values.liveId}
          disabled={!lives}
          onChange={(event) => update({ liveId: event.target.value })}
        >
          <LiveOptions lives={lives} emptyLabel="Tous les lives" />
        </NativeSelect>
      </Field>
      <UserPicker
        id="orders-user-filter"
        label="Utilisateur"
        placeholder="E-mail, pseudo ou nom"
        clearLabel="Retirer le filtre utilisateur"
        value={values.userId ? (chosenUser.data ?? null) : null}
        onChange={(user) => update({ userId: user?.id ?? "" })}
      />
      <div className="sm:col-span-2 lg:col-span-4">
        <Button type="button" variant="outline" onClick={reset}>
          <RotateCcwIcon aria-hidden />
          Réinitialiser les filtres
        </Button>
      </div>
    </div>
  );
}

/** The free text, sent once typing pauses, and only when long enough to search. */
function OrderSearchField({ value, update }: { value: string; update: OrderFiltersBarProps["update"] }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The URL changed without typing (reset, back button): the field follows it.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => update({ q: text }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, update]);
  const tooShort = !isOrderSearchLongEnough(text);
  return (
    <Field
      id="orders-search"
      label="Rechercher"
      hint={
        tooShort
          ? adminOrderListMessages.searchTooShort
          : `E-mail, pseudo TikTok ou numéro de commande (${ORDER_SEARCH_MIN_LENGTH} caractères au moins)`
      }
    >
      <Input
        type="search"
        placeholder="marie@exemple.fr, @marie, HF-…"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </Field>
  );
}
