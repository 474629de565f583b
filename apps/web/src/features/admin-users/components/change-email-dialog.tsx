import { zodResolver } from "@hookform/resolvers/zod";
import {
  adminUserEmailChangeSchema,
  adminUserMessages,
  shownEmail,
  userDisplayName,
  type AdminUser,
  type AdminUserEmailChangeInput,
} from "@vitrine/domain";
import { useForm } from "react-hook-form";
import { FormDialog } from "../../admin-shared/components/form-dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useChangeUserEmail } from "../api";

/**
 * 'Changer l'adresse e-mail': the address the customer signs in with. The server logs the change
 * and mails the customer at the old address and the new one.
 */
export function ChangeEmailDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const change = useChangeUserEmail();
  const form = useForm<AdminUserEmailChangeInput, unknown, AdminUserEmailChangeInput>({
    resolver: zodResolver(adminUserEmailChangeSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const current = shownEmail(user.email) ?? "aucune";

  return (
    <FormDialog
      form={form}
      title="Changer l'adresse e-mail"
      description={`${userDisplayName(user)} se connectera avec la nouvelle adresse (actuelle : ${current}). Un e-mail l'en informera à l'ancienne et à la nouvelle adresse.`}
      submitLabel={isSubmitting ? "Enregistrement..." : "Changer l'adresse"}
      save={async (input) => {
        await change.mutateAsync({ id: user.id, input });
        toast.success(adminUserMessages.emailChanged);
      }}
      onFailed={(error) =>
        toast.error(adminUserMessages.emailChangeFailed, { description: errorMessage(error) })
      }
      serverFields={["email"]}
      onClose={onClose}
      lockWhileSubmitting
    >
      <Field id="user-new-email" label="Nouvelle adresse e-mail" error={errors.email?.message}>
        <Input type="email" autoComplete="off" inputMode="email" {...form.register("email")} />
      </Field>
    </FormDialog>
  );
}
