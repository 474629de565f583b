import * as z from "zod/mini";
import { SITE_CLAIM_AUDIENCES } from "../live-site";

/** A piece of the live as the sidebar lists it to present. */
export const livePieceSchema = z.object({
  productId: z.string(),
  ref: z.int(),
  name: z.string(),
  priceCents: z.int(),
});
export type LivePiece = z.infer<typeof livePieceSchema>;

/** The piece staff present, and when (ISO 8601). */
export const shownPieceSchema = z.object({
  ...livePieceSchema.shape,
  shownAt: z.string(),
});
export type ShownPiece = z.infer<typeof shownPieceSchema>;

/** GET /api/admin/live-sidebar/pieces?liveId=: the live's pieces by ref, and the one on show. */
export const liveSidebarPiecesResponseSchema = z.object({
  pieces: z.array(livePieceSchema),
  shown: z.nullable(shownPieceSchema),
});
export type LiveSidebarPieces = z.infer<typeof liveSidebarPiecesResponseSchema>;

/** POST /api/admin/live-sidebar/shown: the piece staff present now. */
export const liveShowPieceInputSchema = z.object({ liveId: z.uuid(), productId: z.uuid() });
export type LiveShowPieceInput = z.infer<typeof liveShowPieceInputSchema>;
export const liveShowPieceResponseSchema = z.object({ shown: shownPieceSchema });

/** GET /api/admin/live-sidebar/unheard?liveId=: handles whose comment test saw nothing. */
export const liveUnheardHandlesResponseSchema = z.object({ handles: z.array(z.string()) });

export const siteClaimAudienceSchema = z.enum(SITE_CLAIM_AUDIENCES);

/** POST /api/customer/live/claims: 'Je le prends' on the piece on show. */
export const siteClaimInputSchema = z.object({ productId: z.uuid() });
export type SiteClaimInput = z.infer<typeof siteClaimInputSchema>;
export const siteClaimResponseSchema = z.object({ ref: z.int() });

/** A customer's comment test of the active live. */
export const commentTestSchema = z.object({
  code: z.string(),
  /** ISO 8601, the server's clock. */
  startedAt: z.string(),
  result: z.enum(["waiting", "seen", "unseen"]),
});
export type CommentTest = z.infer<typeof commentTestSchema>;
export const commentTestResponseSchema = z.object({ test: z.nullable(commentTestSchema) });
