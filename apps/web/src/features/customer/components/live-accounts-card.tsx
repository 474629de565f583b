import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import {
  HANDLE_PLATFORMS,
  livePlatformLabels,
  platformHandleInputSchema,
  platformHandleMessages,
  type HandlePlatform,
  type PlatformHandle,
  type PlatformHandleInput,
} from "@vitrine/domain";
import { BadgeCheck, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { LoadError } from "../../../components/load-error";
import { BusyButton } from "../../../components/ui/busy-button";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Field } from "../../../components/ui/field";
import { IconButton } from "../../../components/ui/icon-button";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { liveAccountsQueryOptions, useDeleteLiveAccount, useSaveLiveAccount } from "../api/live-accounts";
import { customerProfileQueryOptions } from "../api/profile";
import { HANDLE_PROOF_POLL_MS } from "./handle-proof-card";

/**
 * 'Mes comptes de live': beside the TikTok handle, the name the customer shows on each other
 * platform, and whether a comment carrying their code proved it. While one waits for its proof the
 * list is asked again every few seconds, as the TikTok proof is.
 */
export function LiveAccountsCard() {
  const accounts = useQuery({
    ...liveAccountsQueryOptions,
    refetchInterval: (query) =>
      query.state.data?.accounts.some((account) => !account.verified) ? HANDLE_PROOF_POLL_MS : false,
  });
  const profile = useQuery(customerProfileQueryOptions);
  const code = profile.data?.handleProofCode ?? "";

  return (
    <Card>
      <CardContent className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{platformHandleMessages.sectionTitle}</h2>
        <p className="text-sm text-muted-foreground">
          Indiquez le nom affiché sur vos comptes YouTube, Facebook ou Instagram : vos réservations en
          commentaire sur ces plateformes rejoindront alors votre commande du live.
        </p>
        {accounts.isPending ? (
          <Spinner label="Chargement de vos comptes de live..." className="py-6" />
        ) : accounts.isError ? (
          <LoadError message={platformHandleMessages.loadFailed} onRetry={() => void accounts.refetch()} />
        ) : (
          <ul className="flex flex-col divide-y" aria-label={platformHandleMessages.sectionTitle}>
            {HANDLE_PLATFORMS.map((platform) => (
              <PlatformRow
                key={platform}
                platform={platform}
                account={accounts.data.find((account) => account.platform === platform)}
                code={code}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PlatformRow({
  platform,
  account,
  code,
}: {
  platform: HandlePlatform;
  account: PlatformHandle | undefined;
  code: string;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteLiveAccount();
  const label = livePlatformLabels[platform];

  const onDelete = async () => {
    try {
      await remove.mutateAsync(platform);
      toast.success(platformHandleMessages.deleted);
      setConfirming(false);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : platformHandleMessages.deleteFailed);
    }
  };

  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-24 font-medium">{label}</p>
        {account ? (
          <div className="flex flex-1 flex-col gap-1">
            <p>{account.name}</p>
            {account.verified ? (
              <p className="flex items-center gap-1 text-sm font-medium text-success">
                <BadgeCheck aria-hidden className="size-4" />
                {platformHandleMessages.verified}
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">
                {platformHandleMessages.toVerify(code, platform)}
              </p>
            )}
          </div>
        ) : (
          <p className="flex-1 text-sm text-muted-foreground">{platformHandleMessages.none}</p>
        )}
        {editing ? null : account ? (
          <div className="flex gap-1">
            <IconButton
              label={`Modifier le compte ${label}`}
              icon={Pencil}
              onClick={() => setEditing(true)}
            />
            <IconButton
              label={`Supprimer le compte ${label}`}
              icon={Trash2}
              onClick={() => setConfirming(true)}
            />
          </div>
        ) : (
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={`Ajouter un compte ${label}`}
            onClick={() => setEditing(true)}
          >
            Ajouter
          </Button>
        )}
      </div>
      {editing ? (
        <AccountForm platform={platform} name={account?.name ?? ""} onDone={() => setEditing(false)} />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Supprimer le compte ${label}`}
        description={platformHandleMessages.confirmDelete(platform)}
        confirmLabel="Supprimer"
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
      />
    </li>
  );
}

function AccountForm({
  platform,
  name,
  onDone,
}: {
  platform: HandlePlatform;
  name: string;
  onDone: () => void;
}) {
  const save = useSaveLiveAccount();
  const form = useForm<{ name: string }, unknown, PlatformHandleInput>({
    resolver: zodResolver(platformHandleInputSchema),
    defaultValues: { name },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ platform, input });
      toast.success(platformHandleMessages.saved);
      onDone();
    } catch (error) {
      const message = isApiError(error) ? (error.fields?.name ?? errorMessage(error)) : undefined;
      if (message) form.setError("name", { type: "server", message }, { shouldFocus: true });
      toast.error(message ?? platformHandleMessages.saveFailed);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
      <Field
        id={`live-account-${platform}`}
        label={platformHandleMessages.nameLabel(platform)}
        hint="Tel qu'il apparaît à côté de vos commentaires."
        error={errors.name?.message}
      >
        <Input autoFocus {...form.register("name")} />
      </Field>
      <div className="flex gap-2">
        <BusyButton type="submit" busy={isSubmitting}>
          Enregistrer
        </BusyButton>
        <Button type="button" variant="outline" onClick={onDone}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
