import { zodResolver } from "@hookform/resolvers/zod";
import { faqInputSchema, faqMessages, type Faq, type FaqInput } from "@vitrine/domain";
import { Controller, useForm } from "react-hook-form";
import { toast } from "../../../lib/toast";
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
import { errorMessage } from "../../../lib/api-client";
import { RichTextField } from "../../admin-shared/components/rich-text-field";
import { showServerFieldErrors } from "../../../lib/server-field-errors";
import { useSaveFaq } from "../faqs-api";

export interface FaqDialogProps {
  /** The FAQ edited, or null for a new one. */
  faq: Faq | null;
  onClose: () => void;
}

/** Mounted per opening (keyed by the FAQ), so the form starts from the record each time. */
export function FaqDialog({ faq, onClose }: FaqDialogProps) {
  const save = useSaveFaq();
  const form = useForm<FaqInput>({
    resolver: zodResolver(faqInputSchema),
    defaultValues: { title: faq?.title ?? "", content: faq?.content ?? "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: faq?.id ?? null, input });
      toast.success(faq ? faqMessages.updated : faqMessages.created);
      onClose();
    } catch (error) {
      showServerFieldErrors(form.setError, error, ["title", "content"]);
      toast.error(faqMessages.saveFailed, { description: errorMessage(error) });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{faq ? "Modifier la FAQ" : "Nouvelle FAQ"}</DialogTitle>
          <DialogDescription>
            La question et sa réponse, telles que les clientes les liront.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
          <Field id="faq-title" label="Titre" error={errors.title?.message}>
            <Input autoComplete="off" {...form.register("title")} />
          </Field>
          <Controller
            control={form.control}
            name="content"
            render={({ field }) => (
              <RichTextField
                id="faq-content"
                label="Contenu"
                value={field.value}
                onChange={field.onChange}
                error={errors.content?.message}
              />
            )}
          />
          <FormDialogFooter
            onCancel={onClose}
            isSubmitting={isSubmitting}
            submitLabel="Enregistrer"
            lockCancelWhileSubmitting
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
