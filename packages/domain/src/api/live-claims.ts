import * as z from "zod/mini";
import {
  CLAIM_MODES,
  CLAIM_RELEASE_REASONS,
  CLAIM_STATES,
  DOUBT_REASONS,
  liveClaimMessages,
  MAX_CLAIM_DOUBT_SECONDS,
  MIN_CLAIM_DOUBT_SECONDS,
  MAX_CLAIM_HOLD_SECONDS,
  MIN_CLAIM_HOLD_SECONDS,
} from "../live-claims";

/*
 * Contracts of a live's claims (decision 030), admins only, under /api/admin/lives/:liveId/claims:
 *   GET    ""                     LiveClaimsSnapshot
 *   PUT    "/settings"            body LiveClaimSettingsRequest   -> LiveClaimSettings
 *   POST   "/:claimId/give"       gives the piece to this claim (manual click, or by hand)
 *   POST   "/:claimId/release"    ends the hold or pending state of this claim (next one served)
 *   POST   "/:claimId/skip"       moves a waitlisted claim to the end of its piece's waitlist
 *   POST   "/:claimId/remove"     takes a waitlisted claim off the waitlist (released, staff)
 *   POST   "/:claimId/confirm"    a doubt 'À confirmer' becomes a claim at its comment's rank
 *                                 (given at once when nobody is ahead of it)
 *   POST   "/:claimId/ignore"     a doubt 'À confirmer' is dropped (released, doubt-ignored)
 *   GET    "/doubt-answers"       every answer to a doubt of the live, one JSON line each, in the
 *                                 labelled corpus's shape (a file to add to the corpus)
 * Each action answers LiveClaimActionResponse and is audited. An action on a claim another staff
 * member already answered is refused with 409 'Déjà fait par <prénom>' (liveClaimMessages.alreadyDone).
 *
 *
 * The feed's stream (GET /api/admin/live-feed/stream) also carries them:
 *   event: claims   data: LiveClaimsChange
 * A client keeps the highest `version` it saw and reconnects with `?claimsAfter=<version>`: the
 * server then first sends, as one `claims` event, every claim of the live changed after it.
 */

export const liveClaimViewSchema = z.object({
  id: z.string(),
  liveId: z.string(),
  /** Increases on every change of any claim of the live, in commit order: the resume point. */
  version: z.int(),
  /** The claim comment's receive order (tiktok_events.seq): who was first. */
  seq: z.int(),
  eventId: z.string(),
  comment: z.string(),
  /** The viewer's key (viewerKey): a lowercased TikTok handle without @, or `<platform>:<author id>`. */
  handle: z.string(),
  /** The name the viewer showed on their comment (another platform's viewer is named by it). */
  nickname: z.nullable(z.string()),
  productId: z.string(),
  ref: z.int(),
  productName: z.string(),
  /** What the comment said of the size and colour, and whether it differs from the piece's. */
  sizeRead: z.nullable(z.string()),
  colorRead: z.nullable(z.string()),
  sizeDiffers: z.boolean(),
  colorDiffers: z.boolean(),
  state: z.enum(CLAIM_STATES),
  /**
   * The claim's place in its piece's waitlist: the lowest rank is served next (the comment's seq,
   * moved past the last one by a skip). Claims behind one that leaves keep their rank and version:
   * a client holding a piece's waitlisted claims numbers them itself from their ranks.
   */
  queueRank: z.int(),
  /** 1 for the next in line when the claim was read; null unless waitlisted. */
  waitlistPosition: z.nullable(z.int()),
  releaseReason: z.nullable(z.enum(CLAIM_RELEASE_REASONS)),
  orderId: z.nullable(z.string()),
  orderNumber: z.nullable(z.string()),
  priceCents: z.int(),
  /** ISO 8601: when the hold ends (in-order only). */
  heldUntil: z.nullable(z.string()),
  /** ISO 8601: an un-claim came after the piece was paid; it changed nothing. */
  lateUnclaimAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Whether the account with this handle proved it (null: no account has the handle, a live
   * viewer's row without sign-in included).
   */
  handleVerified: z.nullable(z.boolean()),
  /** Holds of that handle's user (account or live viewer) that expired unpaid; 0 without one. */
  unpaidHolds: z.int(),
  /** Pending because the account is at UNPAID_HOLDS_LIMIT: only staff give it the piece. */
  waitsForStaff: z.boolean(),
  /** Made with 'Je le prends' on the customer's live page, not by a comment (staff read 'via le site'). */
  viaSite: z.boolean(),
  /** The claim came from a comment the reader was not sure of (kept after staff answer). */
  doubtReason: z.nullable(z.enum(DOUBT_REASONS)),
  /**
   * 'À confirmer': a doubt waiting for staff's 'Confirmer' or 'Ignorer' (pending or waitlisted). It
   * keeps its place: nobody behind it gets the piece until it is answered or `doubtUntil` passes.
   */
  toConfirm: z.boolean(),
  /** ISO 8601: when an unanswered doubt is dropped (toConfirm only). */
  doubtUntil: z.nullable(z.string()),
  /** First name of the staff member who last acted on the claim, if any. */
  decidedBy: z.nullable(z.string()),
  /**
   * The piece was sold outside claims (a line of this order holds it and no claim holds it through
   * that line: added by reference, or an older order): 'Vendue', and whether that order is paid.
   * Null when no such line holds it. Read with the claim: it changes with the piece's claims.
   */
  pieceSale: z.nullable(z.object({ orderId: z.string(), orderNumber: z.string(), paid: z.boolean() })),
});
export type LiveClaimView = z.infer<typeof liveClaimViewSchema>;

export const liveClaimCountersSchema = z.object({
  comments: z.int(),
  claims: z.int(),
  piecesHeld: z.int(),
  orders: z.int(),
  revenueHeldCents: z.int(),
  revenuePaidCents: z.int(),
  /** Holds that expired unpaid. */
  unpaidReleases: z.int(),
  /** Claims answered at once because their piece was sold outside claims (released 'sold'). */
  soldClaims: z.int(),
  /** Claims of a reference that is no piece of the live. */
  unknownRefs: z.int(),
});
export type LiveClaimCounters = z.infer<typeof liveClaimCountersSchema>;

export const liveClaimSettingsSchema = z.object({
  mode: z.enum(CLAIM_MODES),
  /** The live's own hold, or null: the shop's (CLAIM_HOLD_HOURS). */
  holdSeconds: z.nullable(z.int()),
  /** The hold that applies now (the live's, else the shop's). */
  effectiveHoldSeconds: z.int(),
  /** How long a doubt waits for staff, the live's own, or null: the shop's (CLAIM_DOUBT_SECONDS). */
  doubtSeconds: z.nullable(z.int()),
  /** The doubt wait that applies now (the live's, else the shop's). */
  effectiveDoubtSeconds: z.int(),
});
export type LiveClaimSettings = z.infer<typeof liveClaimSettingsSchema>;

export const liveClaimSettingsRequestSchema = z.object({
  mode: z.enum(CLAIM_MODES),
  holdSeconds: z.nullable(
    z
      .int({ error: liveClaimMessages.holdInvalid })
      .check(
        z.minimum(MIN_CLAIM_HOLD_SECONDS, { error: liveClaimMessages.holdInvalid }),
        z.maximum(MAX_CLAIM_HOLD_SECONDS, { error: liveClaimMessages.holdInvalid }),
      ),
  ),
  /** Absent: unchanged (older clients); null: the shop's. */
  doubtSeconds: z.optional(
    z.nullable(
      z
        .int({ error: liveClaimMessages.doubtSecondsInvalid })
        .check(
          z.minimum(MIN_CLAIM_DOUBT_SECONDS, { error: liveClaimMessages.doubtSecondsInvalid }),
          z.maximum(MAX_CLAIM_DOUBT_SECONDS, { error: liveClaimMessages.doubtSecondsInvalid }),
        ),
    ),
  ),
});
export type LiveClaimSettingsRequest = z.infer<typeof liveClaimSettingsRequestSchema>;

/**
 * A comment's claim of a reference that is no piece of the live ('Réf 54 · introuvable dans ce
 * live'). Its version is drawn from the claims' sequence: a stream resumes after it as after a claim.
 */
export const liveClaimUnknownRefSchema = z.object({
  id: z.string(),
  version: z.int(),
  eventId: z.string(),
  seq: z.int(),
  handle: z.string(),
  ref: z.int(),
});
export type LiveClaimUnknownRef = z.infer<typeof liveClaimUnknownRefSchema>;

/** The live's claims not released, and the latest released ones (LIVE_CLAIMS_RELEASED_LIMIT). */
export const liveClaimsSnapshotSchema = z.object({
  liveId: z.string(),
  settings: liveClaimSettingsSchema,
  /** The highest claim version included: a stream resumes after it. */
  version: z.int(),
  counters: liveClaimCountersSchema,
  claims: z.array(liveClaimViewSchema),
  /** The latest claims of unknown references (LIVE_CLAIMS_RELEASED_LIMIT). */
  unknownRefs: z.array(liveClaimUnknownRefSchema),
});
export type LiveClaimsSnapshot = z.infer<typeof liveClaimsSnapshotSchema>;
export const LIVE_CLAIMS_RELEASED_LIMIT = 200;

export const liveClaimsChangeSchema = z.object({
  liveId: z.string(),
  version: z.int(),
  claims: z.array(liveClaimViewSchema),
  /** Claims of unknown references made after the version resumed from. */
  unknownRefs: z.array(liveClaimUnknownRefSchema),
  counters: liveClaimCountersSchema,
});
export type LiveClaimsChange = z.infer<typeof liveClaimsChangeSchema>;

export const liveClaimParamsSchema = z.object({ liveId: z.uuid(), claimId: z.uuid() });
export const liveClaimsLiveParamsSchema = z.object({ liveId: z.uuid() });
export const liveClaimActionResponseSchema = z.object({ claim: liveClaimViewSchema });
