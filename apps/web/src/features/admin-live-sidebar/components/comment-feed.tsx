import { sidebarHandle, type LiveClaimables, type LiveFeedEvent } from "@vitrine/domain";
import { format } from "date-fns";
import { PlusIcon } from "lucide-react";
import type { Ref } from "react";
import { BusyButton } from "../../../components/ui/busy-button";
import { claimableRefs, claimOf, type PendingClaim } from "../claims";

export interface CommentFeedProps {
  /** Oldest first, as the feed holds them; shown newest first. */
  events: readonly LiveFeedEvent[];
  /** The selected live: only its comments offer a claim. */
  liveId: string;
  claimables: LiveClaimables | undefined;
  /** Titles of the active lives, shown on the cards when the feed spans several. */
  liveTitles: ReadonlyMap<string, string>;
  onClaim: (claim: PendingClaim) => void;
  /** The seq of the comment whose claim is being added. */
  pendingSeq: number | null;
  /** The list, focused when staff bring waiting comments in from the keyboard. */
  listRef?: Ref<HTMLOListElement>;
}

export function CommentFeed({
  events,
  liveId,
  claimables,
  liveTitles,
  onClaim,
  pendingSeq,
  listRef,
}: CommentFeedProps) {
  if (events.length === 0) {
    return <p className="text-sm text-muted-foreground">Aucun commentaire pour le moment</p>;
  }
  const refs = claimables ? claimableRefs(claimables) : undefined;
  const severalLives = new Set(events.map((event) => event.liveId)).size > 1;
  return (
    <ol ref={listRef} tabIndex={-1} className="flex flex-col gap-2 outline-none" aria-label="Commentaires">
      {[...events].reverse().map((event) => {
        const handle = event.userUniqueId ? sidebarHandle(event.userUniqueId) : null;
        const claim =
          claimables && handle && event.liveId === liveId ? claimOf(event.comment, claimables, refs) : null;
        return (
          <li
            key={event.seq}
            className="flex flex-col gap-1 rounded-md border border-border bg-background p-3"
          >
            <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold break-all">@{event.userUniqueId ?? "inconnu"}</span>
              {event.userNickname ? (
                <span className="text-muted-foreground break-all">{event.userNickname}</span>
              ) : null}
              <time
                className="ml-auto text-xs text-muted-foreground tabular-nums"
                dateTime={event.insertedAt}
              >
                {format(new Date(event.createTime), "HH:mm:ss")}
              </time>
            </div>
            {severalLives ? (
              <p className="text-xs text-muted-foreground">{liveTitles.get(event.liveId) ?? ""}</p>
            ) : null}
            <p className="break-words">{event.comment}</p>
            {claim && handle ? (
              claim.sold ? (
                <p className="text-sm font-medium text-muted-foreground">Déjà vendu · réf {claim.ref}</p>
              ) : (
                <BusyButton
                  type="button"
                  size="sm"
                  className="self-start"
                  busy={pendingSeq === event.seq}
                  icon={<PlusIcon aria-hidden />}
                  onClick={() => onClaim({ event, ref: claim.ref, handle })}
                >
                  {`Ajouter @${handle} → réf ${claim.ref}`}
                </BusyButton>
              )
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
