import { useQuery } from "@tanstack/react-query";
import {
  formatHoldDuration,
  HOLD_UNITS,
  holdDurationInput,
  holdUnitLabels,
  liveClaimMessages,
  liveClaimSettingsRequestSchema,
  parseHoldDuration,
  type ClaimMode,
  type HoldUnit,
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
import { claimModeHints, ClaimModeOptions, parseDoubtSeconds } from "../../live-claims";

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
  const storedHold = settings.holdSeconds === null ? null : holdDurationInput(settings.holdSeconds);
  const [hold, setHold] = useState(storedHold?.text ?? "");
  // An empty field keeps the unit the shop's hold reads best in, so the placeholder matches it.
  const shopHoldInput = holdDurationInput(settings.effectiveHoldSeconds);
  const [holdUnit, setHoldUnit] = useState<HoldUnit>(storedHold?.unit ?? shopHoldInput.unit);
  const typedHold = parseHoldDuration(hold, holdUnit);
  const [doubt, setDoubt] = useState(settings.doubtSeconds === null ? "" : String(settings.doubtSeconds));
  const [errors, setErrors] = useState<{
    holdSeconds?: string | undefined;
    doubtSeconds?: string | undefined;
  }>({});
  const shopHold =
    settings.holdSeconds === null
      ? `Vide : la durée de la boutique (${formatHoldDuration(settings.effectiveHoldSeconds)}).`
      : "Vide : la durée de la boutique.";
  // The shop's wait is known only while the live has none of its own (then it is the one applied).
  const shopDoubt =
    settings.doubtSeconds === null
      ? `Par défaut : ${settings.effectiveDoubtSeconds} s`
      : "Vide : le délai de la boutique.";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const holdSeconds = typedHold;
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
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <Field
          id="claim-hold"
          label="Durée de réservation"
          className="min-w-40 flex-1"
          // Said back in words: "0,25" hours or "15" minutes both read "= 15 min".
          hint={
            typeof typedHold === "number" && typedHold > 0 ? (
              <>
                <span aria-live="polite">= {formatHoldDuration(typedHold)}.</span> {shopHold}
              </>
            ) : (
              shopHold
            )
          }
          error={errors.holdSeconds}
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder={holdUnit === shopHoldInput.unit ? shopHoldInput.text : undefined}
            value={hold}
            onChange={(event) => setHold(event.target.value)}
          />
        </Field>
        <Field id="claim-hold-unit" label="Unité" className="w-36">
          <NativeSelect value={holdUnit} onChange={(event) => setHoldUnit(event.target.value as HoldUnit)}>
            {HOLD_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {holdUnitLabels[unit]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
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
