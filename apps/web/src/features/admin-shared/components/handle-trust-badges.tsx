import { handleProofMessages, liveSiteMessages, type LiveClaimView } from "@vitrine/domain";
import { cn } from "../../../lib/cn";

const badge = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap";

/**
 * Beside a handle in the back office: 'non vérifié' when the account with that handle never
 * commented its proof code (nothing when it did, or when no account has the handle).
 */
export function HandleNotVerifiedBadge({
  verified,
  className,
}: {
  verified: boolean | null;
  className?: string;
}) {
  if (verified !== false) return null;
  return (
    <span className={cn(badge, "bg-stone-100 text-stone-700", className)}>
      {handleProofMessages.notVerified}
    </span>
  );
}

/** Holds that expired unpaid, in words: "2 réservations expirées sans paiement". */
export function unpaidHoldsText(count: number): string {
  return count === 1 ? "1 réservation expirée sans paiement" : `${count} réservations expirées sans paiement`;
}

/** Beside a handle in the back office: the customer's unpaid expired holds, when there are any. */
export function UnpaidHoldsBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span className={cn(badge, "bg-red-50 text-red-700", className)}>
      {count === 1 ? "1 expirée sans paiement" : `${count} expirées sans paiement`}
    </span>
  );
}

/** Why a pending claim waits for a click: "2 réservations expirées sans paiement : à donner à la main". */
export function waitsForStaffReason(unpaidHolds: number): string {
  return `${unpaidHoldsText(unpaidHolds)} : à donner à la main`;
}

/**
 * What staff need beside a claimer's handle: verification, unpaid holds, a claim made from the
 * site rather than a comment ('via le site'), and a handle whose comment test saw nothing
 * ('commentaires non reçus': that customer's comments never reach the shop).
 */
export function HandleTrust({
  claim,
  unheard = false,
  className,
}: {
  claim: Pick<LiveClaimView, "handleVerified" | "unpaidHolds"> & Partial<Pick<LiveClaimView, "viaSite">>;
  unheard?: boolean;
  className?: string;
}) {
  return (
    <>
      <HandleNotVerifiedBadge verified={claim.handleVerified} className={className} />
      <UnpaidHoldsBadge count={claim.unpaidHolds} className={className} />
      {claim.viaSite ? (
        <span className={cn(badge, "bg-sky-50 text-sky-800", className)}>{liveSiteMessages.viaSite}</span>
      ) : null}
      {unheard ? (
        <span className={cn(badge, "bg-amber-50 text-amber-800", className)}>
          {liveSiteMessages.commentsUnheard}
        </span>
      ) : null}
    </>
  );
}
