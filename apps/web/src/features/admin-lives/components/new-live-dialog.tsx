import { zodResolver } from "@hookform/resolvers/zod";
import {
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
import {
  Dialog,
  DialogContent,
  DialogDescription,
  FormDialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-client";
import { showServerFieldErrors } from "../../../lib/server-field-errors";
import { useCreateLive } from "../api";

export function NewLiveDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Nouveau live</DialogTitle>
          <DialogDescription>La référence du live est tirée de son titre.</DialogDescription>
        </DialogHeader>
        <NewLiveForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function NewLiveForm({ onDone }: { onDone: () => void }) {
  const createLive = useCreateLive();
  const form = useForm<LiveCreateFormValues, unknown, LiveCreateInput>({
    resolver: zodResolver(liveCreateFormSchema),
    defaultValues: { title: "", liveDate: "", isActive: false },
  });
  const title = useWatch({ control: form.control, name: "title" });
  const { errors, isSubmitting } = form.formState;
  const derivedRef = liveRefFromTitle(title ?? "") || FALLBACK_LIVE_REF;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const { live } = await createLive.mutateAsync(input);
      toast.success(liveMessages.created(live.title), { description: `Référence : ${live.ref}` });
      onDone();
    } catch (error) {
      showServerFieldErrors(form.setError, error, ["title", "liveDate", "isActive"]);
      toast.error(
        isApiError(error) && error.code === "VALIDATION_FAILED" ? error.message : liveMessages.createFailed,
      );
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
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
      <FormDialogFooter onCancel={onDone} isSubmitting={isSubmitting} submitLabel="Créer le live" />
    </form>
  );
}
