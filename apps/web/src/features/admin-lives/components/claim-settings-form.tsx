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
import { holdHoursText, parseDoubtSeconds, parseHoldHours } from "../../admin-shared/live-claims/claims-view";
import { ClaimModeOptions, claimModeHints } from "../../admin-shared/live-claims/claim-mode-select";

/** The live's claims settings: its mode, its own hold and doubt wait (empty: the shop's). */
export function ClaimSettingsCard({ liveId }: { liveId: string }) {
  const snapshot = useQuery(liveClaimsQueryOptions(liveId));
  if (snapshot.isPending) return <Skeleton className="h-40 w-full" />;
  if (snapshot.isError)
    return <LoadError message={liveClaimMessages.loadFailed} onRetry={() => void snapshot.refetch()} />;
  const { settings } = snapshot.data;
  return (
    <ClaimSettingsForm
      key={`${settings.mode}|${settings.holdSeconds}|${settings.doubtSeconds}`}
      liveId={liveId}
      settings={settings}
    />
  );
}

function ClaimSettingsForm({ liveId, settings }: { liveId: string; settings: LiveClaimSettings }) {
  const save = useSaveClaimSettings(liveId);
  const [mode, setMode] = useState<ClaimMode>(settings.mode);
  const [hold, setHold] = useState(settings.holdSeconds === null ? "" : holdHoursText(settings.holdSeconds));
  const [doubt, setDoubt] = useState(settings.doubtSeconds === null ? "" : String(settings.doubtSeconds));
  const [errors, setErrors] = useState<{
    holdSeconds?: string | undefined;
    doubtSeconds?: string | undefined;
  }>({});
  const shopHold =
    settings.holdSeconds === null
      ? `Vide : la durée de la boutique (${holdHoursText(settings.effectiveHoldSeconds)} h).`
      : "Vide : la durée de la boutique.";
  // The shop's wait is known only while the live has none of its own (then it is the one applied).
  const shopDoubt =
    settings.doubtSeconds === null
      ? `Par défaut : ${settings.effectiveDoubtSeconds} s`
      : "Vide : le délai de la boutique.";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const holdSeconds = parseHoldHours(hold);
    const doubtSeconds = parseDoubtSeconds(doubt);
    const request = liveClaimSettingsRequestSchema.safeParse({ mode, holdSeconds, doubtSeconds });
    const fields = new Set(request.error?.issues.map((issue) => issue.path[0]));
    const found = {
      holdSeconds:
        holdSeconds === undefined || fields.has("holdSeconds") ? liveClaimMessages.holdInvalid : undefined,
      doubtSeconds:
        doubtSeconds === undefined || fields.has("doubtSeconds")
          ? liveClaimMessages.doubtSecondsInvalid
          : undefined,
    };
    setErrors(found);
    if (!request.success || found.holdSeconds || found.doubtSeconds) return;
    save.mutate(request.data, {
      onSuccess: () => toast.success(liveClaimMessages.settingsSaved),
      onError: (failure) => {
        if (isApiError(failure) && failure.fields)
          setErrors({ holdSeconds: failure.fields.holdSeconds, doubtSeconds: failure.fields.doubtSeconds });
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
      <Field id="claim-hold" label="Durée de réservation (heures)" hint={shopHold} error={errors.holdSeconds}>
        <Input
          inputMode="decimal"
          autoComplete="off"
          placeholder={holdHoursText(settings.effectiveHoldSeconds)}
          value={hold}
          onChange={(event) => setHold(event.target.value)}
        />
      </Field>
      <Field
        id="claim-doubt"
        label="Délai de confirmation des doutes (secondes)"
        hint={shopDoubt}
        error={errors.doubtSeconds}
      >
        <Input
          inputMode="numeric"
          autoComplete="off"
          placeholder={String(settings.effectiveDoubtSeconds)}
          value={doubt}
          onChange={(event) => setDoubt(event.target.value)}
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
