import {
  liveSellingMessages,
  type LiveIngestRequest,
  type LiveIngestResponse,
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

    async reportStatus({ liveRef, state }: LiveSourceStatusRequest): Promise<LiveSourceStatus> {
      const live = await liveOf(liveRef);
      // As with its comments: a live staff have not opened, or have closed, takes no source state
      // (a bridge left running on it is told so, as its events are).
      if (!live.is_active) throw new DomainError("CONFLICT", liveSellingMessages.ingestStatusLiveInactive);
      const liveId = live.id;
      const { rows } = await pool.query<{ updated_at: Date }>(
        `INSERT INTO live_source_status (live_id, state, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (live_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
         RETURNING updated_at`,
        [liveId, state],
      );
      const status: LiveSourceStatus = {
        liveId,
        state,
        updatedAt: (rows[0]?.updated_at ?? new Date()).toISOString(),
      };
      await liveHub.publishSourceStatus(status);
      return status;
    },

    /** Lets the batch in progress and the queued events be written (server stop). */
    close: () => batcher.close(),
  };
}
