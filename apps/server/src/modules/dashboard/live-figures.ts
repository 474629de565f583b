import {
  LIVE_PLATFORMS,
  LIVE_FIGURES_CHOICES,
  LIVE_FIGURES_COMPARED,
  LIVE_FIGURES_MAX_MINUTES,
  type LiveChoice,
  type LiveFigures,
  type LiveMinute,
  type LivePlatform,
  type LivePlatformFigures,
} from "@vitrine/domain";
import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { claimPlatformSql, linePlatformSql, shownClaimState } from "../live-claims";
import { holdsItsPieces, isPaidStatus, liveOrderFigures } from "../orders";

type Count = string | number | null;

type FiguresRow = {
  id: string;
  title: string;
  ref: string;
  live_date: Date;
  comments: Count;
  claims: Count;
  paid_claims: Count;
  orders: Count;
  revenue_held: Count;
  revenue_paid: Count;
  pieces_sold: Count;
  unpaid_releases: Count;
  gaps: Count;
};

/**
 * The figures of the lives `chosen` selects (a subquery of lives' columns), each set read by one
 * aggregate over the lives' orders, lines and claims: one statement whatever the number of lives.
 *
 * Comments: the engine's counter (`live_claim_state.comments`, every chat comment it read); a
 * live it never read (lives from before the engine, whose cursor was put after their last event
 * with the counter at 0) counts its stored chat events instead.
 */
async function figuresOf(db: Queryable, chosen: SQL): Promise<LiveFigures[]> {
  const { rows } = await db.execute<FiguresRow>(sql`
    WITH l AS (${chosen}),
    order_figures AS (${liveOrderFigures(sql`SELECT id FROM l`)}),
    claim_figures AS (
      SELECT c.live_id, count(*) AS claims,
             count(*) FILTER (WHERE ${shownClaimState()} = 'paid') AS paid_claims,
             count(*) FILTER (WHERE c.release_reason = 'hold-expired') AS unpaid_releases
        FROM live_claims c JOIN l ON l.id = c.live_id LEFT JOIN orders o ON o.id = c.order_id
       GROUP BY c.live_id
    )
    SELECT l.id, l.title, l.ref, l.live_date,
           CASE WHEN s.comments > 0 THEN s.comments
                ELSE (SELECT count(*) FROM tiktok_events e WHERE e.live_id = l.id AND e.event_type = 'chat')
           END AS comments,
           c.claims, c.paid_claims, c.unpaid_releases,
           f.orders, f.revenue_held, f.revenue_paid, f.pieces_sold,
           (SELECT count(*) FROM live_source_gaps g WHERE g.live_id = l.id) AS gaps
      FROM l
      LEFT JOIN live_claim_state s ON s.live_id = l.id
      LEFT JOIN order_figures f ON f.live_id = l.id
      LEFT JOIN claim_figures c ON c.live_id = l.id
     ORDER BY l.live_date ASC, l.id ASC`);
  return rows.map((row) => {
    const claims = Number(row.claims ?? 0);
    const paidClaims = Number(row.paid_claims ?? 0);
    return {
      liveId: row.id,
      title: row.title,
      ref: row.ref,
      liveDate: new Date(row.live_date).toISOString(),
      comments: Number(row.comments ?? 0),
      claims,
      paidClaims,
      paidClaimsPercent: claims === 0 ? 0 : Math.round((100 * paidClaims) / claims),
      orders: Number(row.orders ?? 0),
      revenueHeldCents: Number(row.revenue_held ?? 0),
      revenuePaidCents: Number(row.revenue_paid ?? 0),
      piecesSold: Number(row.pieces_sold ?? 0),
      unpaidReleases: Number(row.unpaid_releases ?? 0),
      gaps: Number(row.gaps ?? 0),
    };
  });
}

/** One live's figures, or null when there is no such live. */
export async function readLiveFigures(db: Queryable, liveId: string): Promise<LiveFigures | null> {
  const [figures] = await figuresOf(
    db,
    sql`SELECT id, title, ref, live_date FROM lives WHERE id = ${liveId}::uuid`,
  );
  return figures ?? null;
}

/** The last lives that have started (live date past), oldest first. */
export function readComparedLives(db: Queryable): Promise<LiveFigures[]> {
  return figuresOf(
    db,
    sql`SELECT id, title, ref, live_date FROM lives WHERE live_date <= now()
         ORDER BY live_date DESC, id DESC LIMIT ${LIVE_FIGURES_COMPARED}`,
  );
}

/** The selector's lives, newest first. */
export async function readLiveChoices(db: Queryable): Promise<LiveChoice[]> {
  const { rows } = await db.execute<{ id: string; title: string; live_date: Date }>(sql`
    SELECT id, title, live_date FROM lives ORDER BY live_date DESC, id DESC LIMIT ${LIVE_FIGURES_CHOICES}`);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    liveDate: new Date(row.live_date).toISOString(),
  }));
}

/** The latest live that has started, else the next one to come, else null. */
export async function readDefaultLiveId(db: Queryable): Promise<string | null> {
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT id FROM lives ORDER BY live_date <= now() DESC, live_date DESC, id DESC LIMIT 1`);
  return rows[0]?.id ?? null;
}

/**
 * Revenue per minute of a live: each line of its orders not cancelled, at the time its piece was
 * claimed (the claim that put it there) or else the line's own time, in the minute it falls in;
 * every minute from the live's first event to its last is there, empty ones at zero.
 */
export async function readLivePerMinute(db: Queryable, liveId: string): Promise<LiveMinute[]> {
  const { rows } = await db.execute<{ minute: Date; paid: Count; held: Count }>(sql`
    WITH span AS (
      SELECT date_trunc('minute', min(inserted_at)) AS first, date_trunc('minute', max(inserted_at)) AS last
        FROM tiktok_events WHERE live_id = ${liveId}::uuid
    ), minutes AS (
      SELECT generate_series(span.first, least(span.last, span.first + ${LIVE_FIGURES_MAX_MINUTES - 1} * interval '1 minute'),
                             interval '1 minute') AS minute
        FROM span WHERE span.first IS NOT NULL
    ), lines AS (
      SELECT date_trunc('minute', coalesce(c.created_at, i.created_at)) AS minute,
             ${isPaidStatus(sql`o.status`)} AS paid, i.price_cents * i.quantity AS amount
        FROM orders o
        JOIN order_items i ON i.order_id = o.id AND NOT i.is_released
        LEFT JOIN LATERAL (SELECT min(c.created_at) AS created_at FROM live_claims c
                            WHERE c.order_item_id = i.id) c ON true
       WHERE o.live_id = ${liveId}::uuid AND ${holdsItsPieces(sql`o.status`)}
    )
    SELECT m.minute,
           coalesce(sum(lines.amount) FILTER (WHERE lines.paid), 0) AS paid,
           coalesce(sum(lines.amount) FILTER (WHERE NOT lines.paid), 0) AS held
      FROM minutes m LEFT JOIN lines ON lines.minute = m.minute
     GROUP BY m.minute ORDER BY m.minute`);
  return rows.map((row) => ({
    minute: new Date(row.minute).toISOString(),
    paidCents: Number(row.paid ?? 0),
    heldCents: Number(row.held ?? 0),
  }));
}

/**
 * A live's comments, claims and revenue per platform, for the platforms it has any of. Comments
 * are the stored chat events (the engine's counter does not tell platforms apart); revenue is the
 * paid lines' (decision 042), each line counted for its platform, so the platforms add up to the
 * live's revenue.
 */
export async function readLivePlatformFigures(db: Queryable, liveId: string): Promise<LivePlatformFigures[]> {
  const { rows } = await db.execute<{
    platform: LivePlatform;
    comments: Count;
    claims: Count;
    revenue: Count;
  }>(sql`
    WITH comments AS (
      SELECT platform, count(*) AS n FROM tiktok_events
       WHERE live_id = ${liveId}::uuid AND event_type = 'chat' GROUP BY platform
    ), claims AS (
      SELECT ${sql.raw(claimPlatformSql("c", "e"))} AS platform, count(*) AS n
        FROM live_claims c LEFT JOIN tiktok_events e ON e.id = c.event_id
       WHERE c.live_id = ${liveId}::uuid GROUP BY 1
    ), revenue AS (
      SELECT ${sql.raw(linePlatformSql("i", "u.tiktok_username"))} AS platform,
             sum(i.price_cents * i.quantity) AS cents
        FROM orders o
        JOIN order_items i ON i.order_id = o.id AND NOT i.is_released
        LEFT JOIN users u ON u.id = o.user_id
       WHERE o.live_id = ${liveId}::uuid AND ${isPaidStatus(sql`o.status`)}
       GROUP BY 1
    )
    SELECT p.platform, comments.n AS comments, claims.n AS claims, revenue.cents AS revenue
      FROM (SELECT platform FROM comments UNION SELECT platform FROM claims UNION SELECT platform FROM revenue) p
      LEFT JOIN comments ON comments.platform = p.platform
      LEFT JOIN claims ON claims.platform = p.platform
      LEFT JOIN revenue ON revenue.platform = p.platform`);
  return rows
    .map((row) => ({
      platform: row.platform,
      comments: Number(row.comments ?? 0),
      claims: Number(row.claims ?? 0),
      revenuePaidCents: Number(row.revenue ?? 0),
    }))
    .sort((a, b) => LIVE_PLATFORMS.indexOf(a.platform) - LIVE_PLATFORMS.indexOf(b.platform));
}
