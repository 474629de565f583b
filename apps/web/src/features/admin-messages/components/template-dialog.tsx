import { zodResolver } from "@hookform/resolvers/zod";
import {
  availableTemplateTypes,
  messageTemplateInputSchema,
  messageTemplateMessages,
  messageTemplateTypeSchema,
  orderStatusLabels,
  type MessageTemplate,
  type OrderStatus,
} from "@vitrine/domain";
import { Controller, useForm } from "react-hook-form";
import { toast } from "../../../lib/toast";
import * as z from "zod/mini";
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
import { NativeSelect } from "../../../components/ui/native-select";
import { errorMessage } from "../../../lib/api-client";
import { RichTextField } from "../../admin-shared/components/rich-text-field";
import { showServerFieldErrors } from "../../../lib/server-field-errors";
import { useSaveMessageTemplate } from "../api";
import { TemplateTestSend } from "./template-test-send";

/** The select starts on "" (no type chosen yet), which the type's rule then refuses. */
const templateFormSchema = z.extend(messageTemplateInputSchema, {
  type: z.pipe(z.string(), messageTemplateTypeSchema),
});

export interface TemplateDialogProps {
  /** The template edited, or null for a new one. */
  template: MessageTemplate | null;
  /** The types that already have a template: a new one cannot take them. */
  usedTypes: readonly OrderStatus[];
  onClose: () => void;
}

/** Mounted per opening (keyed by the template), so the form starts from the record each time. */
export function TemplateDialog({ template, usedTypes, onClose }: TemplateDialogProps) {
  const save = useSaveMessageTemplate();
  const types = availableTemplateTypes(usedTypes, template?.type);
  const form = useForm<z.input<typeof templateFormSchema>, unknown, z.output<typeof templateFormSchema>>({
    resolver: zodResolver(templateFormSchema),
    defaultValues: { type: template?.type ?? "", title: template?.title ?? "", body: template?.body ?? "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: template?.id ?? null, input });
      toast.success(template ? messageTemplateMessages.updated : messageTemplateMessages.created);
      onClose();
    } catch (error) {
      showServerFieldErrors(form.setError, error, ["type", "title", "body"]);
      toast.error(messageTemplateMessages.saveFailed, { description: errorMessage(error) });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{template ? "Modifier le template" : "Nouveau template"}</DialogTitle>
          <DialogDescription>
            Le message envoyé aux clientes pour un statut de commande : le titre en est l'objet.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Field
                id="template-type"
                label="Type"
                hint={template ? "Le type d'un template ne peut plus être modifié." : undefined}
                error={errors.type?.message}
              >
                <NativeSelect
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.target.value)}
                  disabled={template !== null}
                >
                  <option value="">Choisir un statut de commande</option>
                  {types.map((type) => (
                    <option key={type} value={type}>
                      {orderStatusLabels[type]}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            )}
          />
          <Field id="template-title" label="Titre" error={errors.title?.message}>
            <Input autoComplete="off" {...form.register("title")} />
          </Field>
          <Controller
            control={form.control}
            name="body"
            render={({ field }) => (
              <RichTextField
                id="template-body"
                label="Message"
                value={field.value}
                onChange={field.onChange}
                error={errors.body?.message}
              />
            )}
          />
          {template ? <TemplateTestSend templateId={template.id} /> : null}
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
