import { LIVE_FEED_LIMIT, type LiveFeedEvent, type LiveSourceStatus } from "@vitrine/domain";
import type { AppContext } from "../module";
import { FEED_EVENT_COLUMNS, toFeedEvent, type FeedEventRow } from "../../realtime/feed-rows";
import { openFeedStream, typesOf, type FeedScope, type FeedStreamOptions } from "./stream";
import type { ServerResponse } from "node:http";

/** Events a replay sends at most; a client further behind gets the latest ones only. */
const REPLAY_PAGE = 500;
const REPLAY_MAX = 10_000;

export type LiveFeedService = ReturnType<typeof createLiveFeedService>;

/** The live feed (issue 16): the polling reads, the source states and the SSE streams. */
export function createLiveFeedService({ db, liveHub }: Pick<AppContext, "db" | "liveHub">) {
  const pool = db.$client;
  const streams = new Set<ServerResponse>();

  /** Up to `limit` events of the scope: after `after` oldest first, or the latest ones. */
  async function listEvents(scope: FeedScope & { after?: number }, limit = LIVE_FEED_LIMIT) {
    const values: unknown[] = [];
    const where: string[] = [];
    if (scope.liveId) {
      values.push(scope.liveId);
      where.push(`live_id = $${values.length}`);
    } else {
      where.push("live_id IN (SELECT id FROM lives WHERE is_active)");
    }
    const types = typesOf(scope.types);
    if (types) {
      values.push(types);
      where.push(`event_type = ANY($${values.length}::text[])`);
    }
    if (scope.after !== undefined) {
      values.push(scope.after);
      where.push(`seq > $${values.length}`);
    }
    values.push(limit);
    const order = scope.after === undefined ? "DESC" : "ASC";
    const { rows } = await pool.query<FeedEventRow>(
      `SELECT ${FEED_EVENT_COLUMNS} FROM tiktok_events WHERE ${where.join(" AND ")}
       ORDER BY seq ${order} LIMIT $${values.length}`,
      values,
    );
    const events = rows.map(toFeedEvent);
    return scope.after === undefined ? events.reverse() : events;
  }

  /** Every event of the scope after `after`, page by page (a reconnecting stream's replay). */
  async function* replay(scope: FeedScope, after: number): AsyncGenerator<LiveFeedEvent[]> {
    let cursor = after;
    let sent = 0;
    while (sent < REPLAY_MAX) {
      const page = await listEvents({ ...scope, after: cursor }, REPLAY_PAGE);
      if (page.length === 0) return;
      yield page;
      sent += page.length;
      cursor = page.at(-1)?.seq ?? cursor;
      if (page.length < REPLAY_PAGE) return;
    }
  }

  async function listSources(): Promise<LiveSourceStatus[]> {
    const { rows } = await pool.query<{
      live_id: string;
      state: LiveSourceStatus["state"];
      updated_at: Date;
    }>(
      `SELECT s.live_id, s.state, s.updated_at FROM live_source_status s
       JOIN lives l ON l.id = s.live_id WHERE l.is_active ORDER BY l.live_date DESC`,
    );
    return rows.map((row) => ({
      liveId: row.live_id,
      state: row.state,
      updatedAt: row.updated_at.toISOString(),
    }));
  }

  return {
    listEvents,
    listSources,
    openStream: (response: ServerResponse, options: Omit<FeedStreamOptions, "hub" | "replay" | "streams">) =>
      openFeedStream(response, { ...options, hub: liveHub, replay, streams }),
    /** Ends every open stream (server stop): clients reconnect elsewhere and resume. */
    closeStreams() {
      for (const response of streams) response.end();
      streams.clear();
    },
  };
}
