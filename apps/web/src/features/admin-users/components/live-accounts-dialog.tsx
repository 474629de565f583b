import { zodResolver } from "@hookform/resolvers/zod";
import {
  HANDLE_PLATFORMS,
  livePlatformLabels,
  platformHandleMessages,
  staffLiveAccountLinkSchema,
  type HandlePlatform,
  type StaffLiveAccount,
  type StaffLiveAccountLink,
} from "@vitrine/domain";
import { Unlink } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { LoadError } from "../../../components/load-error";
import { BusyButton } from "../../../components/ui/busy-button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { IconButton } from "../../../components/ui/icon-button";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { Spinner } from "../../../components/ui/spinner";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useLinkLiveAccount, useUnlinkLiveAccount, useUserLiveAccounts } from "../api";

export interface LiveAccountsDialogProps {
  user: { id: string; name: string };
  onClose: () => void;
}

/**
 * 'Comptes de live de {user}': the accounts the customer named on YouTube, Facebook and
 * Instagram, and 'Lier un compte de live' for staff who know a viewer is this person: the link
 * counts as a proof, and the audit log keeps who made it.
 */
export function LiveAccountsDialog({ user, onClose }: LiveAccountsDialogProps) {
  const accounts = useUserLiveAccounts(user.id);
  const [unlinking, setUnlinking] = useState<StaffLiveAccount | null>(null);
  const unlink = useUnlinkLiveAccount(user.id);

  const confirmUnlink = async () => {
    if (!unlinking) return;
    try {
      await unlink.mutateAsync(unlinking.platform);
      toast.success(platformHandleMessages.unlinked);
      setUnlinking(null);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : platformHandleMessages.unlinkFailed);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Comptes de live de {user.name}</DialogTitle>
          <DialogDescription>
            Les réservations en commentaire d'un compte vérifié ou lié rejoignent la commande de cet
            utilisateur.
          </DialogDescription>
        </DialogHeader>
        {accounts.isPending ? (
          <Spinner label="Chargement des comptes de live..." className="py-4 text-sm" />
        ) : accounts.isError ? (
          <LoadError message={platformHandleMessages.loadFailed} onRetry={() => void accounts.refetch()} />
        ) : accounts.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{platformHandleMessages.none}</p>
        ) : (
          <ul aria-label="Comptes de live" className="flex flex-col divide-y">
            {accounts.data.map((account) => (
              <li key={account.platform} className="flex items-center gap-3 py-2">
                <div className="flex flex-1 flex-col text-sm">
                  <p className="font-medium">
                    {livePlatformLabels[account.platform]} · {account.name}
                  </p>
                  <p className="text-muted-foreground">
                    {account.viewerKey && account.verifiedAt
                      ? `${account.viewerKey} · ${account.linkedByStaff ? "lié par l'équipe" : "vérifié par commentaire"} le ${formatDateTime(account.verifiedAt)}`
                      : "non vérifié"}
                  </p>
                </div>
                {account.viewerKey ? (
                  <IconButton
                    label={`Délier le compte ${livePlatformLabels[account.platform]}`}
                    icon={Unlink}
                    onClick={() => setUnlinking(account)}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <LinkForm userId={user.id} />
        <ConfirmDialog
          open={unlinking !== null}
          onOpenChange={(open) => !open && setUnlinking(null)}
          title="Délier le compte de live"
          description={
            unlinking
              ? platformHandleMessages.confirmUnlink(unlinking.platform, unlinking.viewerKey ?? "")
              : ""
          }
          confirmLabel="Délier"
          pending={unlink.isPending}
          onConfirm={() => void confirmUnlink()}
        />
      </DialogContent>
    </Dialog>
  );
}

function LinkForm({ userId }: { userId: string }) {
  const link = useLinkLiveAccount(userId);
  const form = useForm<StaffLiveAccountLink, unknown, StaffLiveAccountLink>({
    resolver: zodResolver(staffLiveAccountLinkSchema),
    defaultValues: { platform: "youtube", viewer: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await link.mutateAsync(input);
      toast.success(platformHandleMessages.linked);
      form.reset({ platform: input.platform, viewer: "" });
    } catch (error) {
      const message = isApiError(error) ? (error.fields?.viewer ?? error.message) : undefined;
      if (message) form.setError("viewer", { type: "server", message }, { shouldFocus: true });
      toast.error(message ?? platformHandleMessages.linkFailed);
    }
  });

  return (
    <form
      noValidate
      aria-labelledby="live-account-link-title"
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3 border-t pt-4"
    >
      <h3 id="live-account-link-title" className="font-semibold">
        Lier un compte de live
      </h3>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <Field id="live-account-platform" label="Plateforme" error={errors.platform?.message}>
          <NativeSelect {...form.register("platform")}>
            {HANDLE_PLATFORMS.map((platform: HandlePlatform) => (
              <option key={platform} value={platform}>
                {livePlatformLabels[platform]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          id="live-account-viewer"
          label="Viewer"
          hint="Sa clé dans le live (youtube:…) ou son identifiant sur la plateforme."
          error={errors.viewer?.message}
        >
          <Input autoComplete="off" {...form.register("viewer")} />
        </Field>
      </div>
      <div>
        <BusyButton type="submit" busy={isSubmitting}>
          Lier
        </BusyButton>
      </div>
    </form>
  );
}
