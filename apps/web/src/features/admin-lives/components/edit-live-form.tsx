import { zodResolver } from "@hookform/resolvers/zod";
import {
  LIVE_SOURCE_FIELDS,
  liveMessages,
  liveSiteMessages,
  liveUpdateSchema,
  SITE_CLAIM_AUDIENCES,
  siteClaimAudienceLabels,
  type Live,
  type LiveUpdateInput,
  type LiveUpdateValues,
} from "@vitrine/domain";
import { Controller, useForm } from "react-hook-form";
import { toast } from "../../../lib/toast";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { Switch } from "../../../components/ui/switch";
import { isApiError } from "../../../lib/api-client";
import { showServerFieldErrors } from "../../../lib/server-field-errors";
import { useUpdateLive } from "../api";
import { BusyButton } from "../../../components/ui/busy-button";
import { LiveSourceFields } from "./live-source-fields";

/**
 * Title, reference and state of a live, who has 'Je le prends' on the site during it, and its
 * sources; the page remounts it (key) when the live changes.
 */
export function EditLiveForm({ live }: { live: Live }) {
  const updateLive = useUpdateLive(live.id);
  const form = useForm<LiveUpdateInput, unknown, LiveUpdateValues>({
    resolver: zodResolver(liveUpdateSchema),
    defaultValues: {
      title: live.title,
      ref: live.ref,
      isActive: live.isActive,
      siteClaims: live.siteClaims,
      tiktokUser: live.tiktokUser ?? "",
      youtubeVideoId: live.youtubeVideoId ?? "",
      facebookLiveVideoId: live.facebookLiveVideoId ?? "",
      instagramAccountId: live.instagramAccountId ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await updateLive.mutateAsync(input);
      toast.success(liveMessages.updated);
    } catch (error) {
      const placed = showServerFieldErrors(form.setError, error, [
        "title",
        "ref",
        "isActive",
        "siteClaims",
        ...LIVE_SOURCE_FIELDS,
      ]);
      toast.error(placed && isApiError(error) ? error.message : liveMessages.updateFailed);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <Field id="live-title" label="Titre" error={errors.title?.message}>
        <Input autoComplete="off" {...form.register("title")} />
      </Field>
      <Field
        id="live-ref"
        label="Référence"
        hint="Lettres minuscules, chiffres et tirets, 10 caractères au plus."
        error={errors.ref?.message}
      >
        <Input autoComplete="off" spellCheck={false} maxLength={10} {...form.register("ref")} />
      </Field>
      <Controller
        control={form.control}
        name="isActive"
        render={({ field }) => (
          <Field id="live-active" label="Live actif" orientation="horizontal">
            <Switch checked={field.value} onCheckedChange={field.onChange} />
          </Field>
        )}
      />
      <Field
        id="live-site-claims"
        label={liveSiteMessages.siteClaimAudience}
        hint="Jamais annoncé dans le live TikTok : les clients trouvent le bouton sur leur page du live."
        error={errors.siteClaims?.message}
      >
        <NativeSelect {...form.register("siteClaims")}>
          {SITE_CLAIM_AUDIENCES.map((audience) => (
            <option key={audience} value={audience}>
              {siteClaimAudienceLabels[audience]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <LiveSourceFields idPrefix="live" register={(field) => form.register(field)} errors={errors} />
      <div>
        <BusyButton type="submit" busy={isSubmitting}>
          Enregistrer
        </BusyButton>
      </div>
    </form>
  );
}
