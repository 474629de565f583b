import type { LiveSourceGap, LiveSourceState, LiveSourceStatus } from "@vitrine/domain";

/** A live_source_status row as the queries that show it select it. */
export interface SourceStatusRow {
  live_id: string;
  source: string;
  state: LiveSourceState;
  updated_at: Date;
  last_event_at: Date | null;
  reconnects: number;
  duplicates_dropped: number;
}

export const SOURCE_STATUS_COLUMNS =
  "s.live_id, s.source, s.state, s.updated_at, s.last_event_at, s.reconnects, s.duplicates_dropped";

export function toSourceStatus(row: SourceStatusRow): LiveSourceStatus {
  return {
    liveId: row.live_id,
    source: row.source,
    state: row.state,
    updatedAt: row.updated_at.toISOString(),
    lastEventAt: row.last_event_at?.toISOString() ?? null,
    reconnects: row.reconnects,
    duplicatesDropped: row.duplicates_dropped,
  };
}

/** A live_source_gaps row. */
export interface SourceGapRow {
  id: string;
  live_id: string;
  source: string;
  started_at: Date;
  ended_at: Date;
  resent: number;
}

export function toSourceGap(row: SourceGapRow): LiveSourceGap {
  return {
    id: row.id,
    liveId: row.live_id,
    source: row.source,
    from: row.started_at.toISOString(),
    to: row.ended_at.toISOString(),
    resent: row.resent,
  };
}
