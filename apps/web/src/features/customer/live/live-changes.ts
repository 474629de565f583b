import { customerClaimStateLabels, type CustomerLiveClaim, type CustomerLiveSnapshot } from "@vitrine/domain";

const pieceOf = (claim: CustomerLiveClaim) => `n°\u00a0${claim.ref}`;

/** What a customer hears of one claim that changed, or null when nothing worth saying changed. */
function changeOf(before: CustomerLiveClaim | undefined, claim: CustomerLiveClaim): string | null {
  if (before?.state === claim.state) {
    if (claim.state === "waitlisted" && before.waitlistPosition !== claim.waitlistPosition) {
      return waitlisted(claim);
    }
    return null;
  }
  switch (claim.state) {
    case "reserved":
      return `Réservé pour vous\u00a0: ${pieceOf(claim)} ${claim.productName}`;
    case "waitlisted":
      return waitlisted(claim);
    case "expired":
      return `Réservation expirée\u00a0: ${pieceOf(claim)}`;
    case "paid":
    case "pending":
    case "to-confirm":
    case "released":
    case "sold":
      return `${customerClaimStateLabels[claim.state]}\u00a0: ${pieceOf(claim)} ${claim.productName}`;
  }
}

function waitlisted(claim: CustomerLiveClaim): string {
  return `Vous êtes maintenant n°\u00a0${claim.waitlistPosition ?? "?"} sur la liste d'attente du ${pieceOf(claim)}`;
}

/**
 * The sentences a screen reader announces between two snapshots of the customer's live page: each
 * claim that appeared or changed state, each waitlist position that moved. Nothing on the first
 * snapshot (the page reads it all) nor when the live changed (a new page, not a change).
 */
export function describeLiveChanges(
  previous: CustomerLiveSnapshot | undefined,
  next: CustomerLiveSnapshot,
): string[] {
  if (!previous || previous.live?.id !== next.live?.id) return [];
  const before = new Map(previous.claims.map((claim) => [claim.id, claim]));
  // Oldest first: the sentences follow what happened.
  return [...next.claims]
    .reverse()
    .map((claim) => changeOf(before.get(claim.id), claim))
    .filter((sentence): sentence is string => sentence !== null);
}

const parisDateTime = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Europe/Paris",
});

/** "23 novembre 2026 à 20:00", in Paris time whatever the device's zone. */
export function formatParisDateTime(date: string): string {
  return parisDateTime.format(new Date(date));
}

/** "2 pièces réservées, 1 payée, 1 expirée": what a live left the customer with. */
export function liveResult(claims: readonly CustomerLiveClaim[]): string {
  const count = (state: CustomerLiveClaim["state"]) => claims.filter((claim) => claim.state === state).length;
  const parts: string[] = [];
  const reserved = count("reserved");
  const paid = count("paid");
  const expired = count("expired");
  if (reserved > 0) parts.push(`${reserved} ${reserved > 1 ? "pièces réservées" : "pièce réservée"}`);
  if (paid > 0) parts.push(`${paid} ${paid > 1 ? "pièces payées" : "pièce payée"}`);
  if (expired > 0) parts.push(`${expired} ${expired > 1 ? "réservations expirées" : "réservation expirée"}`);
  return parts.length > 0 ? parts.join(", ") : "Aucune pièce réservée";
}
