import {
  platformHandleNameKey,
  readHandleProofCodes,
  readLiveComment,
  readsNothing,
  sidebarHandle,
  SITE_CLAIM_EVENT_TYPE,
  type ClaimedPiece,
  type DoubtfulPiece,
  type SecondOpinion,
} from "@vitrine/domain";
import type pg from "pg";
import type { LiveHub } from "../../realtime/live-hub";
import { errorText } from "../../lib/error-text";
import type { ClaimsOutcome } from "./rules";

/**
 * One comment's reading as the SQL applies it: un-claims first, then claims, then doubts (claims
 * 'À confirmer' the engine never gives). A doubt keeps this whole reading for the answers file.
 */
export interface ClaimItem {
  seq: number;
  eventId: string;
  handle: string;
  claims: ClaimedPiece[];
  doubts: DoubtfulPiece[];
  unclaims: number[];
}

/** An event of the live as the reading needs it (seq 0 while it is not drawn yet). */
export interface CommentEvent {
  id: string;
  seq: number;
  eventType: string | null;
  uniqueId: string | null;
  /** The author's name as the platform shows it: another platform's proof matches it. */
  nickname?: string | null;
  comment: string | null;
  /** The piece a claim made from the site asks for (decision 047); null for the source's events. */
  siteRef?: number | null;
}

/** What a run of a live's events says for its claims, in the events' order. */
export interface CommentBatch {
  /** Chat comments read (the live's comment counter). */
  comments: number;
  items: ClaimItem[];
  /**
   * Handle proofs: the handle that commented, the code it carried and the author's name compared
   * as the customer's named accounts are (platformHandleNameKey), pairwise.
   */
  proofHandles: string[];
  proofCodes: string[];
  proofNames: string[];
}

/**
 * Reads a live's events in order: every chat comment's claims, un-claims and doubts, and its
 * codes; and every claim made from the site, a sure claim of its piece in its place among them.
 */
export function readCommentBatch(
  events: Iterable<CommentEvent>,
  colourNames: string[],
  opinion?: SecondOpinion,
): CommentBatch {
  const batch: CommentBatch = { comments: 0, items: [], proofHandles: [], proofCodes: [], proofNames: [] };
  for (const event of events) {
    if (event.eventType === SITE_CLAIM_EVENT_TYPE && event.siteRef) {
      const handle = sidebarHandle(event.uniqueId ?? "");
      const claims = [{ ref: event.siteRef, size: null, color: null }];
      if (handle)
        batch.items.push({ seq: event.seq, eventId: event.id, handle, claims, doubts: [], unclaims: [] });
      continue;
    }
    if (event.eventType !== "chat" || !event.comment) continue;
    batch.comments += 1;
    const handle = sidebarHandle(event.uniqueId ?? "");
    if (!handle) continue;
    const reading = readLiveComment(event.comment, colourNames, opinion);
    if (!readsNothing(reading)) batch.items.push({ seq: event.seq, eventId: event.id, handle, ...reading });
    for (const code of readHandleProofCodes(event.comment)) {
      batch.proofHandles.push(handle);
      batch.proofCodes.push(code);
      batch.proofNames.push(platformHandleNameKey(event.nickname ?? ""));
    }
  }
  return batch;
}

/** How long the shop's colour names are reused before being read again. */
const COLOURS_TTL_MS = 10_000;

/** The shop's colour names, as the reader needs them, read again at most every 10 s. */
export function createColourNames(pool: pg.Pool) {
  let colours: { names: string[]; readAt: number } | null = null;
  return async function colourNames(): Promise<string[]> {
    if (colours && Date.now() - colours.readAt < COLOURS_TTL_MS) return colours.names;
    const { rows } = await pool.query<{ name: string }>("SELECT name FROM product_colors ORDER BY name");
    colours = { names: rows.map((row) => row.name), readAt: Date.now() };
    return colours.names;
  };
}

// A handle is verified by a comment of that handle carrying its account's code; a code of another
// account, or from another handle, matches no row. On another platform the account does not know
// its key beforehand: it named the author (the name shown there), and the comment's key becomes
// the account's there, unless another account already has that key (never taken over; one account
// per key in a batch). The same comment answers the account's comment test of the live ('Tester
// mes commentaires'). One statement per batch that has codes.
const VERIFY_HANDLES = `
  WITH proof AS (
    SELECT u.id AS user_id, u.handle_verified_at
      FROM unnest($1::text[], $2::text[]) AS p(handle, code)
      JOIN users u ON u.handle_proof_code = p.code AND lower(u.tiktok_username) = p.handle
  ),
  platform_proof AS (
    SELECT DISTINCT ON (p.handle) h.id, h.user_id, p.handle
      FROM unnest($1::text[], $2::text[], $4::text[]) AS p(handle, code, name)
      JOIN users u ON u.handle_proof_code = p.code
      JOIN user_platform_handles h
        ON h.user_id = u.id AND h.viewer_key IS NULL AND h.name_key = p.name
       AND starts_with(p.handle, h.platform || ':')
     WHERE NOT EXISTS (SELECT 1 FROM user_platform_handles o WHERE o.viewer_key = p.handle)
     ORDER BY p.handle, h.created_at
  ),
  platform_verified AS (
    UPDATE user_platform_handles h SET viewer_key = pp.handle, verified_at = now()
      FROM platform_proof pp WHERE h.id = pp.id
    RETURNING 1
  ),
  verified AS (
    UPDATE users u SET handle_verified_at = now()
      FROM proof WHERE u.id = proof.user_id AND proof.handle_verified_at IS NULL
    RETURNING 1
  )
  UPDATE live_comment_tests t SET seen_at = now()
    FROM (SELECT user_id FROM proof UNION SELECT user_id FROM platform_proof) seen
   WHERE t.user_id = seen.user_id AND t.live_id = $3 AND t.seen_at IS NULL`;

/** A failed verification costs the customer a comment again, never the batch's claims. */
export async function verifyHandleProofs(
  pool: pg.Pool,
  liveId: string,
  { proofHandles, proofCodes, proofNames }: Pick<CommentBatch, "proofHandles" | "proofCodes" | "proofNames">,
  log: (message: string) => void,
): Promise<void> {
  if (proofCodes.length === 0) return;
  try {
    await pool.query(VERIFY_HANDLES, [proofHandles, proofCodes, liveId, proofNames]);
  } catch (error) {
    log(`live claims: handle proofs were not checked (${errorText(error)})`);
  }
}

/** Streams and sidebars hear of a committed change; a lost word is caught up by their polls. */
export async function announceClaims(
  liveHub: LiveHub,
  liveId: string,
  outcome: ClaimsOutcome,
): Promise<void> {
  const orders = outcome.orders ?? [];
  const changed = outcome.changed ?? (outcome.outcome !== undefined && outcome.outcome !== "none");
  const told: Promise<void>[] = [];
  if (changed || orders.length > 0) told.push(liveHub.publishClaimsChanged({ liveId }));
  // One word per batch: sidebars refetch the live's orders whichever changed.
  const lastOrder = orders.at(-1);
  if (lastOrder) told.push(liveHub.publishOrdersChanged({ liveId, orderId: lastOrder }));
  await Promise.all(told.map((promise) => promise.catch(() => {})));
}
