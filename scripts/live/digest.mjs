/**
 * The digest of a live's decisions (decision 045): a stable text of who got each piece, in which
 * order, every hand-over and release with its reason, and a short hash of it. It names viewers by
 * handle, comments by their place in the live's chat (#1, #2, ...) and orders by their place among
 * the viewer's orders of the live, never by an id, a seq or a time: the same decisions give the
 * same digest on any database, whichever instance made them and however fast.
 */
import { createHash } from "node:crypto";

/** How many hexadecimal characters of the text's SHA-256 the short hash keeps. */
export const DIGEST_HASH_LENGTH = 16;

// Every claim of the live with what the digest says of it, in one read. The comment's place is
// its rank among the live's chat comments (what a replay stores again, in the same order); a
// claim's order is named by the viewer's handle and its rank among that viewer's orders of the
// live; `began` is when it last began to hold its piece, compared within the live only.
const CLAIMS = `
  WITH comments AS (
    SELECT e.id, row_number() OVER (ORDER BY e.seq) AS place
      FROM tiktok_events e WHERE e.live_id = $1 AND e.event_type = 'chat'
  ), orders_of_live AS (
    SELECT o.id, o.status, lower(u.tiktok_username) AS handle,
           row_number() OVER (PARTITION BY o.user_id ORDER BY o.order_date, o.order_number) AS place
      FROM orders o JOIN users u ON u.id = o.user_id WHERE o.live_id = $1
  )
  SELECT p.ref, c.handle, cm.place AS comment, c.state, c.release_reason, c.doubt_reason,
         (SELECT a.answer FROM live_claim_doubt_answers a WHERE a.claim_id = c.id
           ORDER BY a.answered_at DESC LIMIT 1) AS answer,
         c.handed_over_at IS NOT NULL AS handed_over, c.late_unclaim_at IS NOT NULL AS late_unclaim,
         c.hold_deferred_at IS NOT NULL AS deferred, c.decided_action,
         o.handle AS order_handle, o.place AS order_place, o.status AS order_status,
         c.holding_since, c.queue_rank
    FROM live_claims c
    JOIN products p ON p.id = c.product_id
    LEFT JOIN comments cm ON cm.id = c.event_id
    LEFT JOIN orders_of_live o ON o.id = c.order_id
   WHERE c.live_id = $1
   ORDER BY p.ref, cm.place, c.handle`;

// The lines of the live's orders that no claim made (added by hand: the sidebar, the order page).
const HAND_SALES = `
  WITH orders_of_live AS (
    SELECT o.id, o.status, lower(u.tiktok_username) AS handle,
           row_number() OVER (PARTITION BY o.user_id ORDER BY o.order_date, o.order_number) AS place
      FROM orders o JOIN users u ON u.id = o.user_id WHERE o.live_id = $1
  )
  SELECT p.ref, o.handle, o.place, o.status, i.is_released
    FROM order_items i JOIN orders_of_live o ON o.id = i.order_id JOIN products p ON p.id = i.product_id
   WHERE NOT EXISTS (SELECT 1 FROM live_claims c WHERE c.order_id = i.order_id AND c.product_id = i.product_id)
   ORDER BY p.ref, i.created_at, o.handle`;

const UNKNOWN_REFS = `
  WITH comments AS (
    SELECT e.id, row_number() OVER (ORDER BY e.seq) AS place
      FROM tiktok_events e WHERE e.live_id = $1 AND e.event_type = 'chat'
  )
  SELECT u.ref, u.handle, cm.place AS comment FROM live_claim_unknown_refs u
    LEFT JOIN comments cm ON cm.id = u.event_id
   WHERE u.live_id = $1 ORDER BY cm.place, u.ref, u.handle`;

/** One claim as a line: its comment, viewer, how it came and where it ended. */
function claimLine(claim, holderPlace) {
  const parts = [`#${claim.comment ?? "?"} @${claim.handle}`];
  if (claim.doubt_reason) parts.push(`doubt ${claim.doubt_reason}${claim.answer ? ` ${claim.answer}` : ""}`);
  if (holderPlace) parts.push(`holder ${holderPlace}`);
  if (claim.handed_over) parts.push("handed over");
  if (claim.deferred) parts.push("hold deferred");
  parts.push(claim.state === "released" ? `released ${claim.release_reason ?? "?"}` : claim.state);
  if (claim.order_handle)
    parts.push(`order ${claim.order_handle}/${claim.order_place} ${claim.order_status}`);
  if (claim.decided_action) parts.push(`staff ${claim.decided_action}`);
  if (claim.late_unclaim) parts.push("late un-claim");
  return `  ${parts.join(", ")}`;
}

/**
 * The digest's text of the live `liveId`, read with `db` (a pg client or pool); call it inside one
 * snapshot for a live still running. Each piece claimed, then its claims in receive order, each
 * with its place among the piece's holders (by when it began to hold it), and the lines that
 * hold it without a claim (added by hand); then the references that were no piece of the live.
 */
export async function liveDigestText(db, liveId) {
  const { rows: claims } = await db.query(CLAIMS, [liveId]);
  const { rows: sales } = await db.query(HAND_SALES, [liveId]);
  const { rows: unknown } = await db.query(UNKNOWN_REFS, [liveId]);
  const byPiece = new Map();
  const pieceOf = (ref) => {
    if (!byPiece.has(ref)) byPiece.set(ref, { claims: [], sales: [] });
    return byPiece.get(ref);
  };
  for (const claim of claims) pieceOf(claim.ref).claims.push(claim);
  for (const sale of sales) pieceOf(sale.ref).sales.push(sale);
  const lines = [];
  for (const [ref, { claims: pieceClaims, sales: pieceSales }] of [...byPiece].sort(([a], [b]) => a - b)) {
    const holders = pieceClaims
      .filter((claim) => claim.holding_since !== null)
      .sort(
        (a, b) =>
          a.holding_since.getTime() - b.holding_since.getTime() ||
          Number(a.queue_rank) - Number(b.queue_rank),
      );
    lines.push(`piece ${ref}`);
    for (const claim of pieceClaims) {
      const place = holders.indexOf(claim);
      lines.push(claimLine(claim, place < 0 ? 0 : place + 1));
    }
    for (const sale of pieceSales)
      lines.push(
        `  by hand to @${sale.handle}, order ${sale.handle}/${sale.place} ${sale.status}` +
          (sale.is_released ? ", line released" : ""),
      );
  }
  for (const row of unknown) lines.push(`unknown ref ${row.ref}: #${row.comment ?? "?"} @${row.handle}`);
  return `${lines.join("\n")}\n`;
}

/** The short hash of a digest's text. */
export function digestHash(text) {
  return createHash("sha256").update(text).digest("hex").slice(0, DIGEST_HASH_LENGTH);
}

/**
 * The digest of the live whose reference is `liveRef`, read in one read-only snapshot on `db` (a
 * pg client), or null when there is no such live.
 */
export async function liveDigest(db, liveRef) {
  await db.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  try {
    const {
      rows: [live],
    } = await db.query("SELECT id FROM lives WHERE ref = $1", [liveRef]);
    if (!live) return null;
    const text = await liveDigestText(db, live.id);
    return { text, hash: digestHash(text) };
  } finally {
    await db.query("COMMIT");
  }
}
