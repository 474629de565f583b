import {
  DEFAULT_LIVE_PLATFORM,
  liveClaimMessages,
  readLiveComment,
  viewerName,
  type LiveClaimView,
  type LiveFeedEvent,
} from "@vitrine/domain";
import { format } from "date-fns";
import { HandIcon } from "lucide-react";
import type { Ref } from "react";
import { BusyButton } from "../../../components/ui/busy-button";
import { HandleTrust, waitsForStaffReason } from "../../admin-shared/components/handle-trust-badges";
import { PlatformMark } from "../../admin-shared/components/platform-mark";
import type { ClaimAction } from "../../admin-shared/api/live-claims";
import { claimBadgeText, doubtAnswerText } from "../../live-claims";
import { claimActionName } from "../use-claim-actions";
import { DoubtButtons, DoubtNote, type PendingClaimAction } from "./doubt-answer";

export interface CommentFeedProps {
  /** Oldest first, as the feed holds them; shown newest first. */
  events: readonly LiveFeedEvent[];
  /** The selected live: only its comments show their claims. */
  liveId: string;
  /** The selected live's claims by the comment (event id) that made them. */
  claimsByEvent: ReadonlyMap<string, readonly LiveClaimView[]>;
  /** The references the selected live's comments claimed that are no piece of the live. */
  unknownRefsByEvent: ReadonlyMap<string, readonly number[]>;
  /** Titles of the active lives, shown on the cards when the feed spans several. */
  liveTitles: ReadonlyMap<string, string>;
  /** "Donner" on a claim waiting for staff's click (manual mode), "Confirmer" or "Ignorer" on a doubt. */
  onAction: (claim: LiveClaimView, action: ClaimAction) => void;
  /** The claim action running, if any. */
  pending: PendingClaimAction | null;
  /** The list, focused when staff bring waiting comments in from the keyboard. */
  listRef?: Ref<HTMLOListElement>;
}

/** An un-claim the server will apply ("je passe le 16"): shown, never acted upon here. */
function isUnclaim(comment: string | null): boolean {
  if (comment === null) return false;
  const reading = readLiveComment(comment);
  return reading.unclaims.length > 0 && reading.claims.length === 0 && reading.doubts.length === 0;
}

export function CommentFeed({
  events,
  liveId,
  claimsByEvent,
  unknownRefsByEvent,
  liveTitles,
  onAction,
  pending,
  listRef,
}: CommentFeedProps) {
  if (events.length === 0) {
    return <p className="text-sm text-muted-foreground">Aucun commentaire pour le moment</p>;
  }
  const severalLives = new Set(events.map((event) => event.liveId)).size > 1;
  return (
    <ol ref={listRef} tabIndex={-1} className="flex flex-col gap-2 outline-none" aria-label="Commentaires">
      {[...events].reverse().map((event) => {
        const claims = event.liveId === liveId ? (claimsByEvent.get(event.id) ?? []) : [];
        const unknownRefs = event.liveId === liveId ? (unknownRefsByEvent.get(event.id) ?? []) : [];
        const unclaim = claims.length === 0 && event.liveId === liveId && isUnclaim(event.comment);
        return (
          <li
            key={event.seq}
            className="flex flex-col gap-1 rounded-md border border-border bg-background p-3"
          >
            <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <PlatformMark platform={event.platform} />
              <span className="font-semibold break-all">
                {event.userUniqueId ? viewerName(event.userUniqueId, event.userNickname) : "@inconnu"}
              </span>
              {/* The handle's account is known through the comment's claims. */}
              {claims[0] ? <HandleTrust claim={claims[0]} /> : null}
              {/* Another platform's viewer is already named by their nickname. */}
              {event.userNickname && event.platform === DEFAULT_LIVE_PLATFORM ? (
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
            {unclaim ? <p className="text-sm font-medium text-muted-foreground">Annulation</p> : null}
            {unknownRefs.map((ref) => (
              <p key={ref} className="text-sm font-medium text-destructive">
                {liveClaimMessages.unknownRef(ref)}
              </p>
            ))}
            {claims.map((claim) => {
              const answer = doubtAnswerText(claim);
              return (
                <div key={claim.id} className="flex flex-wrap items-center gap-2 text-sm">
                  {claim.toConfirm ? (
                    <>
                      <span className="font-medium">Réf {claim.ref} ·</span>
                      <DoubtNote claim={claim} />
                    </>
                  ) : (
                    <span className="font-medium">
                      Réf {claim.ref} · {claimBadgeText(claim)}
                    </span>
                  )}
                  {answer ? <span className="text-muted-foreground">{answer}</span> : null}
                  {claim.waitsForStaff ? (
                    <span className="font-medium text-destructive">
                      {waitsForStaffReason(claim.unpaidHolds)}
                    </span>
                  ) : null}
                  {claim.toConfirm ? (
                    <DoubtButtons claim={claim} onAction={onAction} pending={pending} />
                  ) : claim.state === "pending" ? (
                    <BusyButton
                      type="button"
                      size="sm"
                      busy={pending?.claimId === claim.id}
                      icon={<HandIcon aria-hidden />}
                      aria-label={claimActionName("give", claim)}
                      onClick={() => onAction(claim, "give")}
                    >
                      Donner
                    </BusyButton>
                  ) : null}
                </div>
              );
            })}
          </li>
        );
      })}
    </ol>
  );
}
