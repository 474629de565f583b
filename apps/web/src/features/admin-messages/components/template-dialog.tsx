import { zodResolver } from "@hookform/resolvers/zod";
import {
  availableTemplateTypes,
  MESSAGE_TEMPLATE_PLACEHOLDER_NAMES,
  MESSAGE_TEMPLATE_PLACEHOLDERS,
  messageTemplateInputSchema,
  messageTemplateMessages,
  messageTemplateTypeSchema,
  messageTemplateTypeLabels,
  placeholderToken,
  type MessageTemplate,
  type MessageTemplateType,
} from "@vitrine/domain";
import { Controller, useForm } from "react-hook-form";
import { toast } from "../../../lib/toast";
import * as z from "zod/mini";
import { FormDialog } from "../../admin-shared/components/form-dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { errorMessage } from "../../../lib/api-client";
import { RichTextFormField } from "../../admin-shared/components/rich-text-field";
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
  usedTypes: readonly MessageTemplateType[];
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
  const { errors } = form.formState;

  return (
    <FormDialog
      form={form}
      title={template ? "Modifier le template" : "Nouveau template"}
      description="Le message envoyé aux clientes pour un statut de commande ou un moment d'un live : le titre en est l'objet."
      submitLabel="Enregistrer"
      save={async (input) => {
        await save.mutateAsync({ id: template?.id ?? null, input });
        toast.success(template ? messageTemplateMessages.updated : messageTemplateMessages.created);
      }}
      onFailed={(error) =>
        toast.error(messageTemplateMessages.saveFailed, { description: errorMessage(error) })
      }
      serverFields={["type", "title", "body"]}
      onClose={onClose}
      lockWhileSubmitting
      className="max-w-2xl"
    >
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
              <option value="">Choisir un type de message</option>
              {types.map((type) => (
                <option key={type} value={type}>
                  {messageTemplateTypeLabels[type]}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
      />
      <Field id="template-title" label="Titre" error={errors.title?.message}>
        <Input autoComplete="off" {...form.register("title")} />
      </Field>
      <RichTextFormField control={form.control} name="body" id="template-body" label="Message" />
      <TemplatePlaceholders />
      {template ? <TemplateTestSend templateId={template.id} /> : null}
    </FormDialog>
  );
}

/** What the server writes in the mails it sends for an order (payment, shipment), to type in the title or message. */
function TemplatePlaceholders() {
  return (
    <section aria-labelledby="template-placeholders" className="text-sm text-muted-foreground">
      <h3 id="template-placeholders" className="font-medium text-foreground">
        {messageTemplateMessages.placeholdersHeading}
      </h3>
      <ul className="mt-1 flex flex-col gap-0.5">
        {MESSAGE_TEMPLATE_PLACEHOLDER_NAMES.map((name) => (
          <li key={name}>
            <code className="font-mono text-foreground">{placeholderToken(name)}</code> :{" "}
            {MESSAGE_TEMPLATE_PLACEHOLDERS[name]}
          </li>
        ))}
      </ul>
    </section>
  );
}
