import { zodResolver } from "@hookform/resolvers/zod";
import { faqInputSchema, faqMessages, type Faq, type FaqInput } from "@vitrine/domain";
import { useForm } from "react-hook-form";
import { toast } from "../../../lib/toast";
import { FormDialog } from "../../admin-shared/components/form-dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api-client";
import { RichTextFormField } from "../../admin-shared/components/rich-text-field";
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
  const { errors } = form.formState;

  return (
    <FormDialog
      form={form}
      title={faq ? "Modifier la FAQ" : "Nouvelle FAQ"}
      description="La question et sa réponse, telles que les clientes les liront."
      submitLabel="Enregistrer"
      save={async (input) => {
        await save.mutateAsync({ id: faq?.id ?? null, input });
        toast.success(faq ? faqMessages.updated : faqMessages.created);
      }}
      onFailed={(error) => toast.error(faqMessages.saveFailed, { description: errorMessage(error) })}
      serverFields={["title", "content"]}
      onClose={onClose}
      lockWhileSubmitting
      className="max-w-2xl"
    >
      <Field id="faq-title" label="Titre" error={errors.title?.message}>
        <Input autoComplete="off" {...form.register("title")} />
      </Field>
      <RichTextFormField control={form.control} name="content" id="faq-content" label="Contenu" />
    </FormDialog>
  );
}
