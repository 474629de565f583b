import { liveClaimMessages, viewerLabel, type LiveClaimView } from "@vitrine/domain";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { staffRefusalMessage } from "../../lib/refusal-message";
import { toast } from "../../lib/toast";
import { useClaimAction, type ClaimAction } from "../admin-shared/api/live-claims";

const doneMessages: Record<ClaimAction, string> = {
  give: liveClaimMessages.given,
  release: liveClaimMessages.released,
  skip: liveClaimMessages.skipped,
  remove: liveClaimMessages.removed,
  confirm: liveClaimMessages.confirmed,
  ignore: liveClaimMessages.ignored,
};

export const claimActionLabels: Record<ClaimAction, string> = {
  give: "Donner",
  release: "Libérer",
  skip: "Passer",
  remove: "Retirer",
  confirm: "Confirmer",
  ignore: "Ignorer",
};

/** "Libérer la réf 12 de @ines": what the button does, for a screen reader among many. */
export function claimActionName(action: ClaimAction, claim: LiveClaimView): string {
  switch (action) {
    case "give":
      return `Donner la réf ${claim.ref} à ${viewerLabel(claim.handle, claim.nickname)}`;
    case "release":
      return `Libérer la réf ${claim.ref} de ${viewerLabel(claim.handle, claim.nickname)}`;
    case "skip":
      return `Passer ${viewerLabel(claim.handle, claim.nickname)} en fin de liste d'attente de la réf ${claim.ref}`;
    case "remove":
      return `Retirer ${viewerLabel(claim.handle, claim.nickname)} de la liste d'attente de la réf ${claim.ref}`;
    case "confirm":
      return `Confirmer la réf ${claim.ref} pour ${viewerLabel(claim.handle, claim.nickname)}`;
    case "ignore":
      return `Ignorer la demande de ${viewerLabel(claim.handle, claim.nickname)} sur la réf ${claim.ref}`;
  }
}

interface Asked {
  claim: LiveClaimView;
  action: ClaimAction;
  title: string;
  description: string;
}

/**
 * Staff's actions on claims: each sent to the server, which decides; what it takes from someone
 * (a held piece, a place on a waitlist) is confirmed first. Answering a doubt is one tap: it is
 * timed, and 'Ignorer' takes nothing the viewer was sure to have. A refusal says the server's
 * reason ('Déjà fait par Marie' when someone answered first). `dialog` is rendered by the page.
 */
export function useClaimActions(liveId: string) {
  const mutation = useClaimAction(liveId);
  const [asked, setAsked] = useState<Asked | null>(null);

  const send = (claim: LiveClaimView, action: ClaimAction) =>
    mutation.mutateAsync({ claimId: claim.id, action }).then(
      () => {
        toast.success(doneMessages[action], {
          description: `${viewerLabel(claim.handle, claim.nickname)} · réf ${claim.ref}`,
        });
      },
      (failure: unknown) => {
        toast.error(staffRefusalMessage(failure, liveClaimMessages.actionFailed));
      },
    );

  /**
   * Runs the action, after a confirmation when it takes something from the claimer. A give takes
   * nothing: the server refuses it while someone holds the piece, and says why.
   */
  const run = (claim: LiveClaimView, action: ClaimAction) => {
    if (action === "release" && claim.state === "in-order") {
      setAsked({
        claim,
        action,
        title: "Libérer la pièce",
        description: `La réf ${claim.ref} sera retirée de la commande de ${viewerLabel(claim.handle, claim.nickname)} et donnée au suivant de la liste d'attente, s'il y en a un.`,
      });
    } else if (action === "remove") {
      setAsked({
        claim,
        action,
        title: "Retirer de la liste d'attente",
        description: `${viewerLabel(claim.handle, claim.nickname)} perdra sa place dans la liste d'attente de la réf ${claim.ref}.`,
      });
    } else {
      void send(claim, action);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      onOpenChange={(open) => !open && setAsked(null)}
      title={asked?.title ?? ""}
      description={asked?.description ?? ""}
      confirmLabel={asked ? claimActionLabels[asked.action] : ""}
      pending={mutation.isPending}
      onConfirm={() => {
        if (!asked) return;
        void send(asked.claim, asked.action).finally(() => setAsked(null));
      }}
    />
  );

  const pendingId = mutation.isPending ? mutation.variables.claimId : null;
  const pendingAction = mutation.isPending ? mutation.variables.action : null;
  return { run, dialog, pendingId, pendingAction };
}
