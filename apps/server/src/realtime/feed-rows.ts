import type { LiveFeedEvent, LivePlatform } from "@vitrine/domain";
import type pg from "pg";

/** The columns of a feed event, for every query that reads them (raw SQL: the hot path). */
export const FEED_EVENT_COLUMNS =
  "id, seq, live_id, event_type, platform, tiktok_user_id, user_nickname, user_unique_id, comment, create_time, inserted_at";

export interface FeedEventRow {
  id: string;
  seq: string;
  live_id: string;
  event_type: string;
  platform: LivePlatform;
  tiktok_user_id: string | null;
  user_nickname: string | null;
  user_unique_id: string | null;
  comment: string | null;
  create_time: string;
  inserted_at: Date;
}

export function toFeedEvent(row: FeedEventRow): LiveFeedEvent {
  return {
    id: row.id,
    seq: Number(row.seq),
    liveId: row.live_id,
    eventType: row.event_type,
    platform: row.platform,
    tiktokUserId: row.tiktok_user_id,
    userNickname: row.user_nickname,
    userUniqueId: row.user_unique_id,
    comment: row.comment,
    createTime: Number(row.create_time),
    insertedAt: row.inserted_at.toISOString(),
  };
}

/** Stored events by id, in seq order (one query). */
export async function loadFeedEventsById(pool: pg.Pool, ids: string[]): Promise<LiveFeedEvent[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<FeedEventRow>(
    `SELECT ${FEED_EVENT_COLUMNS} FROM tiktok_events WHERE id = ANY($1::uuid[]) ORDER BY seq`,
    [ids],
  );
  return rows.map(toFeedEvent);
}

/**
 * Events of the active lives committed after `seq`, in seq order, `limit` at most (a hub catching
 * up; the feed shows active lives only, and their (live, seq) index serves the read).
 */
export async function loadFeedEventsAfter(
  pool: pg.Pool,
  seq: number,
  limit: number,
): Promise<LiveFeedEvent[]> {
  const { rows } = await pool.query<FeedEventRow>(
    `SELECT ${FEED_EVENT_COLUMNS} FROM tiktok_events
     WHERE live_id IN (SELECT id FROM lives WHERE is_active) AND seq > $1
     ORDER BY seq LIMIT $2`,
    [seq, limit],
  );
  return rows.map(toFeedEvent);
}
