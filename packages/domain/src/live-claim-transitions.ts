import type { ClaimReleaseReason } from "./live-claims";

/*
 * The claim state machine (decision 030), in one table: every move a live_claims row may make
 * between the states it stores. The database refuses any other (a trigger on live_claims whose
 * list a test holds equal to this one); decision 030 shows it (a test holds the two equal too).
 * 'paid' is not stored: it is an in-order claim whose order is paid.
 */

/** The states a live_claims row stores. */
export const STORED_CLAIM_STATES = ["pending", "in-order", "waitlisted", "released"] as const;
export type StoredClaimState = (typeof STORED_CLAIM_STATES)[number];

/**
 * Who may cause a move: the engine reading comments and settling the live, staff on the claims
 * page or the payment reviews, the customer (a comment, or their order), the clock (a hold's or a
 * doubt's end, run by a job).
 */
export const CLAIM_MOVE_CAUSES = ["engine", "staff", "customer", "clock"] as const;
export type ClaimMoveCause = (typeof CLAIM_MOVE_CAUSES)[number];

export interface ClaimTransition {
  from: StoredClaimState;
  to: StoredClaimState;
  /** For a move to 'released', the release_reason it stores; otherwise what the move is. */
  reason: ClaimReleaseReason | "given" | "handed-over" | "given-back";
  who: readonly ClaimMoveCause[];
}

export const CLAIM_TRANSITIONS: readonly ClaimTransition[] = [
  // Given into the viewer's order: automatic mode, the switch to it, a hand-over in it, or staff's
  // 'give' and 'confirm'.
  { from: "pending", to: "in-order", reason: "given", who: ["engine", "staff"] },
  // The holder let go and the first waitlisted claim is given at once (automatic mode), or staff
  // 'give' a waitlisted claim whose piece nobody holds.
  { from: "waitlisted", to: "in-order", reason: "given", who: ["engine", "staff"] },
  // The holder let go: the first waitlisted claim is served, waiting for a give (manual mode, a
  // doubt still to confirm, a viewer at the unpaid holds limit).
  { from: "waitlisted", to: "pending", reason: "handed-over", who: ["engine"] },
  // A late payment given back (decision 036): the payer's expired claim holds the piece again,
  // and whoever held it since goes back to the waitlist.
  { from: "released", to: "in-order", reason: "given-back", who: ["staff"] },
  { from: "pending", to: "waitlisted", reason: "given-back", who: ["staff"] },
  { from: "in-order", to: "waitlisted", reason: "given-back", who: ["staff"] },
  // The viewer's comment takes the claim back.
  { from: "pending", to: "released", reason: "un-claimed", who: ["customer"] },
  { from: "waitlisted", to: "released", reason: "un-claimed", who: ["customer"] },
  { from: "in-order", to: "released", reason: "un-claimed", who: ["customer"] },
  // Staff's 'release' or 'remove', or the payer's own other claim when a late payment is given back.
  { from: "pending", to: "released", reason: "staff", who: ["staff"] },
  { from: "waitlisted", to: "released", reason: "staff", who: ["staff"] },
  { from: "in-order", to: "released", reason: "staff", who: ["staff"] },
  // The hold ran out unpaid.
  { from: "in-order", to: "released", reason: "hold-expired", who: ["clock"] },
  // The order line left without the engine: the line removed or the order cancelled.
  { from: "in-order", to: "released", reason: "order-cancelled", who: ["staff", "customer"] },
  // A doubt staff ignored, or left unanswered past its wait.
  { from: "pending", to: "released", reason: "doubt-ignored", who: ["staff"] },
  { from: "waitlisted", to: "released", reason: "doubt-ignored", who: ["staff"] },
  { from: "pending", to: "released", reason: "doubt-expired", who: ["clock"] },
  { from: "waitlisted", to: "released", reason: "doubt-expired", who: ["clock"] },
  // The piece was sold outside claims (added to an order by reference) while the claim waited.
  { from: "pending", to: "released", reason: "sold", who: ["engine"] },
  { from: "waitlisted", to: "released", reason: "sold", who: ["engine"] },
];

/** Whether a claim may move from `from` to `to` (to 'released': with that release reason). */
export function claimMoveAllowed(from: string, to: string, releaseReason?: string | null): boolean {
  return CLAIM_TRANSITIONS.some(
    (move) => move.from === from && move.to === to && (to !== "released" || move.reason === releaseReason),
  );
}
