import {
  DEFAULT_LIVE_SOURCE,
  liveSellingMessages,
  type LiveIngestRequest,
  type LiveIngestResponse,
  type LiveSourceGap,
  type LiveSourceGapRequest,
  type LiveSourceStatus,
  type LiveSourceStatusRequest,
} from "@vitrine/domain";
import { createHash, timingSafeEqual } from "node:crypto";
import type { AppContext } from "../module";
import { DomainError } from "../../http/errors";
import {
  createIngestBatcher,
  IngestBusyError,
  type IngestBatcher,
  type StorableIngestEvent,
} from "../../realtime/ingest-batcher";
import { createIngestClaims, readingOpinion } from "../live-claims";
import { toStorableEvent } from "./storable-event";
import { toSourceGap, toSourceStatus, type SourceGapRow, type SourceStatusRow } from "./source-rows";

/** Seconds a source is told to wait when the queue is full. */
export const INGEST_RETRY_AFTER_SECONDS = 1;

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Compares digests, so neither the token's length nor its content leak through timing. */
export function bearerTokenMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith("Bearer ")) return false;
  return timingSafeEqual(digest(header.slice("Bearer ".length).trim()), digest(token));
}

export type LiveIngestService = ReturnType<typeof createLiveIngestService>;

/** Live sources' entry: events through the batcher, source states straight. */
export function createLiveIngestService({
  db,
  liveHub,
  config,
  log,
}: Pick<AppContext, "db" | "liveHub" | "config" | "log">) {
  const pool = db.$client;
  // A claim is decided in the transaction that stores its comment (decision 030).
  const claims = createIngestClaims({
    pool,
    liveHub,
    settings: config,
    opinion: readingOpinion((message) => log.info(message)),
    log: (message) => log.warn(message),
  });
  const batcher: IngestBatcher = createIngestBatcher({
    pool,
    hub: liveHub,
    decider: claims,
    log: (message) => log.warn(message),
  });

  async function liveOf(ref: string): Promise<{ id: string; is_active: boolean }> {
    const { rows } = await pool.query<{ id: string; is_active: boolean }>(
      "SELECT id, is_active FROM lives WHERE ref = $1",
      [ref],
    );
    const live = rows[0];
    if (!live) throw new DomainError("NOT_FOUND", liveSellingMessages.ingestLiveUnknown);
    return live;
  }

  return {
    isAuthorized: (authorization: string | undefined) =>
      bearerTokenMatches(authorization, config.liveIngestToken),

    async ingest({ liveRef, events }: LiveIngestRequest): Promise<LiveIngestResponse> {
      const live = await liveOf(liveRef);
      // A live receives comments only while it is active (decision 018): a source talking to a
      // live staff have not opened, or have closed, is told so and nothing is stored.
      if (!live.is_active) throw new DomainError("CONFLICT", liveSellingMessages.ingestLiveInactive);
      const storable: StorableIngestEvent[] = [];
      for (const event of events) {
        const ready = toStorableEvent(event);
        if (!ready) throw new DomainError("INGEST_EVENT_TOO_LARGE", liveSellingMessages.ingestEventTooLarge);
        storable.push(ready);
      }
      try {
        return await batcher.submit(live.id, storable);
      } catch (error) {
        if (error instanceof IngestBusyError) {
          throw new DomainError("INGEST_BUSY", liveSellingMessages.ingestBusy);
        }
        throw error;
      }
    },

    async reportStatus({
      liveRef,
      state,
      source = DEFAULT_LIVE_SOURCE,
      lastEventAt,
      reconnects,
      duplicatesDropped,
    }: LiveSourceStatusRequest): Promise<LiveSourceStatus> {
      const live = await liveOf(liveRef);
      // As with its comments: a live staff have not opened, or have closed, takes no source state
      // (a bridge left running on it is told so, as its events are).
      if (!live.is_active) throw new DomainError("CONFLICT", liveSellingMessages.ingestStatusLiveInactive);
      // A field the source does not send (a bridge that predates it) keeps what was stored.
      const { rows } = await pool.query<SourceStatusRow>(
        `INSERT INTO live_source_status
           (live_id, source, state, last_event_at, reconnects, duplicates_dropped, updated_at)
         VALUES ($1, $2, $3, to_timestamp($4::double precision / 1000), coalesce($5, 0), coalesce($6, 0), now())
         ON CONFLICT (live_id, source) DO UPDATE SET
           state = excluded.state,
           last_event_at = CASE WHEN $7 THEN excluded.last_event_at ELSE live_source_status.last_event_at END,
           reconnects = coalesce($5, live_source_status.reconnects),
           duplicates_dropped = coalesce($6, live_source_status.duplicates_dropped),
           updated_at = excluded.updated_at
         RETURNING live_id, source, state, updated_at, last_event_at, reconnects, duplicates_dropped`,
        [
          live.id,
          source,
          state,
          lastEventAt ?? null,
          reconnects ?? null,
          duplicatesDropped ?? null,
          lastEventAt !== undefined,
        ],
      );
      const row = rows[0];
      if (!row) throw new Error("the source's state was not stored");
      const status = toSourceStatus(row);
      await liveHub.publishSourceStatus(status);
      return status;
    },

    /** A cut a source reports once reconnected; the same report sent again is the same cut. */
    async reportGap({
      liveRef,
      source = DEFAULT_LIVE_SOURCE,
      from,
      to,
      resent,
    }: LiveSourceGapRequest): Promise<LiveSourceGap> {
      const live = await liveOf(liveRef);
      if (!live.is_active) throw new DomainError("CONFLICT", liveSellingMessages.ingestStatusLiveInactive);
      const { rows } = await pool.query<SourceGapRow>(
        `WITH inserted AS (
           INSERT INTO live_source_gaps (live_id, source, started_at, ended_at, resent)
           VALUES ($1, $2, to_timestamp($3::double precision / 1000), to_timestamp($4::double precision / 1000), $5)
           ON CONFLICT (live_id, source, started_at) DO NOTHING
           RETURNING id, live_id, source, started_at, ended_at, resent)
         SELECT * FROM inserted
         UNION ALL
         SELECT id, live_id, source, started_at, ended_at, resent FROM live_source_gaps
         WHERE live_id = $1 AND source = $2 AND started_at = to_timestamp($3::double precision / 1000)
           AND NOT EXISTS (SELECT 1 FROM inserted)`,
        [live.id, source, from, to, resent],
      );
      const row = rows[0];
      if (!row) throw new Error("the gap was not stored");
      return toSourceGap(row);
    },

    /** Lets the batch in progress and the queued events be written (server stop). */
    close: () => batcher.close(),
  };
}
