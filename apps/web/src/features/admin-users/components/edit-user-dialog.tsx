import { zodResolver } from "@hookform/resolvers/zod";
import {
  adminUserMessages,
  adminUserUpdateSchema,
  type AdminUser,
  type AdminUserUpdate,
  type AdminUserUpdateInput,
  shownEmail,
} from "@vitrine/domain";
import { Controller, useForm } from "react-hook-form";
import { FormDialog } from "../../admin-shared/components/form-dialog";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Switch } from "../../../components/ui/switch";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useUpdateUser } from "../api";

const HANDLE_ID = "user-tiktok";

/**
 * 'Modifier un utilisateur': names, handle and admin rights. The e-mail is shown; changing it is a
 * dialog of its own (`onChangeEmail`), since the customer signs in with it and is told of it.
 */
export function EditUserDialog({
  user,
  onClose,
  onChangeEmail,
}: {
  user: AdminUser;
  onClose: () => void;
  onChangeEmail: () => void;
}) {
  const update = useUpdateUser();
  const form = useForm<AdminUserUpdateInput, unknown, AdminUserUpdate>({
    resolver: zodResolver(adminUserUpdateSchema),
    defaultValues: {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      tiktokUsername: user.tiktokUsername ?? "",
      isAdmin: user.isAdmin,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const handleError = errors.tiktokUsername?.message;

  return (
    <FormDialog
      form={form}
      title="Modifier un utilisateur"
      description="Nom, prénom, pseudo TikTok et droits d'administration."
      submitLabel={isSubmitting ? "Enregistrement..." : "Enregistrer"}
      save={async (input) => {
        await update.mutateAsync({ id: user.id, input });
        toast.success(adminUserMessages.updated);
      }}
      onFailed={(error) => toast.error(adminUserMessages.updateFailed, { description: errorMessage(error) })}
      serverFields={["firstName", "lastName", "tiktokUsername", "isAdmin"]}
      onClose={onClose}
      lockWhileSubmitting
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="user-first-name" label="Prénom" error={errors.firstName?.message}>
          <Input autoComplete="off" {...form.register("firstName")} />
        </Field>
        <Field id="user-last-name" label="Nom" error={errors.lastName?.message}>
          <Input autoComplete="off" {...form.register("lastName")} />
        </Field>
      </div>
      <div className="flex items-end gap-2">
        <Field id="user-email" label="Email" className="min-w-0 flex-1">
          <Input readOnly value={shownEmail(user.email) ?? ""} placeholder="Aucun email" />
        </Field>
        <Button type="button" variant="outline" onClick={onChangeEmail}>
          Changer l'e-mail
        </Button>
      </div>
      <div className="flex flex-col gap-2" data-invalid={handleError ? true : undefined}>
        <Label htmlFor={HANDLE_ID}>Pseudo TikTok</Label>
        <div className="relative">
          <span className="absolute top-2.5 left-3 text-muted-foreground" aria-hidden="true">
            @
          </span>
          <Input
            id={HANDLE_ID}
            className="pl-7"
            autoComplete="off"
            aria-invalid={handleError ? true : undefined}
            aria-describedby={[`${HANDLE_ID}-hint`, handleError ? `${HANDLE_ID}-error` : ""]
              .filter(Boolean)
              .join(" ")}
            {...form.register("tiktokUsername")}
          />
        </div>
        <p id={`${HANDLE_ID}-hint`} className="text-sm text-muted-foreground">
          Peut être laissé vide si l'utilisateur n'a pas de pseudo TikTok.
        </p>
        {handleError ? (
          <p id={`${HANDLE_ID}-error`} role="alert" className="text-sm font-medium text-destructive">
            {handleError}
          </p>
        ) : null}
      </div>
      <Controller
        control={form.control}
        name="isAdmin"
        render={({ field }) => (
          <Field
            id="user-is-admin"
            label="Droits d'administration"
            hint="Donne accès à l'interface d'administration (connexion avec mot de passe)."
            error={errors.isAdmin?.message}
          >
            <Switch
              name={field.name}
              checked={field.value ?? false}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
            />
          </Field>
        )}
      />
    </FormDialog>
  );
}
