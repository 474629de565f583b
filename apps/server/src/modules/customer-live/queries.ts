import {
  customerClaimsActiveFirst,
  mayChangeCommentOrders,
  type CustomerClaimState,
  type CustomerLiveClaim,
  type CustomerLiveOrder,
  type CustomerLiveSnapshot,
  type OrderStatus,
} from "@vitrine/domain";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { shownClaimState } from "../live-claims";
import { holdsItsPieces } from "../orders";

const iso = (value: Date | string) => new Date(value).toISOString();

/** Who is reading: their handle as claims store it (lowercase), and whether it is verified. */
interface Reader {
  handle: string | null;
  handleVerifiedAt: Date | string | null;
}

async function readReader(db: Queryable, userId: string): Promise<Reader | null> {
  const { rows } = await db.execute<{ handle: string | null; handle_verified_at: Date | string | null }>(
    sql`SELECT lower(tiktok_username) AS handle, handle_verified_at FROM users WHERE id = ${userId}::uuid`,
  );
  const row = rows[0];
  return row ? { handle: row.handle, handleVerifiedAt: row.handle_verified_at } : null;
}

type LiveRow = { id: string; title: string; live_date: Date | string; is_active: boolean };

/**
 * The live the page shows: an active one (where the customer has claims first, then the latest
 * started), else the last that ran (started before now).
 */
async function readLive(db: Queryable, handle: string | null): Promise<LiveRow | null> {
  const { rows } = await db.execute<LiveRow>(sql`
    SELECT l.id, l.title, l.live_date, l.is_active FROM lives l
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
): Promise<CustomerLiveRead> {
  const reader = await readReader(db, userId);
  const handle = reader?.handle ?? null;
  const live = await readLive(db, handle);
  const [claims, orders] =
    live && handle !== null
      ? await Promise.all([readClaims(db, live.id, handle), readOrders(db, live.id, userId)])
      : [[], []];
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

/** The active lives, as one key: a live starting or ending changes it. */
export async function readActiveLivesKey(db: Queryable): Promise<string> {
  const { rows } = await db.execute<{ id: string }>(sql`SELECT id FROM lives WHERE is_active ORDER BY id`);
  return rows.map((row) => row.id).join(",");
}

/** Whether a session is still open (not signed out, not expired). */
export async function sessionIsOpen(db: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await db.execute<{ open: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM auth_sessions WHERE id = ${sessionId} AND expires_at > now()) AS open`,
  );
  return rows[0]?.open === true;
}
