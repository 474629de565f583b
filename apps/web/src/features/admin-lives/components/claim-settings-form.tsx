import { useQuery } from "@tanstack/react-query";
import {
  liveClaimMessages,
  liveClaimSettingsRequestSchema,
  type ClaimMode,
  type LiveClaimSettings,
} from "@vitrine/domain";
import { useState, type FormEvent } from "react";
import { LoadError } from "../../../components/load-error";
import { BusyButton } from "../../../components/ui/busy-button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { Skeleton } from "../../../components/ui/skeleton";
import { isApiError } from "../../../lib/api-client";
import { staffRefusalMessage } from "../../../lib/refusal-message";
import { toast } from "../../../lib/toast";
import { liveClaimsQueryOptions, useSaveClaimSettings } from "../../admin-shared/api/live-claims";
import { holdHoursText, parseHoldHours } from "../../admin-shared/live-claims/claims-view";
import { ClaimModeOptions, claimModeHints } from "../../admin-shared/live-claims/claim-mode-select";

/** The live's claims settings: its mode and its own hold (empty: the shop's). */
export function ClaimSettingsCard({ liveId }: { liveId: string }) {
  const snapshot = useQuery(liveClaimsQueryOptions(liveId));
  if (snapshot.isPending) return <Skeleton className="h-40 w-full" />;
  if (snapshot.isError)
    return <LoadError message={liveClaimMessages.loadFailed} onRetry={() => void snapshot.refetch()} />;
  const { settings } = snapshot.data;
  return (
    <ClaimSettingsForm key={`${settings.mode}|${settings.holdSeconds}`} liveId={liveId} settings={settings} />
  );
}

function ClaimSettingsForm({ liveId, settings }: { liveId: string; settings: LiveClaimSettings }) {
  const save = useSaveClaimSettings(liveId);
  const [mode, setMode] = useState<ClaimMode>(settings.mode);
  const [hold, setHold] = useState(settings.holdSeconds === null ? "" : holdHoursText(settings.holdSeconds));
  const [error, setError] = useState<string | undefined>(undefined);
  const shopHold =
    settings.holdSeconds === null
      ? `Vide : la durée de la boutique (${holdHoursText(settings.effectiveHoldSeconds)} h).`
      : "Vide : la durée de la boutique.";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const holdSeconds = parseHoldHours(hold);
    const request = liveClaimSettingsRequestSchema.safeParse({ mode, holdSeconds });
    if (holdSeconds === undefined || !request.success) {
      setError(liveClaimMessages.holdInvalid);
      return;
    }
    setError(undefined);
    save.mutate(request.data, {
      onSuccess: () => toast.success(liveClaimMessages.settingsSaved),
      onError: (failure) => {
        if (isApiError(failure) && failure.fields?.holdSeconds) setError(failure.fields.holdSeconds);
        toast.error(staffRefusalMessage(failure, liveClaimMessages.settingsFailed));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field id="claim-mode" label="Mode des réservations" hint={claimModeHints[mode]}>
        <NativeSelect value={mode} onChange={(event) => setMode(event.target.value as ClaimMode)}>
          <ClaimModeOptions />
        </NativeSelect>
      </Field>
      <Field id="claim-hold" label="Durée de réservation (heures)" hint={shopHold} error={error}>
        <Input
          inputMode="decimal"
          autoComplete="off"
          placeholder={holdHoursText(settings.effectiveHoldSeconds)}
          value={hold}
          onChange={(event) => setHold(event.target.value)}
        />
      </Field>
      <div>
        <BusyButton type="submit" busy={save.isPending}>
          Enregistrer les réglages
        </BusyButton>
      </div>
    </form>
  );
}
