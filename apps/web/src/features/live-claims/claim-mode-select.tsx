import { CLAIM_MODES, claimModeLabels, liveClaimMessages, type ClaimMode } from "@vitrine/domain";
import { useId } from "react";
import { Field } from "../../components/ui/field";
import { NativeSelect } from "../../components/ui/native-select";
import { staffRefusalMessage } from "../../lib/refusal-message";
import { toast } from "../../lib/toast";
import { liveClaimsQueryOptions, useSaveClaimSettings } from "../admin-shared/api/live-claims";
import { useQuery } from "@tanstack/react-query";

export const claimModeHints: Record<ClaimMode, string> = {
  manuel: "Chaque réservation attend un clic sur « Donner ».",
  automatique: "Le serveur donne la pièce au premier qui la réserve, les suivants vont en liste d'attente.",
};

/** The options of the mode, in the spec's words. */
export function ClaimModeOptions() {
  return CLAIM_MODES.map((mode) => (
    <option key={mode} value={mode}>
      {claimModeLabels[mode]}
    </option>
  ));
}

/** The live's mode, saved as soon as it is chosen (its hold is kept as it is). */
export function ClaimModeSelect({ liveId }: { liveId: string }) {
  const id = useId();
  const snapshot = useQuery(liveClaimsQueryOptions(liveId));
  const save = useSaveClaimSettings(liveId);
  const settings = snapshot.data?.settings;
  const mode = save.isPending ? save.variables.mode : settings?.mode;

  const change = (next: ClaimMode) => {
    if (!settings) return;
    save.mutate(
      { mode: next, holdSeconds: settings.holdSeconds },
      {
        onSuccess: () => toast.success(liveClaimMessages.settingsSaved),
        onError: (failure) => toast.error(staffRefusalMessage(failure, liveClaimMessages.settingsFailed)),
      },
    );
  };

  return (
    <Field id={id} label="Mode des réservations" hint={mode ? claimModeHints[mode] : undefined}>
      <NativeSelect
        value={mode ?? ""}
        disabled={!settings || save.isPending}
        onChange={(event) => change(event.target.value as ClaimMode)}
      >
        {mode ? null : <option value="">Chargement…</option>}
        <ClaimModeOptions />
      </NativeSelect>
    </Field>
  );
}
