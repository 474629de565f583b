import { zodResolver } from "@hookform/resolvers/zod";
import {
  LIVE_SOURCE_FIELDS,
  liveCreateFormSchema,
  liveMessages,
  liveRefFromTitle,
  FALLBACK_LIVE_REF,
  type LiveCreateFormValues,
  type LiveCreateInput,
} from "@vitrine/domain";
import { Controller, useForm, useWatch } from "react-hook-form";
import { toast } from "../../../lib/toast";
import { Checkbox } from "../../../components/ui/checkbox";
import { FormDialog } from "../../admin-shared/components/form-dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-client";
import { useCreateLive } from "../api";
import { LiveSourceFields } from "./live-source-fields";

/** 'Nouveau live'; mounted per opening, so the form starts empty each time. */
export function NewLiveDialog({ onClose }: { onClose: () => void }) {
  const createLive = useCreateLive();
  const form = useForm<LiveCreateFormValues, unknown, LiveCreateInput>({
    resolver: zodResolver(liveCreateFormSchema),
    defaultValues: {
      title: "",
      liveDate: "",
      isActive: false,
      tiktokUser: "",
      youtubeVideoId: "",
      facebookLiveVideoId: "",
      instagramAccountId: "",
    },
  });
  const title = useWatch({ control: form.control, name: "title" });
  const { errors } = form.formState;
  const derivedRef = liveRefFromTitle(title ?? "") || FALLBACK_LIVE_REF;

  return (
    <FormDialog
      form={form}
      title="Nouveau live"
      description="La référence du live est tirée de son titre."
      submitLabel="Créer le live"
      save={async (input) => {
        const { live } = await createLive.mutateAsync(input);
        toast.success(liveMessages.created(live.title), { description: `Référence : ${live.ref}` });
      }}
      onFailed={(error) =>
        toast.error(
          isApiError(error) && (error.code === "VALIDATION_FAILED" || error.code === "CONFLICT")
            ? error.message
            : liveMessages.createFailed,
        )
      }
      serverFields={["title", "liveDate", "isActive", ...LIVE_SOURCE_FIELDS]}
      onClose={onClose}
    >
      <Field
        id="new-live-title"
        label="Titre"
        hint={title?.trim() ? `Référence : ${derivedRef} (numérotée si un autre live l'a déjà)` : undefined}
        error={errors.title?.message}
      >
        <Input autoComplete="off" {...form.register("title")} />
      </Field>
      <Field id="new-live-date" label="Date et heure du live" error={errors.liveDate?.message}>
        <Input type="datetime-local" {...form.register("liveDate")} />
      </Field>
      <Controller
        control={form.control}
        name="isActive"
        render={({ field }) => (
          <Field id="new-live-active" label="Live actif" orientation="horizontal">
            <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
          </Field>
        )}
      />
      <LiveSourceFields idPrefix="new-live" register={(field) => form.register(field)} errors={errors} />
    </FormDialog>
  );
}
