import { readComment, readCommentAndPieces } from "./live-comment-reader";
import { reviewReading, type SecondOpinion } from "./live-comment-second-opinion";

/*
 * Claims of a live, decided on the server (decision 030): every chat comment is read in the
 * server's receive order; a claim gives the piece to its first claimer (at once in automatic mode,
 * on one click in manual mode) and puts the later ones on the piece's waitlist.
 */

/** How a live gives pieces: on staff's click ('manuel') or at once to the first claimer. */
export const CLAIM_MODES = ["manuel", "automatique"] as const;
export type ClaimMode = (typeof CLAIM_MODES)[number];

export const claimModeLabels: Record<ClaimMode, string> = {
  manuel: "Manuel",
  automatique: "Automatique",
};

/**
 * A claim's state as staff see it:
 * - pending: first claimer of a free piece in manual mode, waiting for staff's click;
 * - in-order: the piece is a line of the claimer's order, held until `heldUntil`;
 * - paid: that order was paid (the hold is over);
 * - waitlisted: someone else holds the piece; `waitlistPosition` says who is next;
 * - released: no longer a claim, with `releaseReason`.
 */
export const CLAIM_STATES = ["pending", "in-order", "paid", "waitlisted", "released"] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

export const claimStateLabels: Record<ClaimState, string> = {
  pending: "À valider",
  "in-order": "Dans la commande",
  paid: "Payée",
  waitlisted: "En liste d'attente",
  released: "Libérée",
};

/** Why a claim stopped holding or waiting. */
export const CLAIM_RELEASE_REASONS = [
  "un-claimed",
  "hold-expired",
  "staff",
  "order-cancelled",
  "doubt-ignored",
  "doubt-expired",
  "sold",
] as const;
export type ClaimReleaseReason = (typeof CLAIM_RELEASE_REASONS)[number];

export const claimReleaseReasonLabels: Record<ClaimReleaseReason, string> = {
  "un-claimed": "Annulée par le viewer",
  "hold-expired": "Réservation expirée",
  staff: "Libérée par l'équipe",
  "order-cancelled": "Commande annulée",
  "doubt-ignored": "Doute ignoré par l'équipe",
  "doubt-expired": "Doute non confirmé à temps",
  sold: "Pièce déjà vendue",
};

/** What staff and the viewer see of a claim answered at once because its piece was already sold. */
export const SOLD_LABEL = "Vendue";

/** What staff see on a doubt waiting for their answer. */
export const TO_CONFIRM_LABEL = "À confirmer";

/** How long a doubt keeps its place when neither the live nor the settings say otherwise. */
export const DEFAULT_CLAIM_DOUBT_SECONDS = 45;
export const MIN_CLAIM_DOUBT_SECONDS = 5;
export const MAX_CLAIM_DOUBT_SECONDS = 60 * 60;

/** The hold a piece given from a claim keeps when neither the live nor the settings say otherwise. */
export const DEFAULT_CLAIM_HOLD_SECONDS = 24 * 60 * 60;
/** Bounds of a live's own hold: a few seconds (rehearsals, tests) to a month. */
export const MIN_CLAIM_HOLD_SECONDS = 1;
export const MAX_CLAIM_HOLD_SECONDS = 30 * 24 * 60 * 60;

/**
 * How long a payment form may still pay once issued: a hold expiring meanwhile waits for its end,
 * so a payment in progress always wins over the expiry.
 */
export const PAYMENT_FORM_LIFETIME_SECONDS = 15 * 60;

/** One piece a comment claims, with what it says of the size and colour (as written, normalised). */
export interface ClaimedPiece {
  ref: number;
  size: string | null;
  color: string | null;
}

/**
 * Why the reader is not sure a comment claims a piece; staff see it beside 'À confirmer'.
 * - question: the claim is asked ("possible d'avoir le 7 ?");
 * - condition: it depends on something ("le 7 si dispo en S");
 * - choice: several pieces offered, or one preferred to another ("le 3 ou le 5");
 * - swap: one piece for another ("je change le 12 pour le 14");
 * - correction: a number corrected, and which one is meant is unclear;
 * - unclear: a number and no sure sign of wanting it;
 * - mismatch: not the reader's doubt but the engine's, in automatic mode only: a sure claim whose
 *   size or colour is not the piece's ("le 18 en L noir" for a white piece in one size) waits for
 *   staff rather than putting a piece the viewer may not want in their order.
 */
export const DOUBT_REASONS = [
  "question",
  "condition",
  "choice",
  "swap",
  "correction",
  "unclear",
  "mismatch",
] as const;
export type DoubtReason = (typeof DOUBT_REASONS)[number];

export const doubtReasonLabels: Record<DoubtReason, string> = {
  question: "Demande posée comme une question",
  condition: "Demande sous condition",
  choice: "Hésite entre plusieurs pièces",
  swap: "Échange une pièce contre une autre",
  correction: "Corrige un numéro",
  unclear: "Intention peu claire",
  mismatch: "Taille ou couleur différente de la pièce",
};

/** A piece a comment may claim, and why the reader is not sure. */
export interface DoubtfulPiece extends ClaimedPiece {
  reason: DoubtReason;
}

/**
 * What a chat comment means for the live's claims: the pieces it surely claims, the pieces it may
 * claim (for staff to confirm), the references it gives up. A comment can give one piece up and
 * take another ("plus le 12, plutôt le 14"); a reference is never both claimed and given up.
 * Nothing at all: every list empty.
 */
export interface LiveCommentReading {
  claims: ClaimedPiece[];
  doubts: DoubtfulPiece[];
  unclaims: number[];
}

export function readsNothing(reading: LiveCommentReading): boolean {
  return reading.claims.length === 0 && reading.doubts.length === 0 && reading.unclaims.length === 0;
}

/**
 * Reads a chat comment: the pieces it claims (several: "le 53 et le 54"), each with the size and
 * colour it says ("le 12 en M", "le 14 en noir"), the pieces it may claim and why it doubts, the
 * references it gives up ("je passe le 16"). `colors` are the shop's colour names; a colour is
 * read only among them, without accents, case or plural/feminine endings ("noires" for "Noir"),
 * and returned in the shop's spelling. Refs are 1..MAX_CLAIM_REF. Pass the same `colors` array for
 * a whole live: it is prepared once. The decisions on unclear cases are listed on `readComment`
 * (live-comment-reader.ts).
 *
 * With `opinion` (live-comment-second-opinion.ts, learned from the labelled corpus), a comment the
 * rules read as nothing but very likely a claim becomes a doubt, and a doubt very unlikely a claim
 * is dropped; certain claims and un-claims stay the rules' alone.
 */
export function readLiveComment(
  comment: string,
  colors: readonly string[] = [],
  opinion?: SecondOpinion,
): LiveCommentReading {
  if (opinion === undefined) return readComment(comment, colors);
  const { reading, named } = readCommentAndPieces(comment, colors);
  return reviewReading(opinion, comment, reading, named);
}

export const liveClaimMessages = {
  loadFailed: "Impossible de charger les réservations",
  settingsSaved: "Réglages des réservations enregistrés",
  settingsFailed: "Impossible d'enregistrer les réglages des réservations",
  holdInvalid: "La durée de réservation doit être comprise entre 1 seconde et 30 jours",
  claimNotFound: "Réservation introuvable",
  given: "Pièce donnée",
  giveFailed: "Impossible de donner la pièce",
  pieceHeld: "Cette pièce est déjà réservée : libérez-la d'abord",
  claimNotWaiting: "Cette réservation n'est plus en attente",
  claimNotHolding: "Cette réservation ne tient plus la pièce",
  released: "Réservation libérée",
  skipped: "Passée en fin de liste d'attente",
  removed: "Retirée de la liste d'attente",
  actionFailed: "Action impossible sur cette réservation",
  lateUnclaim: "A annulé une pièce déjà payée : rien n'a changé",
  confirmed: "Réservation confirmée",
  ignored: "Doute ignoré",
  notToConfirm: "Cette réservation n'est plus à confirmer",
  doubtSecondsInvalid: "Le délai de confirmation doit être compris entre 5 secondes et 1 heure",
  alreadyDone: (firstName: string) => `Déjà fait par ${firstName}`,
  unknownRef: (ref: number) => `Réf ${ref} · introuvable dans ce live`,
} as const;
