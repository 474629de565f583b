import {
  doubtAnswerLine,
  isToConfirm,
  LIVE_CLAIMS_RELEASED_LIMIT,
  needsStaffToGive,
  SITE_CLAIM_EVENT_TYPE,
  staffFirstName,
  type ClaimMode,
  type ClaimReleaseReason,
  type DoubtAnswer,
  type DoubtAnswerLine,
  type DoubtReason,
  type LiveCommentReading,
  type LiveClaimCounters,
  type LiveClaimSettings,
  type LiveClaimUnknownRef,
  type LiveClaimView,
} from "@vitrine/domain";
import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { isPaidStatus, liveOrderFigures } from "../orders";
import { shownClaimState } from "./shown-state";

type ClaimRow = {
  id: string;
  live_id: string;
  version: string | number;
  seq: string | number;
  queue_rank: string | number;
  event_id: string;
  comment: string | null;
  handle: string;
  nickname: string | null;
  product_id: string;
  ref: number;
  product_name: string;
  size_read: string | null;
  color_read: string | null;
  size_differs: boolean;
  color_differs: boolean;
  state: LiveClaimView["state"];
  waitlist_position: string | number | null;
  release_reason: ClaimReleaseReason | null;
  order_id: string | null;
  order_number: string | null;
  price_cents: number;
  held_until: Date | string | null;
  late_unclaim_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  handle_verified: boolean | null;
  unpaid_holds: number | null;
  stored_state: Exclude<LiveClaimView["state"], "paid">;
  doubt_reason: DoubtReason | null;
  doubt_until: Date | string | null;
  confirmed_at: Date | string | null;
  decided_by_first_name: string | null;
  decided_by_email: string | null;
  sale_order_id: string | null;
  sale_order_number: string | null;
  sale_paid: boolean | null;
  via_site: boolean;
};

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function claimView(row: ClaimRow, unpaidHoldsLimit: number): LiveClaimView {
  const unpaidHolds = row.unpaid_holds ?? 0;
  const toConfirm = isToConfirm({
    state: row.stored_state,
    doubtReason: row.doubt_reason,
    confirmedAt: row.confirmed_at,
  });
  return {
    id: row.id,
    liveId: row.live_id,
    version: Number(row.version),
    seq: Number(row.seq),
    queueRank: Number(row.queue_rank),
    eventId: row.event_id,
    comment: row.comment ?? "",
    handle: row.handle,
    nickname: row.nickname,
    productId: row.product_id,
    ref: Number(row.ref),
    productName: row.product_name,
    sizeRead: row.size_read,
    colorRead: row.color_read,
    sizeDiffers: row.size_differs,
    colorDiffers: row.color_differs,
    state: row.state,
    waitlistPosition: row.waitlist_position === null ? null : Number(row.waitlist_position),
    releaseReason: row.release_reason,
    orderId: row.order_id,
    orderNumber: row.order_number,
    priceCents: row.price_cents,
    heldUntil: row.state === "in-order" ? isoOrNull(row.held_until) : null,
    lateUnclaimAt: isoOrNull(row.late_unclaim_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    handleVerified: row.handle_verified,
    unpaidHolds,
    waitsForStaff: row.state === "pending" && needsStaffToGive(unpaidHolds, unpaidHoldsLimit),
    viaSite: row.via_site,
    doubtReason: row.doubt_reason,
    toConfirm,
    doubtUntil: toConfirm ? isoOrNull(row.doubt_until) : null,
    decidedBy: staffFirstName(row.decided_by_first_name, row.decided_by_email),
    pieceSale:
      row.sale_order_id === null
        ? null
        : {
            orderId: row.sale_order_id,
            orderNumber: row.sale_order_number ?? "",
            paid: row.sale_paid === true,
          },
  };
}

/** What staff views of claims need from the shop's settings. */
export interface ClaimViewRules {
  /** UNPAID_HOLDS_LIMIT: a pending claim of a customer at it waits for a staff click. */
  unpaidHoldsLimit: number;
}

/** Claims as staff see them, oldest first; `where` filters `live_claims c`. */
async function claimViews(db: Queryable, where: SQL, rules: ClaimViewRules): Promise<LiveClaimView[]> {
  const { rows } = await db.execute<ClaimRow>(sql`
    SELECT c.id, c.live_id, c.version, c.seq, c.queue_rank, c.event_id, e.comment, c.handle,
           e.user_nickname AS nickname, c.product_id,
           p.ref, p.name AS product_name, c.size_read, c.color_read,
           (c.size_read IS NOT NULL
             AND live_claim_size_key(c.size_read) <> live_claim_size_key(p.size)) AS size_differs,
           (c.color_read IS NOT NULL AND pc.name IS NOT NULL
             AND lower(c.color_read) <> lower(pc.name)) AS color_differs,
           -- Staff read the stored state, and 'paid' for a piece already paid for.
           CASE WHEN ${shownClaimState()} = 'paid' THEN 'paid' ELSE c.state END AS state,
           CASE WHEN c.state = 'waitlisted' THEN
             (SELECT count(*) FROM live_claims w
               WHERE w.product_id = c.product_id AND w.state = 'waitlisted' AND w.queue_rank <= c.queue_rank)
           END AS waitlist_position,
           c.release_reason, c.order_id, o.order_number, p.price_cents, c.held_until, c.late_unclaim_at,
           c.created_at, c.updated_at,
           CASE WHEN u.auth_id IS NOT NULL THEN u.handle_verified_at IS NOT NULL END AS handle_verified, u.unpaid_holds,
           c.state AS stored_state, c.doubt_reason, c.doubt_until, c.confirmed_at,
           d.first_name AS decided_by_first_name, d.email AS decided_by_email,
           so.id AS sale_order_id, so.order_number AS sale_order_number,
           ${isPaidStatus(sql`so.status`)} AS sale_paid,
           e.event_type IS NOT DISTINCT FROM ${SITE_CLAIM_EVENT_TYPE} AS via_site
      FROM live_claims c
      JOIN products p ON p.id = c.product_id
      -- The user with the handle, if any (users_tiktok_username_key): a live viewer's row counts
      -- unpaid holds too, but only an account (a sign-in) can prove its handle.
      LEFT JOIN users u ON lower(u.tiktok_username) = c.handle
      LEFT JOIN product_colors pc ON pc.id = p.color_id
      LEFT JOIN tiktok_events e ON e.id = c.event_id
      LEFT JOIN orders o ON o.id = c.order_id
      LEFT JOIN users d ON d.id = c.decided_by_user_id
      -- Only the claims that are waiting, or were answered as sold, ask whether their piece was
      -- sold outside claims: the rest hold it themselves or no longer concern it.
      LEFT JOIN LATERAL (
        SELECT s.id, s.order_number, s.status FROM orders s
         WHERE s.id = CASE WHEN c.state IN ('pending', 'waitlisted') OR c.release_reason = 'sold'
                           THEN live_claim_sale_order(c.product_id) END) so ON true
     WHERE ${where}
     ORDER BY c.seq, c.id`);
  return rows.map((row) => claimView(row, rules.unpaidHoldsLimit));
}

/**
 * The claims of a live staff see: with `afterVersion`, every claim changed after it (a stream's
 * resume); without, the claims not released and the latest released ones (the snapshot).
 */
export async function listClaimViews(
  db: Queryable,
  liveId: string,
  rules: ClaimViewRules,
  { afterVersion }: { afterVersion?: number } = {},
): Promise<LiveClaimView[]> {
  if (afterVersion !== undefined) {
    return claimViews(db, sql`c.live_id = ${liveId}::uuid AND c.version > ${afterVersion}`, rules);
  }
  return claimViews(
    db,
    sql`c.live_id = ${liveId}::uuid AND (c.state <> 'released' OR c.id IN (
      SELECT r.id FROM live_claims r WHERE r.live_id = ${liveId}::uuid AND r.state = 'released'
       ORDER BY r.version DESC LIMIT ${LIVE_CLAIMS_RELEASED_LIMIT}))`,
    rules,
  );
}

/** One claim as staff see it, or null when it is not a claim of that live. */
export async function findClaimView(
  db: Queryable,
  liveId: string,
  claimId: string,
  rules: ClaimViewRules,
): Promise<LiveClaimView | null> {
  const [view] = await claimViews(db, sql`c.live_id = ${liveId}::uuid AND c.id = ${claimId}::uuid`, rules);
  return view ?? null;
}

/** The highest claim version of a live (0 before any claim): a stream resumes after it. */
export async function readClaimVersion(db: Queryable, liveId: string): Promise<number> {
  const { rows } = await db.execute<{ version: string | number | null }>(
    sql`SELECT greatest(
          (SELECT max(version) FROM live_claims WHERE live_id = ${liveId}::uuid),
          (SELECT max(version) FROM live_claim_unknown_refs WHERE live_id = ${liveId}::uuid)) AS version`,
  );
  return Number(rows[0]?.version ?? 0);
}

/**
 * The live's claims of unknown references: with `afterVersion`, those made after it (a stream's
 * resume); without, the latest ones (the snapshot). Oldest first.
 */
export async function listUnknownRefs(
  db: Queryable,
  liveId: string,
  { afterVersion }: { afterVersion?: number } = {},
): Promise<LiveClaimUnknownRef[]> {
  const { rows } = await db.execute<{
    id: string;
    version: string | number;
    event_id: string;
    seq: string | number;
    handle: string;
    ref: number;
  }>(sql`
    SELECT u.id, u.version, u.event_id, u.seq, u.handle, u.ref FROM (
      SELECT * FROM live_claim_unknown_refs r
       WHERE r.live_id = ${liveId}::uuid AND r.version > ${afterVersion ?? 0}
       ORDER BY r.version DESC LIMIT ${LIVE_CLAIMS_RELEASED_LIMIT}) u
     ORDER BY u.version`);
  return rows.map((row) => ({
    id: row.id,
    version: Number(row.version),
    eventId: row.event_id,
    seq: Number(row.seq),
    handle: row.handle,
    ref: Number(row.ref),
  }));
}

/**
 * The live's counters: comments read, claims, pieces held by unpaid orders, the live's orders
 * (not cancelled), what its unpaid and paid lines are worth, and holds that expired unpaid.
 */
export async function readClaimCounters(db: Queryable, liveId: string): Promise<LiveClaimCounters> {
  const { rows } = await db.execute<{
    comments: string | number | null;
    claims: string | number;
    pieces_held: string | number | null;
    orders: string | number | null;
    revenue_held: string | number | null;
    revenue_paid: string | number | null;
    unpaid_releases: string | number;
    sold_claims: string | number;
    unknown_refs: string | number;
  }>(sql`
    WITH f AS (${liveOrderFigures(sql`SELECT ${liveId}::uuid`)})
    SELECT (SELECT s.comments FROM live_claim_state s WHERE s.live_id = ${liveId}::uuid) AS comments,
           (SELECT count(*) FROM live_claims c WHERE c.live_id = ${liveId}::uuid) AS claims,
           (SELECT pieces_held FROM f) AS pieces_held,
           (SELECT orders FROM f) AS orders,
           (SELECT revenue_held FROM f) AS revenue_held,
           (SELECT revenue_paid FROM f) AS revenue_paid,
           (SELECT count(*) FROM live_claims c
             WHERE c.live_id = ${liveId}::uuid AND c.release_reason = 'hold-expired') AS unpaid_releases,
           (SELECT count(*) FROM live_claims c
             WHERE c.live_id = ${liveId}::uuid AND c.release_reason = 'sold') AS sold_claims,
           (SELECT count(*) FROM live_claim_unknown_refs u WHERE u.live_id = ${liveId}::uuid) AS unknown_refs`);
  const row = rows[0];
  return {
    comments: Number(row?.comments ?? 0),
    claims: Number(row?.claims ?? 0),
    piecesHeld: Number(row?.pieces_held ?? 0),
    orders: Number(row?.orders ?? 0),
    revenueHeldCents: Number(row?.revenue_held ?? 0),
    revenuePaidCents: Number(row?.revenue_paid ?? 0),
    unpaidReleases: Number(row?.unpaid_releases ?? 0),
    soldClaims: Number(row?.sold_claims ?? 0),
    unknownRefs: Number(row?.unknown_refs ?? 0),
  };
}

/** The shop's own hold (CLAIM_HOLD_HOURS) and doubt wait (CLAIM_DOUBT_SECONDS), in seconds. */
export interface ShopClaimTimes {
  holdSeconds: number;
  doubtSeconds: number;
}

/** A live's claim settings; the shop's times apply where the live has none of its own. */
export async function readClaimSettings(
  db: Queryable,
  liveId: string,
  shop: ShopClaimTimes,
): Promise<LiveClaimSettings> {
  const { rows } = await db.execute<{
    mode: ClaimMode;
    hold_seconds: number | null;
    doubt_seconds: number | null;
  }>(sql`SELECT mode, hold_seconds, doubt_seconds FROM live_claim_state WHERE live_id = ${liveId}::uuid`);
  const row = rows[0];
  const holdSeconds = row?.hold_seconds ?? null;
  const doubtSeconds = row?.doubt_seconds ?? null;
  return {
    mode: row?.mode ?? "manuel",
    holdSeconds,
    effectiveHoldSeconds: holdSeconds ?? shop.holdSeconds,
    doubtSeconds,
    effectiveDoubtSeconds: doubtSeconds ?? shop.doubtSeconds,
  };
}

/** The first name staff know a user by ('Déjà fait par Marie'), or null without such a user. */
export async function readStaffFirstName(db: Queryable, userId: string): Promise<string | null> {
  const { rows } = await db.execute<{ first_name: string | null; email: string | null }>(
    sql`SELECT first_name, email FROM users WHERE id = ${userId}::uuid`,
  );
  const row = rows[0];
  return row ? staffFirstName(row.first_name, row.email) : null;
}

/** The live's ref and id, or null when there is no such live. */
export async function readLiveNaming(
  db: Queryable,
  liveId: string,
): Promise<{ id: string; ref: string } | null> {
  const { rows } = await db.execute<{ id: string; ref: string }>(
    sql`SELECT id, ref FROM lives WHERE id = ${liveId}::uuid`,
  );
  return rows[0] ?? null;
}

/** Every answer to a doubt of the live, oldest first, as lines of the labelled corpus. */
export async function readDoubtAnswerLines(db: Queryable, liveId: string): Promise<DoubtAnswerLine[]> {
  const { rows } = await db.execute<{
    id: string;
    comment: string;
    reading: LiveCommentReading | null;
    ref: number;
    size_read: string | null;
    color_read: string | null;
    answer: DoubtAnswer;
    answered_at: Date | string;
    first_name: string | null;
    email: string | null;
  }>(sql`
    SELECT a.id, a.comment, a.reading, a.ref, c.size_read, c.color_read, a.answer, a.answered_at,
           u.first_name, u.email
      FROM live_claim_doubt_answers a
      JOIN live_claims c ON c.id = a.claim_id
      LEFT JOIN users u ON u.id = a.answered_by_user_id
     -- A 'mismatch' doubt is the engine's, not the reader's: nothing for the reader to learn from.
     WHERE a.live_id = ${liveId}::uuid AND c.doubt_reason IS DISTINCT FROM 'mismatch'
     ORDER BY a.answered_at, a.id`);
  return rows.map((row) =>
    doubtAnswerLine({
      id: row.id,
      comment: row.comment,
      piece: { ref: Number(row.ref), size: row.size_read, color: row.color_read },
      answer: row.answer,
      answeredBy: staffFirstName(row.first_name, row.email),
      answeredAt: row.answered_at,
      reading: row.reading,
    }),
  );
}
