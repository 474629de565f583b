import {
  centsToEuroInput,
  formatEuros,
  minimumOrderMessages,
  parseMinimumOrder,
  type ShopSettings,
} from "@vitrine/domain";
import { useState, type FormEvent } from "react";
import { LoadError } from "../../../components/load-error";
import { BusyButton } from "../../../components/ui/busy-button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Skeleton } from "../../../components/ui/skeleton";
import { staffRefusalMessage } from "../../../lib/refusal-message";
import { toast } from "../../../lib/toast";
import { PageHeader } from "../../admin-shared/components/page-header";
import { useSaveShopSettings, useShopSettings } from "../api";

const LOAD_FAILED = "Impossible de charger les réglages de la boutique.";

/** The shop's rules staff change themselves: for now, the minimum order. */
export function ShopSettingsPage() {
  const settings = useShopSettings();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Réglages de la boutique" />
      {settings.isPending ? (
        <Skeleton className="h-40 w-full max-w-xl" />
      ) : settings.isError ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void settings.refetch()} />
      ) : (
        <MinimumOrderCard key={String(settings.data.minimumOrderCents)} settings={settings.data} />
      )}
    </div>
  );
}

function MinimumOrderCard({ settings }: { settings: ShopSettings }) {
  const save = useSaveShopSettings();
  const [typed, setTyped] = useState(
    settings.minimumOrderCents === null ? "" : centsToEuroInput(settings.minimumOrderCents),
  );
  const [error, setError] = useState<string | undefined>();
  const current =
    settings.minimumOrderCents === null
      ? minimumOrderMessages.none
      : `Actuellement : ${formatEuros(settings.minimumOrderCents)}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMinimumOrder(typed);
    setError(parsed.ok ? undefined : parsed.message);
    if (!parsed.ok) return;
    save.mutate(
      { minimumOrder: typed },
      {
        onSuccess: () => toast.success(minimumOrderMessages.saved),
        onError: (failure) => {
          const message = staffRefusalMessage(failure, minimumOrderMessages.saveFailed);
          setError(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>Minimum de commande</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Field
            id="minimum-order"
            label="Minimum de commande (€)"
            hint={`Le total des articles, hors livraison, qu'une commande doit atteindre pour être validée et payée. Vide : aucun minimum. ${current}.`}
            error={error}
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              placeholder="ex : 25,00"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </Field>
          <div>
            <BusyButton type="submit" busy={save.isPending}>
              Enregistrer les réglages
            </BusyButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
