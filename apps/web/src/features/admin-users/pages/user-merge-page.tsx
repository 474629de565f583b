import { mergeRefusal, userMergeMessages } from "@vitrine/domain";
import { ArrowLeftIcon, ArrowRightLeftIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { BusyButton } from "../../../components/ui/busy-button";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { isApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { useUrlParam } from "../../../lib/use-url-param";
import { PageHeader } from "../../admin-shared/components/page-header";
import { useMergeUsers, useUserMergeDetails } from "../user-merge-api";
import { MergeUserCard } from "../components/merge-user-card";
import { displayNameOf } from "../components/user-name";

/** The account as the confirmation names it: its name, and its e-mail when there is one. */
function accountLabel(user: Parameters<typeof displayNameOf>[0]): string {
  const name = displayNameOf(user);
  return user.email && user.email !== name ? `${name} (${user.email})` : name;
}

/** Spec /admin/user-merge: the source's orders move to the destination; ?source= and ?destination=. */
export function UserMergePage() {
  const [sourceId, setSourceId] = useUrlParam("source");
  const [destinationId, setDestinationId] = useUrlParam("destination");
  const source = useUserMergeDetails(sourceId);
  const destination = useUserMergeDetails(destinationId);
  const merge = useMergeUsers();
  const [confirming, setConfirming] = useState(false);

  const sourceOrderCount = source.data?.orders.length ?? 0;
  const refusal = mergeRefusal({
    sourceUserId: sourceId || null,
    destinationUserId: destinationId || null,
    sourceOrderCount: source.data ? sourceOrderCount : null,
  });
  // Missing sides are plain to see; these two rules are said in words.
  const shownRefusal =
    refusal === userMergeMessages.selfMerge || refusal === userMergeMessages.sourceHasNoOrders
      ? refusal
      : null;
  const canTransfer = refusal === null && source.isSuccess && destination.isSuccess && !merge.isPending;

  function transfer() {
    if (!canTransfer) return;
    setConfirming(false);
    merge.mutate(
      { sourceUserId: sourceId, destinationUserId: destinationId },
      {
        onSuccess: ({ ordersTransferred }) => toast.success(userMergeMessages.merged(ordersTransferred)),
        onError: (error) =>
          toast.error(
            userMergeMessages.mergeFailed(isApiError(error) ? error.message : userMergeMessages.unknownError),
          ),
      },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <Button asChild variant="ghost" size="sm" className="self-start">
        <Link to={paths.admin.users()}>
          <ArrowLeftIcon aria-hidden />
          Retour aux utilisateurs
        </Link>
      </Button>
      <PageHeader title="Fusion de comptes utilisateurs" />
      <Alert variant="info">
        <p className="font-medium">Seules les commandes sont transférées d'un compte à l'autre.</p>
        <ul className="list-disc pl-5">
          <li>Aucune information de livraison, aucun nom ni aucune adresse ne sont modifiés.</li>
          <li>
            Les commandes gardent toutes leurs données : seul le compte auquel elles sont rattachées change.
          </li>
          <li>Utile lorsqu'une cliente a créé plusieurs comptes par erreur.</li>
        </ul>
      </Alert>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <MergeUserCard
          side="source"
          userId={sourceId}
          onSelect={setSourceId}
          onClear={() => setSourceId("")}
        />
        <MergeUserCard
          side="destination"
          userId={destinationId}
          onSelect={setDestinationId}
          onClear={() => setDestinationId("")}
        />
      </div>
      <div className="flex flex-col items-start gap-3">
        {shownRefusal ? (
          <Alert variant="error">
            <p>{shownRefusal}</p>
          </Alert>
        ) : null}
        <BusyButton
          type="button"
          size="lg"
          busy={merge.isPending}
          disabled={!canTransfer}
          icon={<ArrowRightLeftIcon aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          {merge.isPending ? "Transfert en cours..." : `Transférer les commandes (${sourceOrderCount})`}
        </BusyButton>
      </div>
      <ConfirmDialog
        open={confirming && canTransfer}
        onOpenChange={setConfirming}
        title="Transférer les commandes ?"
        description={
          source.data && destination.data
            ? userMergeMessages.confirm(
                sourceOrderCount,
                accountLabel(source.data),
                accountLabel(destination.data),
              )
            : ""
        }
        confirmLabel="Transférer"
        onConfirm={transfer}
      />
    </div>
  );
}
