import {
  customerClaimsActiveFirst,
  mayChangeCommentOrders,
  type CustomerClaimState,
  type CustomerLiveClaim,
  type CustomerLiveOrder,
  type CustomerLiveSnapshot,
  type CommentTest,
  type LivePiece,
  type OrderStatus,
  type SiteClaimAudience,
  COMMENT_TEST_SECONDS,
  commentTestResult,
  maySiteClaim,
} from "@vitrine/domain";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { shownClaimState } from "../live-claims";
import { holdsItsPieces } from "../orders";

const iso = (value: Date | string) => new Date(value).toISOString();

/** Who is reading: their handle as claims store it (lowercase), and whether it is verified. */
export interface Reader {
  handle: string | null;
  handleVerifiedAt: Date | string | null;
}

export async function readReader(db: Queryable, userId: string): Promise<Reader | null> {
  const { rows } = await db.execute<{ handle: string | null; handle_verified_at: Date | string | null }>(
    sql`SELECT lower(tiktok_username) AS handle, handle_verified_at FROM users WHERE id = ${userId}::uuid`,
  );
  const row = rows[0];
  return row ? { handle: row.handle, handleVerifiedAt: row.handle_verified_at } : null;
}

type LiveRow = {
  id: string;
  title: string;
  live_date: Date | string;
  is_active: boolean;
  site_claims: SiteClaimAudience;
};

/**
 * The live the page shows: an active one (where the customer has claims first, then the latest
 * started), else the last that ran (started before now).
 */
export async function readPageLive(db: Queryable, handle: string | null): Promise<LiveRow | null> {
  const { rows } = await db.execute<LiveRow>(sql`
    SELECT l.id, l.title, l.live_date, l.is_active, l.site_claims FROM lives l
     WHERE l.is_active OR l.live_date <= now()
     ORDER BY l.is_active DESC,
              (l.is_active AND ${handle}::text IS NOT NULL AND EXISTS (
                SELECT 1 FROM live_claims c WHERE c.live_id = l.id AND c.handle = ${handle}::text)) DESC,
              l.live_date DESC, l.id
     LIMIT 1`);
  return rows[0] ?? null;
}

type ClaimRow = {
  id: string;
  product_id: string;
  ref: number;
  product_name: string;
  price_cents: number;
  size: string | null;
  color: string | null;
  size_read: string | null;
  color_read: string | null;
  state: CustomerClaimState;
  waitlist_position: string | number | null;
  held_until: Date | string | null;
  order_id: string | null;
  created_at: Date | string;
};

/** One handle's claims of one live in the customer's words: still running first, then newest first. */
async function readClaims(db: Queryable, liveId: string, handle: string): Promise<CustomerLiveClaim[]> {
  const { rows } = await db.execute<ClaimRow>(sql`
    SELECT c.id, c.product_id, p.ref, p.name AS product_name, p.price_cents, p.size, pc.name AS color,
           c.size_read, c.color_read,
           -- A doubt the shop has not confirmed reserves nothing yet, wherever it stands in line.
           ${shownClaimState()} AS state,
           CASE WHEN c.state = 'waitlisted' AND NOT live_claim_to_confirm(c) THEN
             (SELECT count(*) FROM live_claims w
               WHERE w.product_id = c.product_id AND w.state = 'waitlisted' AND w.queue_rank <= c.queue_rank)
           END AS waitlist_position,
           CASE WHEN ${shownClaimState()} = 'reserved' THEN c.held_until END AS held_until,
           c.order_id, c.created_at
      FROM live_claims c
      JOIN products p ON p.id = c.product_id
      LEFT JOIN product_colors pc ON pc.id = p.color_id
      LEFT JOIN orders o ON o.id = c.order_id
     WHERE c.live_id = ${liveId}::uuid AND c.handle = ${handle}
     ORDER BY c.seq DESC, c.id`);
  const claims = rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    ref: Number(row.ref),
    productName: row.product_name,
    priceCents: row.price_cents,
    size: row.size,
    color: row.color,
    sizeRead: row.size_read,
    colorRead: row.color_read,
    state: row.state,
    waitlistPosition: row.waitlist_position === null ? null : Number(row.waitlist_position),
    heldUntil: row.held_until === null ? null : iso(row.held_until),
    orderId: row.order_id,
    claimedAt: iso(row.created_at),
  }));
  return customerClaimsActiveFirst(claims);
}

async function readOrders(db: Queryable, liveId: string, userId: string): Promise<CustomerLiveOrder[]> {
  const { rows } = await db.execute<{
    id: string;
    order_number: string;
    status: OrderStatus;
    total_amount_cents: number;
  }>(sql`
    SELECT id, order_number, status, total_amount_cents FROM orders
     WHERE live_id = ${liveId}::uuid AND user_id = ${userId}::uuid
       AND ${holdsItsPieces(sql`status`)}
       -- An order without a piece (staff took its last line away) has nothing to validate or pay.
       AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = orders.id)
     ORDER BY created_at, id`);
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    totalAmountCents: row.total_amount_cents,
  }));
}

/** What a customer's live page shows, and what the stream needs to know who it concerns. */
export interface CustomerLiveRead {
  snapshot: CustomerLiveSnapshot;
  /** The claims' handle (null when none is shown). */
  handle: string | null;
}

/**
 * The customer's live page: the live, their claims of it by their handle, and their orders of it.
 * Nothing of another viewer: the claims are read by the customer's own handle only.
 */
export async function readCustomerLive(
  db: Queryable,
  userId: string,
  verifiedHandlesOnly: boolean,
  now: number,
): Promise<CustomerLiveRead> {
  const reader = await readReader(db, userId);
  const handle = reader?.handle ?? null;
  const live = await readPageLive(db, handle);
  const active = live?.is_active ? live : null;
  const [claims, orders, shownPiece, test] = await Promise.all([
    live && handle !== null ? readClaims(db, live.id, handle) : [],
    live && handle !== null ? readOrders(db, live.id, userId) : [],
    active ? readShownPiece(db, active.id) : null,
    active ? readCommentTest(db, active.id, userId, now) : null,
  ]);
  return {
    handle,
    snapshot: {
      serverNow: new Date().toISOString(),
      live: live
        ? { id: live.id, title: live.title, startedAt: iso(live.live_date), isActive: live.is_active }
        : null,
      claims,
      orders,
      claimsHidden: handle === null,
      handleProofNeeded:
        handle !== null && !mayChangeCommentOrders(verifiedHandlesOnly, reader?.handleVerifiedAt ?? null),
      shownPiece,
      siteClaimOffered:
        active !== null && handle !== null && maySiteClaim(active.site_claims, test?.result ?? null),
    },
  };
}

/** The claims of a live changed after `afterVersion`: whose, on which piece, and their version. */
export async function readChangedClaims(
  db: Queryable,
  liveId: string,
  afterVersion: number,
): Promise<{ handle: string; productId: string; version: number }[]> {
  const { rows } = await db.execute<{ handle: string; product_id: string; version: string | number }>(
    sql`SELECT handle, product_id, version FROM live_claims
         WHERE live_id = ${liveId}::uuid AND version > ${afterVersion}`,
  );
  return rows.map((row) => ({ handle: row.handle, productId: row.product_id, version: Number(row.version) }));
}

/** The claim version sequence's value now: every change committed later is above it. */
export async function readCurrentClaimVersion(db: Queryable): Promise<number> {
  const { rows } = await db.execute<{ version: string | number | null }>(
    sql`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS version FROM live_claim_version`,
  );
  return Number(rows[0]?.version ?? 0);
}

/**
 * The active lives and what their pages show of them, as one key: a live starting or ending, its
 * piece on show or its site claims setting changing, changes it.
 */
export async function readActiveLivesKey(db: Queryable): Promise<string> {
  const { rows } = await db.execute<{ key: string }>(
    sql`SELECT concat_ws(':', id, shown_product_id, site_claims) AS key FROM lives WHERE is_active ORDER BY id`,
  );
  return rows.map((row) => row.key).join(",");
}

/** The piece staff present in the live, or null. */
export async function readShownPiece(db: Queryable, liveId: string): Promise<LivePiece | null> {
  const { rows } = await db.execute<{
    product_id: string;
    ref: number;
    name: string;
    price_cents: number;
  }>(sql`
    SELECT p.id AS product_id, p.ref, p.name, p.price_cents FROM lives l
      JOIN products p ON p.id = l.shown_product_id
     WHERE l.id = ${liveId}::uuid`);
  const row = rows[0];
  return row
    ? { productId: row.product_id, ref: Number(row.ref), name: row.name, priceCents: row.price_cents }
    : null;
}

/** The customer's comment test of the live at `now`, or null when they never started one. */
export async function readCommentTest(
  db: Queryable,
  liveId: string,
  userId: string,
  now: number,
): Promise<CommentTest | null> {
  const { rows } = await db.execute<{
    code: string;
    started_at: Date | string;
    seen_at: Date | string | null;
  }>(
    sql`SELECT code, started_at, seen_at FROM live_comment_tests
         WHERE live_id = ${liveId}::uuid AND user_id = ${userId}::uuid`,
  );
  const row = rows[0];
  if (!row) return null;
  const startedAt = new Date(row.started_at).getTime();
  const seenAt = row.seen_at === null ? null : new Date(row.seen_at).getTime();
  return {
    code: row.code,
    startedAt: iso(row.started_at),
    result: commentTestResult(startedAt, seenAt, now),
  };
}

/**
 * Starts (or starts again) the customer's comment test of the live at `now`: the code is theirs
 * (their handle proof code), a sighting before this start no longer counts.
 */
export async function startCommentTest(
  db: Queryable,
  test: { liveId: string; userId: string; handle: string; code: string; now: number },
): Promise<void> {
  const startedAt = new Date(test.now).toISOString();
  await db.execute(sql`
    INSERT INTO live_comment_tests (live_id, user_id, handle, code, started_at)
    VALUES (${test.liveId}::uuid, ${test.userId}::uuid, ${test.handle}, ${test.code}, ${startedAt}::timestamptz)
    ON CONFLICT (live_id, user_id) DO UPDATE
      SET handle = excluded.handle, code = excluded.code, started_at = excluded.started_at, seen_at = NULL`);
}

/**
 * The handles of the live whose comment test ran out at `now` without a sighting: their comments
 * do not arrive (commentTestResult's 'unseen', in SQL for the sidebar's list).
 */
export async function unheardHandles(db: Queryable, liveId: string, now: number): Promise<string[]> {
  const { rows } = await db.execute<{ handle: string }>(sql`
    SELECT DISTINCT handle FROM live_comment_tests
     WHERE live_id = ${liveId}::uuid AND seen_at IS NULL
       AND started_at <= ${new Date(now).toISOString()}::timestamptz - make_interval(secs => ${COMMENT_TEST_SECONDS})
     ORDER BY handle`);
  return rows.map((row) => row.handle);
}

/** What a site claim needs to know of the piece and its live, or null when the piece is gone. */
export interface SiteClaimPiece {
  productId: string;
  ref: number;
  liveId: string;
  liveActive: boolean;
  siteClaims: SiteClaimAudience;
  onShow: boolean;
  /** Sold outside claims (decision 041): nobody can be handed it. */
  sold: boolean;
}

export async function readSiteClaimPiece(db: Queryable, productId: string): Promise<SiteClaimPiece | null> {
  const { rows } = await db.execute<{
    ref: number;
    live_id: string;
    is_active: boolean;
    site_claims: SiteClaimAudience;
    on_show: boolean;
    sold: boolean;
  }>(sql`
    SELECT p.ref, p.live_id, l.is_active, l.site_claims, l.shown_product_id IS NOT DISTINCT FROM p.id AS on_show,
           live_claim_sale_order(p.id) IS NOT NULL AS sold
      FROM products p JOIN lives l ON l.id = p.live_id
     WHERE p.id = ${productId}::uuid`);
  const row = rows[0];
  if (!row) return null;
  return {
    productId,
    ref: Number(row.ref),
    liveId: row.live_id,
    liveActive: row.is_active,
    siteClaims: row.site_claims,
    onShow: row.on_show,
    sold: row.sold,
  };
}

/** Whether the handle already has a claim of the piece still running (from a comment or the site). */
export async function hasRunningClaim(db: Queryable, productId: string, handle: string): Promise<boolean> {
  const { rows } = await db.execute<{ running: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM live_claims
                    WHERE product_id = ${productId}::uuid AND handle = ${handle} AND state <> 'released') AS running`);
  return rows[0]?.running === true;
}

/** Whether a session is still open (not signed out, not expired). */
export async function sessionIsOpen(db: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await db.execute<{ open: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM auth_sessions WHERE id = ${sessionId} AND expires_at > now()) AS open`,
  );
  return rows[0]?.open === true;
}
