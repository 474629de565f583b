import * as z from "zod/mini";
import { livePieceSchema } from "./live-site";
import { ORDER_STATUSES } from "../order-status";

/*
 * The customer's own live page, /customer/live (decision 032), signed-in customers only:
 *   GET /api/customer/live          CustomerLiveSnapshot
 *   GET /api/customer/live/stream   server-sent events, scoped to the customer's own claims:
 *       event: live   data: CustomerLiveSnapshot   (the whole snapshot, again on every change of
 *                                                   one of their claims or of a waitlist they are on)
 *       a comment line every 15 s keeps proxies from closing it.
 * A customer without a handle gets `claimsHidden: true` and no claims.
 */

/**
 * What a customer reads of one of their claims. 'to-confirm': their comment was not clear enough
 * for the shop to be sure they want the piece (decision 037); staff confirm it or not, and until
 * then nothing is reserved. 'sold': the piece was already sold outside claims when they asked, or
 * while they waited for it (decision 041).
 */
export const CUSTOMER_CLAIM_STATES = [
  "reserved",
  "pending",
  "to-confirm",
  "waitlisted",
  "paid",
  "expired",
  "released",
  "sold",
] as const;
export type CustomerClaimState = (typeof CUSTOMER_CLAIM_STATES)[number];

export const customerClaimStateLabels: Record<CustomerClaimState, string> = {
  reserved: "Réservé",
  pending: "En attente de la boutique",
  "to-confirm": "En attente de confirmation par la boutique",
  waitlisted: "En liste d'attente",
  paid: "Payé",
  expired: "Expiré",
  released: "Libéré",
  sold: "Vendue",
};

/**
 * Why a claim waits, told under its state: a state alone ('En attente de la boutique') leaves the
 * customer guessing what is expected of them. Null where the state says enough.
 */
export const customerClaimWaitReasons: Record<CustomerClaimState, string | null> = {
  reserved: null,
  pending:
    "Vous avez demandé cette pièce en premier\u00a0: pendant ce live, la boutique attribue elle-même chaque pièce et va valider votre demande.",
  "to-confirm":
    "Votre commentaire laissait un doute\u00a0: la boutique confirme avant de vous réserver la pièce.",
  waitlisted: null,
  paid: null,
  expired: null,
  released: null,
  sold: "Cette pièce a déjà été vendue\u00a0: elle ne peut plus vous être réservée.",
};

/** Claims still running first (held, waiting), then paid, then those that ended. */
const CLAIM_STATE_RANKS: Record<CustomerClaimState, number> = {
  reserved: 0,
  pending: 0,
  "to-confirm": 0,
  waitlisted: 0,
  paid: 1,
  expired: 2,
  released: 2,
  sold: 2,
};

/**
 * The order the customer's page lists their claims in: those still running first, so an expired
 * hold never pushes an active one below the fold; newest first within each group.
 */
export function customerClaimsActiveFirst<T extends Pick<CustomerLiveClaim, "state">>(
  claims: readonly T[],
): T[] {
  return claims
    .map((claim, index) => ({ claim, index }))
    .sort((a, b) => CLAIM_STATE_RANKS[a.claim.state] - CLAIM_STATE_RANKS[b.claim.state] || a.index - b.index)
    .map(({ claim }) => claim);
}

export const customerLiveClaimSchema = z.object({
  id: z.string(),
  productId: z.string(),
  ref: z.int(),
  productName: z.string(),
  priceCents: z.int(),
  /** The piece's own size and colour name: what the customer gets (null: none given). */
  size: z.nullable(z.string()),
  color: z.nullable(z.string()),
  /** What their comment asked for; when it differs from the piece, the page says so plainly. */
  sizeRead: z.nullable(z.string()),
  colorRead: z.nullable(z.string()),
  state: z.enum(CUSTOMER_CLAIM_STATES),
  /** 1 when they are next for the piece; null unless waitlisted. Computed when read. */
  waitlistPosition: z.nullable(z.int()),
  /** ISO 8601, when the hold ends (reserved only). */
  heldUntil: z.nullable(z.string()),
  orderId: z.nullable(z.string()),
  /** ISO 8601, the comment's time. */
  claimedAt: z.string(),
});
export type CustomerLiveClaim = z.infer<typeof customerLiveClaimSchema>;

export const customerLiveOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  totalAmountCents: z.int(),
});
export type CustomerLiveOrder = z.infer<typeof customerLiveOrderSchema>;

export const customerLiveSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** ISO 8601. */
  startedAt: z.string(),
  isActive: z.boolean(),
});

export const customerLiveSnapshotSchema = z.object({
  /** The server's clock when written (ISO 8601): the page counts holds down from it, not from the device's. */
  serverNow: z.string(),
  /** The active live, or when none the last one that ran (null before the first live). */
  live: z.nullable(customerLiveSummarySchema),
  /** The customer's claims of that live: still running first, newest first within each group. */
  claims: z.array(customerLiveClaimSchema),
  /** The customer's orders of that live, not cancelled: the button validates and pays these. */
  orders: z.array(customerLiveOrderSchema),
  /** No handle on the profile: no claims to read. */
  claimsHidden: z.boolean(),
  /**
   * The shop keeps changes to orders from comments for proven handles (VERIFIED_HANDLES_ONLY) and
   * this handle is not proven: the page says how to prove it.
   */
  handleProofNeeded: z.boolean(),
  /** The piece staff present in the active live (decision 047); null when none or no live runs. */
  shownPiece: z.nullable(livePieceSchema),
  /** Whether this customer has 'Je le prends' on it: the live's setting and their comment test. */
  siteClaimOffered: z.boolean(),
});
export type CustomerLiveSnapshot = z.infer<typeof customerLiveSnapshotSchema>;
