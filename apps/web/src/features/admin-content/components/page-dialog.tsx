import { zodResolver } from "@hookform/resolvers/zod";
import {
  pageCodeFromInput,
  pageInputSchema,
  pageMessages,
  type AdminPage,
  type PageInput,
} from "@vitrine/domain";
import { Controller, useForm } from "react-hook-form";
import { toast } from "../../../lib/toast";
import type * as z from "zod/mini";
import { Checkbox } from "../../../components/ui/checkbox";
import { FormDialog } from "../../admin-shared/components/form-dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api-client";
import { RichTextFormField } from "../../admin-shared/components/rich-text-field";
import { useSavePage } from "../api";

type PageFormValues = z.input<typeof pageInputSchema>;

export interface PageDialogProps {
  /** The page edited, or null for a new one. */
  page: AdminPage | null;
  onClose: () => void;
}

/** Mounted per opening (keyed by the page), so the form starts from the record each time. */
export function PageDialog({ page, onClose }: PageDialogProps) {
  const save = useSavePage();
  const form = useForm<PageFormValues, unknown, PageInput>({
    resolver: zodResolver(pageInputSchema),
    defaultValues: {
      title: page?.title ?? "",
      code: page?.code ?? "",
      content: page?.content ?? "",
      isActive: page?.isActive ?? true,
      inFooter: page?.inFooter ?? false,
    },
  });
  const { errors } = form.formState;

  return (
    <FormDialog
      form={form}
      title={page ? "Modifier la page" : "Nouvelle page"}
      description={
        <>
          Les pages de code « cgv » et « mentions-legales » sont celles du site public ; les autres pages
          actives sont publiées à l'adresse /p/code (« page-hiver » s'annonce sur l'accueil).
        </>
      }
      submitLabel="Enregistrer"
      save={async (input) => {
        await save.mutateAsync({ id: page?.id ?? null, input });
        toast.success(page ? pageMessages.updated : pageMessages.created);
      }}
      onFailed={(error) => toast.error(pageMessages.saveFailed, { description: errorMessage(error) })}
      serverFields={["title", "code", "content", "isActive", "inFooter"]}
      onClose={onClose}
      lockWhileSubmitting
      className="max-w-2xl"
    >
      <Field id="page-title" label="Titre" error={errors.title?.message}>
        <Input autoComplete="off" {...form.register("title")} />
      </Field>
      <Controller
        control={form.control}
        name="code"
        render={({ field }) => (
          <Field
            id="page-code"
            label="Code"
            hint={
              page
                ? "Le code d'une page ne peut plus être modifié."
                : "Minuscules, chiffres et tirets (ex: ma-page-exemple) ; les espaces deviennent des tirets."
            }
            error={errors.code?.message}
          >
            <Input
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              readOnly={page !== null}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(pageCodeFromInput(event.target.value))}
            />
          </Field>
        )}
      />
      <Controller
        control={form.control}
        name="isActive"
        render={({ field }) => (
          <Field
            id="page-active"
            label="Page active"
            hint="Une page inactive n'est pas affichée sur le site."
            orientation="horizontal"
          >
            <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
          </Field>
        )}
      />
      <Controller
        control={form.control}
        name="inFooter"
        render={({ field }) => (
          <Field
            id="page-in-footer"
            label="Lien dans le pied de page"
            hint="Active, la page est publiée à l'adresse /p/code ; cochée, le pied de page du site y mène."
            orientation="horizontal"
          >
            <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
          </Field>
        )}
      />
      <RichTextFormField control={form.control} name="content" id="page-content" label="Contenu" />
    </FormDialog>
  );
}
