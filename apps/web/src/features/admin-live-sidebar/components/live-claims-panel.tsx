import {
  claimReleaseReasonLabels,
  liveClaimMessages,
  liveSiteMessages,
  REVENUE_CAPTION,
  SOLD_LABEL,
  viewerLabel,
  type LiveClaimCounters,
  type LiveClaimView,
} from "@vitrine/domain";
import { TriangleAlertIcon } from "lucide-react";
import { useMemo } from "react";
import { Link } from "react-router";
import { LoadError } from "../../../components/load-error";
import { BusyButton } from "../../../components/ui/busy-button";
import { Skeleton } from "../../../components/ui/skeleton";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";
import type { ClaimAction } from "../../admin-shared/api/live-claims";
import { HandleTrust, waitsForStaffReason } from "../../admin-shared/components/handle-trust-badges";
import {
  claimedPieces,
  type ClaimedPieceView,
  ClaimModeSelect,
  counterItems,
  doubtAnswerText,
  holderText,
  readText,
  saleOrderText,
  salePaymentText,
} from "../../live-claims";
import { claimActionLabels, claimActionName } from "../use-claim-actions";
import { DoubtButtons, DoubtNote, type PendingClaimAction } from "./doubt-answer";

export interface LiveClaimsPanelProps {
  liveId: string;
  claims: ReadonlyMap<string, LiveClaimView>;
  counters: LiveClaimCounters | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onAction: (claim: LiveClaimView, action: ClaimAction) => void;
  pending: PendingClaimAction | null;
  /** Handles whose comment test saw nothing: marked 'commentaires non reçus'. */
  unheard: ReadonlySet<string>;
}

function ActionButton({
  claim,
  action,
  onAction,
  pending,
  variant = "outline",
}: {
  claim: LiveClaimView;
  action: ClaimAction;
  onAction: LiveClaimsPanelProps["onAction"];
  pending: PendingClaimAction | null;
  variant?: "outline" | "default";
}) {
  return (
    <BusyButton
      type="button"
      size="sm"
      variant={variant}
      busy={pending?.claimId === claim.id && pending.action === action}
      disabled={pending !== null}
      aria-label={claimActionName(action, claim)}
      onClick={() => onAction(claim, action)}
    >
      {claimActionLabels[action]}
    </BusyButton>
  );
}

/** What the comment asked (size, colour), flagged when the piece is not that. */
function ReadNote({ claim }: { claim: LiveClaimView }) {
  const read = readText(claim);
  if (!read) return null;
  return (
    <span
      className={cn(
        "flex items-center gap-1 text-xs",
        read.differs ? "font-medium text-destructive" : "text-muted-foreground",
      )}
    >
      {read.differs ? <TriangleAlertIcon aria-hidden className="size-3.5 shrink-0" /> : null}
      {read.text}
    </span>
  );
}

/** Who answered a doubt, beside the claim it made. */
function DoubtAnswer({ claim }: { claim: LiveClaimView }) {
  const answer = doubtAnswerText(claim);
  return answer ? <span className="text-xs text-muted-foreground">{answer}</span> : null;
}

function PieceEntry({
  piece,
  onAction,
  pending,
  unheard,
}: {
  piece: ClaimedPieceView;
  onAction: LiveClaimsPanelProps["onAction"];
  pending: PendingClaimAction | null;
  unheard: ReadonlySet<string>;
}) {
  const { holder, waitlist, sale } = piece;
  const headingId = `claimed-piece-${piece.productId}`;
  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        "flex flex-col gap-2 rounded-md border p-3 text-sm",
        holder?.waitsForStaff
          ? "border-destructive bg-destructive-muted"
          : piece.waitlist.some((claim) => claim.toConfirm) || holder?.toConfirm
            ? "border-amber-400 bg-background"
            : "border-border bg-background",
      )}
    >
      <p id={headingId} className="font-medium">
        <span className="font-mono tabular-nums">Réf {piece.ref}</span> · {piece.productName}
      </p>
      {holder ? (
        <div className="flex flex-col gap-1">
          <p>
            <span className="font-semibold break-all">{viewerLabel(holder.handle, holder.nickname)}</span>
            <HandleTrust claim={holder} unheard={unheard.has(holder.handle)} className="ml-2" />
            {/* A doubt's state is its 'À confirmer' note, just below. */}
            {holder.toConfirm ? null : <> — {holderText(holder)}</>}
          </p>
          <DoubtNote claim={holder} />
          <DoubtAnswer claim={holder} />
          {holder.waitsForStaff ? (
            <p className="flex items-center gap-1 font-medium text-destructive">
              <TriangleAlertIcon aria-hidden className="size-4 shrink-0" />
              {waitsForStaffReason(holder.unpaidHolds)}
            </p>
          ) : null}
          <ReadNote claim={holder} />
          {holder.lateUnclaimAt ? (
            <p className="text-xs font-medium text-destructive">{liveClaimMessages.lateUnclaim}</p>
          ) : null}
          {holder.toConfirm ? (
            // A doubt is answered, not given or released: 'Confirmer' gives it, 'Ignorer' drops it.
            <DoubtButtons claim={holder} onAction={onAction} pending={pending} />
          ) : (
            <div className="flex flex-wrap gap-2">
              {holder.state === "pending" ? (
                <ActionButton
                  claim={holder}
                  action="give"
                  variant="default"
                  onAction={onAction}
                  pending={pending}
                />
              ) : null}
              {holder.state === "pending" || holder.state === "in-order" ? (
                <ActionButton claim={holder} action="release" onAction={onAction} pending={pending} />
              ) : null}
            </div>
          )}
        </div>
      ) : sale ? (
        // Sold outside claims: nobody is handed it, its claims were answered as sold.
        <div className="flex flex-col gap-1">
          <p>
            <span className="font-semibold">{SOLD_LABEL}</span> ·{" "}
            <Link className="underline underline-offset-4" to={paths.admin.order(sale.orderId)}>
              {saleOrderText(sale)}
            </Link>{" "}
            · {salePaymentText(sale)}
          </p>
          {piece.soldClaims > 0 ? (
            <p className="text-xs text-muted-foreground">
              {piece.soldClaims === 1
                ? "1 demande répondue : pièce déjà vendue"
                : `${piece.soldClaims} demandes répondues : pièce déjà vendue`}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-muted-foreground">Personne ne tient la pièce</p>
      )}
      {waitlist.length > 0 ? (
        <div className="flex flex-col gap-1">
          <p className="text-muted-foreground">Liste d'attente</p>
          <ol className="flex flex-col gap-1" aria-label={`Liste d'attente de la réf ${piece.ref}`}>
            {waitlist.map((claim) => (
              // The handle on a line of its own, the buttons under it: beside three buttons in a
              // 320 px column a handle had room for one letter per line.
              <li key={claim.id} className="flex flex-col gap-1">
                <p className="font-medium [overflow-wrap:anywhere]">
                  {claim.waitlistPosition ?? "?"}. {viewerLabel(claim.handle, claim.nickname)}
                  <HandleTrust claim={claim} unheard={unheard.has(claim.handle)} className="ml-2" />
                </p>
                <ReadNote claim={claim} />
                <DoubtAnswer claim={claim} />
                {claim.toConfirm ? (
                  <>
                    <DoubtNote claim={claim} />
                    <DoubtButtons claim={claim} onAction={onAction} pending={pending} />
                  </>
                ) : (
                  <div className="flex flex-wrap gap-2">
                    <ActionButton claim={claim} action="give" onAction={onAction} pending={pending} />
                    <ActionButton claim={claim} action="skip" onAction={onAction} pending={pending} />
                    <ActionButton claim={claim} action="remove" onAction={onAction} pending={pending} />
                  </div>
                )}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </li>
  );
}

/** The live's claims as the server decided them: counters, each piece's holder and waitlist, actions. */
export function LiveClaimsPanel({
  liveId,
  claims,
  counters,
  loading,
  failed,
  onRetry,
  onAction,
  pending,
  unheard,
}: LiveClaimsPanelProps) {
  const pieces = useMemo(() => claimedPieces(claims.values()), [claims]);
  const recentlyReleased = useMemo(
    () =>
      [...claims.values()]
        .filter((claim) => claim.state === "released")
        .sort((a, b) => b.version - a.version)
        .slice(0, 5),
    [claims],
  );
  return (
    <section aria-labelledby="live-claims-heading" className="flex flex-col gap-3">
      <h2 id="live-claims-heading" className="text-lg font-semibold">
        Réservations
      </h2>
      <ClaimModeSelect liveId={liveId} />
      {unheard.size > 0 ? (
        // Every customer whose comment test saw nothing, claims or not: staff know who is unheard.
        <ul
          aria-label="Clients dont les commentaires ne parviennent pas"
          className="flex flex-col gap-1 text-sm"
        >
          {[...unheard].map((handle) => (
            <li key={handle} className="flex flex-wrap items-center gap-2">
              <span className="font-medium break-all">{viewerLabel(handle, null)}</span>
              <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800">
                {liveSiteMessages.commentsUnheard}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {failed ? (
        <LoadError message={liveClaimMessages.loadFailed} onRetry={onRetry} />
      ) : loading ? (
        <Skeleton className="h-32 w-full" />
      ) : (
        <>
          {counters ? (
            <dl aria-label="Compteurs du live" className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              {counterItems(counters).map((item) => (
                <div key={item.label} className="flex flex-col">
                  <dt className="text-muted-foreground">{item.label}</dt>
                  <dd className="font-semibold tabular-nums">{item.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {counters ? <p className="text-xs text-muted-foreground">{REVENUE_CAPTION}</p> : null}
          {pieces.length === 0 ? (
            <p className="text-sm text-muted-foreground">Aucune réservation pour le moment</p>
          ) : (
            <ul aria-label="Pièces réservées" className="flex flex-col gap-2">
              {pieces.map((piece) => (
                <PieceEntry
                  key={piece.productId}
                  piece={piece}
                  onAction={onAction}
                  pending={pending}
                  unheard={unheard}
                />
              ))}
            </ul>
          )}
          {recentlyReleased.length > 0 ? (
            <details className="text-sm">
              <summary className="cursor-pointer text-muted-foreground">Dernières libérations</summary>
              <ul className="mt-1 flex flex-col gap-1">
                {recentlyReleased.map((claim) => (
                  <li key={claim.id}>
                    Réf {claim.ref} · {viewerLabel(claim.handle, claim.nickname)} ·{" "}
                    {claim.releaseReason ? claimReleaseReasonLabels[claim.releaseReason] : "Libérée"}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}
