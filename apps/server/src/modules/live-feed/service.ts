import {
  LIVE_FEED_GAP_PAGE,
  LIVE_FEED_LIMIT,
  type LiveFeedEvent,
  type LiveFeedGap,
  type LiveSourceHealth,
  type LiveSourceStatus,
  isLiveSilent,
  liveSellingMessages,
} from "@vitrine/domain";
import type { AppContext } from "../module";
import { DomainError } from "../../http/errors";
import {
  SOURCE_STATUS_COLUMNS,
  toSourceGap,
  toSourceStatus,
  type SourceGapRow,
  type SourceStatusRow,
} from "../live-ingest";
import { FEED_EVENT_COLUMNS, toFeedEvent, type FeedEventRow } from "../../realtime/feed-rows";
import { createClaimsRelay } from "./claims-relay";
import { openFeedStream, typesOf, type FeedScope, type FeedStreamOptions, type ReplayItem } from "./stream";
import type { ServerResponse } from "node:http";

/**
 * How much a reconnecting stream replays (decision 018): at most `replayMax` events, the newest
 * ones after its resume point; the older ones it skips are announced first as one gap (their
 * range and count), which the client reads page by page from GET /gap. Every query is bounded:
 * a replay reads `replayPage` events at a time, a gap page `gapPage`.
 */
export interface LiveFeedLimits {
  replayMax: number;
  replayPage: number;
  gapPage: number;
}
export const DEFAULT_FEED_LIMITS: LiveFeedLimits = {
  replayMax: 10_000,
  replayPage: 500,
  gapPage: LIVE_FEED_GAP_PAGE,
};

export type LiveFeedService = ReturnType<typeof createLiveFeedService>;

/** The live feed: the polling reads, the source states, the gaps and the SSE streams. */
export function createLiveFeedService(
  { db, liveHub, config, now }: Pick<AppContext, "db" | "liveHub" | "config" | "now">,
  limits: Partial<LiveFeedLimits> = {},
) {
  const { replayMax, replayPage, gapPage } = { ...DEFAULT_FEED_LIMITS, ...limits };
  const pool = db.$client;
  const streams = new Set<ServerResponse>();
  const claimsRelay = createClaimsRelay({
    db,
    liveHub,
    viewRules: { unpaidHoldsLimit: config.unpaidHoldsLimit },
  });

  /** The WHERE clause of a scope's events with `after < seq <= through`, its values pushed. */
  function scopeWhere(scope: FeedScope & { after?: number; through?: number }, values: unknown[]) {
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
    if (scope.through !== undefined) {
      values.push(scope.through);
      where.push(`seq <= $${values.length}`);
    }
    return where.join(" AND ");
  }

  /** Up to `limit` events of the scope: after `after` oldest first, or the latest ones. */
  async function listEvents(
    scope: FeedScope & { after?: number; through?: number },
    limit = LIVE_FEED_LIMIT,
  ) {
    const values: unknown[] = [];
    const where = scopeWhere(scope, values);
    values.push(limit);
    const order = scope.after === undefined ? "DESC" : "ASC";
    const { rows } = await pool.query<FeedEventRow>(
      `SELECT ${FEED_EVENT_COLUMNS} FROM tiktok_events WHERE ${where}
       ORDER BY seq ${order} LIMIT $${values.length}`,
      values,
    );
    const events = rows.map(toFeedEvent);
    return scope.after === undefined ? events.reverse() : events;
  }

  /**
   * The gap that sending only the newest `keep` events after `after` leaves, or null when there
   * are no more than that: the older ones (one index walk to the first one skipped, one count).
   */
  async function gapBeyond(scope: FeedScope, after: number, keep: number): Promise<LiveFeedGap | null> {
    const values: unknown[] = [];
    const where = scopeWhere({ ...scope, after }, values);
    values.push(keep);
    const newestSkipped = await pool.query<{ seq: string }>(
      `SELECT seq FROM tiktok_events WHERE ${where} ORDER BY seq DESC OFFSET $${values.length} LIMIT 1`,
      values,
    );
    const through = newestSkipped.rows[0] ? Number(newestSkipped.rows[0].seq) : null;
    if (through === null) return null;
    const countValues: unknown[] = [];
    const counted = await pool.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM tiktok_events WHERE ${scopeWhere({ ...scope, after, through }, countValues)}`,
      countValues,
    );
    return { after, through, count: counted.rows[0]?.count ?? 0 };
  }

  /**
   * A reconnecting stream's replay: the gap first when the client is more than `replayMax`
   * events behind, then every event after it (or after `after`), page by page, oldest first.
   */
  async function* replay(scope: FeedScope, after: number): AsyncGenerator<ReplayItem> {
    const gap = await gapBeyond(scope, after, replayMax);
    let cursor = after;
    if (gap) {
      yield { kind: "gap", gap };
      cursor = gap.through;
    }
    for (;;) {
      const page: LiveFeedEvent[] = await listEvents({ ...scope, after: cursor }, replayPage);
      if (page.length > 0) yield { kind: "events", events: page };
      const last = page.at(-1);
      if (!last || page.length < replayPage) return;
      cursor = last.seq;
    }
  }

  /**
   * The polling read: the latest events, or after a resume point the newest LIVE_FEED_LIMIT after
   * it and, when more came, the gap of the older ones (the same rule as a replay, at poll size).
   */
  async function pollEvents(scope: FeedScope & { after?: number }) {
    if (scope.after === undefined) return { events: await listEvents(scope) };
    const gap = await gapBeyond(scope, scope.after, LIVE_FEED_LIMIT);
    const events = await listEvents({ ...scope, after: gap?.through ?? scope.after });
    return gap ? { events, gap } : { events };
  }

  /** One page of a gap, oldest first, and where the next page starts (null: the range is read). */
  async function readGap(scope: FeedScope & { after: number; through: number }) {
    const rows = await listEvents(scope, gapPage + 1);
    const events = rows.slice(0, gapPage);
    const next = rows.length > gapPage ? (events.at(-1)?.seq ?? null) : null;
    return { events, next };
  }

  async function listSources(): Promise<LiveSourceStatus[]> {
    const { rows } = await pool.query<SourceStatusRow>(
      `SELECT ${SOURCE_STATUS_COLUMNS} FROM live_source_status s
       JOIN lives l ON l.id = s.live_id WHERE l.is_active ORDER BY l.live_date DESC, s.source`,
    );
    return rows.map(toSourceStatus);
  }

  /**
   * One live's sources, cuts, and whether it is silent by the server's clock: its last event's
   * receipt (or, before any, its sources' first report) older than the silence setting while the
   * live is active. Three reads, each on an index of the live.
   */
  async function readHealth(liveId: string): Promise<LiveSourceHealth> {
    const { rows: lives } = await pool.query<{ is_active: boolean; last_received_at: Date | null }>(
      `SELECT l.is_active,
              (SELECT e.inserted_at FROM tiktok_events e WHERE e.live_id = l.id
               ORDER BY e.seq DESC LIMIT 1) AS last_received_at
       FROM lives l WHERE l.id = $1`,
      [liveId],
    );
    const live = lives[0];
    if (!live) throw new DomainError("NOT_FOUND", liveSellingMessages.ingestLiveUnknown);
    const [{ rows: sources }, { rows: gaps }] = await Promise.all([
      pool.query<SourceStatusRow & { created_at: Date }>(
        `SELECT ${SOURCE_STATUS_COLUMNS}, s.created_at FROM live_source_status s
         WHERE s.live_id = $1 ORDER BY s.source`,
        [liveId],
      ),
      pool.query<SourceGapRow>(
        `SELECT id, live_id, source, started_at, ended_at, resent FROM live_source_gaps
         WHERE live_id = $1 ORDER BY started_at DESC`,
        [liveId],
      ),
    ]);
    const nowMs = now();
    // Not the last report: a bridge reports every 10 s, silent live or not.
    const firstReport = sources.reduce<number | null>((first, row) => {
      const at = row.created_at.getTime();
      return first === null || at < first ? at : first;
    }, null);
    const sinceMs = live.last_received_at?.getTime() ?? firstReport;
    return {
      liveId,
      sources: sources.map(toSourceStatus),
      silent: isLiveSilent({
        isActive: live.is_active,
        sinceMs,
        nowMs,
        seconds: config.liveSilenceSeconds,
      }),
      silenceSeconds: config.liveSilenceSeconds,
      lastReceivedAt: live.last_received_at?.toISOString() ?? null,
      now: new Date(nowMs).toISOString(),
      gaps: gaps.map(toSourceGap),
    };
  }

  return {
    pollEvents,
    listSources,
    readHealth,
    readGap,
    openStream: (
      response: ServerResponse,
      options: Omit<FeedStreamOptions, "hub" | "replay" | "streams" | "claims"> & {
        claimsResume?: { liveId: string; after: number };
      },
    ) => {
      const { claimsResume, ...rest } = options;
      return openFeedStream(response, {
        ...rest,
        hub: liveHub,
        replay,
        streams,
        claims: { relay: claimsRelay, ...(claimsResume ? { resume: claimsResume } : {}) },
      });
    },
    /** Ends every open stream (server stop): clients reconnect elsewhere and resume. */
    closeStreams() {
      claimsRelay.close();
      for (const response of streams) response.end();
      streams.clear();
    },
  };
}
