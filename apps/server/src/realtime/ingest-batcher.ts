import { sidebarHandle, type LiveFeedEvent, type LiveIngestEvent } from "@vitrine/domain";
import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { LiveHub } from "./live-hub";

export interface IngestResult {
  accepted: number;
  duplicates: number;
}

/** The queue holds as many events as it may: the source should retry a moment later. */
export class IngestBusyError extends Error {
  constructor() {
    super("ingestion queue full");
    this.name = "IngestBusyError";
  }
}

export interface IngestBatcherOptions {
  pool: pg.Pool;
  hub: LiveHub;
  /** How long the first queued event waits for company before its batch is written. */
  flushIntervalMs?: number;
  /** A batch is written as soon as this many events wait. */
  maxBatchEvents?: number;
  /** Events waiting or being written, at most; beyond, submit refuses (IngestBusyError). */
  maxPendingEvents?: number;
  log?: (message: string) => void;
}

export interface IngestBatcher {
  /** Resolves once the events are committed (and fanned out); rejects when their batch failed. */
  submit(liveId: string, events: LiveIngestEvent[]): Promise<IngestResult>;
  /** Writes what is queued, waits for it, then refuses further events. */
  close(): Promise<void>;
  readonly pendingEvents: number;
}

/**
 * Ingestion's one lock: every batch takes it before its rows draw their seq, so seq order is
 * commit order, within a live and across lives, and across server instances. Batches are few and
 * short (one per 25 ms per instance), so it costs nearly nothing.
 */
export const INGEST_LOCK_KEY = 0x76_69_74_72_6c_69; // "vitrli"

/** live id, handle (lowercased), display name, avatar, TikTok user id. */
type ViewerRow = [string, string, string | null, string | null, string | null];
const viewerFingerprint = (viewer: ViewerRow) => JSON.stringify(viewer.slice(2));
const KNOWN_VIEWERS_MAX = 100_000;

interface Pending {
  liveId: string;
  events: LiveIngestEvent[];
  queuedAt: number;
  resolve: (result: IngestResult) => void;
  reject: (error: unknown) => void;
}

const INSERT_EVENTS = `
INSERT INTO tiktok_events
  (id, live_id, event_type, tiktok_user_id, user_nickname, user_unique_id, comment, create_time, msg_id, payload)
SELECT id, live_id, event_type, tiktok_user_id, user_nickname, user_unique_id, comment, create_time, msg_id, payload
FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[],
            $9::text[], $10::jsonb[])
  WITH ORDINALITY AS e(id, live_id, event_type, tiktok_user_id, user_nickname, user_unique_id, comment,
                       create_time, msg_id, payload, ord)
ORDER BY ord
ON CONFLICT (live_id, msg_id) DO NOTHING
RETURNING id, seq, inserted_at`;

// A viewer keeps the name, avatar and id last seen; a source that lacks one keeps the stored one.
const UPSERT_LIVE_USERS = `
INSERT INTO live_users (live_id, tiktok_username, display_name, avatar_url, tiktok_user_id)
SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[])
ON CONFLICT (live_id, tiktok_username) DO UPDATE SET
  display_name = coalesce(excluded.display_name, live_users.display_name),
  avatar_url = coalesce(excluded.avatar_url, live_users.avatar_url),
  tiktok_user_id = coalesce(excluded.tiktok_user_id, live_users.tiktok_user_id)
WHERE excluded.display_name IS DISTINCT FROM live_users.display_name AND excluded.display_name IS NOT NULL
   OR excluded.avatar_url IS DISTINCT FROM live_users.avatar_url AND excluded.avatar_url IS NOT NULL
   OR excluded.tiktok_user_id IS DISTINCT FROM live_users.tiktok_user_id AND excluded.tiktok_user_id IS NOT NULL`;

/**
 * Ingestion's write path (issue 16): requests queue their events; one batch at a time is written
 * in one transaction (every 25 ms, or at once when 500 events wait): the rows in one multi-row
 * insert that skips duplicates by (live, msgId), the viewers upserted, and one NOTIFY of the new
 * ids for the other instances. Only after the commit are the events fanned out here and the
 * requests answered: an acknowledged event is stored.
 */
export function createIngestBatcher({
  pool,
  hub,
  flushIntervalMs = 25,
  maxBatchEvents = 500,
  maxPendingEvents = 20_000,
  log = () => {},
}: IngestBatcherOptions): IngestBatcher {
  let queue: Pending[] = [];
  let queuedEvents = 0;
  let writingEvents = 0;
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closing = false;
  // What this instance last wrote of each viewer: a viewer who comments again unchanged costs
  // no write (most of a live's events come from viewers already seen).
  const knownViewers = new Map<string, string>();

  function schedule() {
    if (writing || queue.length === 0) return;
    const oldest = queue[0];
    const waited = oldest ? performance.now() - oldest.queuedAt : 0;
    if (closing || queuedEvents >= maxBatchEvents || waited >= flushIntervalMs) {
      clearTimeout(timer);
      timer = undefined;
      writing = writeNext().finally(() => {
        writing = null;
        schedule();
      });
    } else {
      timer ??= setTimeout(() => {
        timer = undefined;
        schedule();
      }, flushIntervalMs - waited);
    }
  }

  /** The oldest requests, whole, up to maxBatchEvents events (always at least one request). */
  function takeBatch(): Pending[] {
    const batch: Pending[] = [];
    let count = 0;
    while (queue.length > 0) {
      const next = queue[0];
      if (!next || (batch.length > 0 && count + next.events.length > maxBatchEvents)) break;
      batch.push(next);
      count += next.events.length;
      queue.shift();
    }
    queuedEvents -= count;
    writingEvents = count;
    return batch;
  }

  async function writeNext() {
    const batch = takeBatch();
    try {
      const { events, results } = await writeBatch(batch);
      hub.publishEvents(events);
      batch.forEach((pending, index) => pending.resolve(results[index] ?? { accepted: 0, duplicates: 0 }));
    } catch (error) {
      log(`live ingestion: a batch of ${writingEvents} events failed (${errorText(error)})`);
      for (const pending of batch) pending.reject(error);
    } finally {
      writingEvents = 0;
    }
  }

  async function writeBatch(batch: Pending[]) {
    const rows = batch.flatMap((pending, request) =>
      pending.events.map((event) => ({ id: randomUUID(), request, liveId: pending.liveId, event })),
    );
    const viewers = new Map<string, ViewerRow>();
    for (const { liveId, event } of rows) {
      const handle = sidebarHandle(event.uniqueId);
      if (handle === "") continue;
      const known = viewers.get(`${liveId}\n${handle}`);
      viewers.set(`${liveId}\n${handle}`, [
        liveId,
        handle,
        event.nickname ?? known?.[2] ?? null,
        event.avatarUrl ?? known?.[3] ?? null,
        event.tiktokUserId ?? known?.[4] ?? null,
      ]);
    }
    const viewerRows = [...viewers.entries()]
      .filter(([key, viewer]) => knownViewers.get(key) !== viewerFingerprint(viewer))
      .map(([, viewer]) => viewer);
    const client = await pool.connect();
    let inserted: { id: string; seq: string; inserted_at: Date }[];
    try {
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock($1)", [INGEST_LOCK_KEY]);
      inserted = (
        await client.query<{ id: string; seq: string; inserted_at: Date }>({
          name: "live-ingest-events",
          text: INSERT_EVENTS,
          values: [
            rows.map((row) => row.id),
            rows.map((row) => row.liveId),
            rows.map((row) => row.event.type),
            rows.map((row) => row.event.tiktokUserId),
            rows.map((row) => row.event.nickname),
            rows.map((row) => row.event.uniqueId),
            rows.map((row) => row.event.comment),
            rows.map((row) => row.event.createTime),
            rows.map((row) => row.event.msgId),
            rows.map((row) => JSON.stringify(row.event.payload)),
          ],
        })
      ).rows;
      if (viewerRows.length > 0) {
        await client.query({
          name: "live-ingest-viewers",
          text: UPSERT_LIVE_USERS,
          values: [0, 1, 2, 3, 4].map((column) => viewerRows.map((viewer) => viewer[column])),
        });
      }
      const notifications = hub.eventNotifications(inserted.map((row) => row.id));
      if (notifications.length > 0) {
        await client.query("SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload", [
          hub.channel,
          notifications,
        ]);
      }
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      client.release(error instanceof Error ? error : true);
      throw error;
    }
    client.release();
    for (const viewer of viewerRows) rememberViewer(viewer);

    const stored = new Map(inserted.map((row) => [row.id, row]));
    const results = batch.map(() => ({ accepted: 0, duplicates: 0 }));
    const events: LiveFeedEvent[] = [];
    for (const row of rows) {
      const result = results[row.request];
      const saved = stored.get(row.id);
      if (!result) continue;
      if (!saved) {
        result.duplicates += 1;
        continue;
      }
      result.accepted += 1;
      events.push({
        id: row.id,
        seq: Number(saved.seq),
        liveId: row.liveId,
        eventType: row.event.type,
        tiktokUserId: row.event.tiktokUserId,
        userNickname: row.event.nickname,
        userUniqueId: row.event.uniqueId,
        comment: row.event.comment,
        createTime: row.event.createTime,
        insertedAt: saved.inserted_at.toISOString(),
      });
    }
    events.sort((a, b) => a.seq - b.seq);
    return { events, results };
  }

  function rememberViewer(viewer: ViewerRow) {
    const key = `${viewer[0]}\n${viewer[1]}`;
    knownViewers.delete(key);
    knownViewers.set(key, viewerFingerprint(viewer));
    // Oldest first out: a Map iterates in insertion order.
    if (knownViewers.size > KNOWN_VIEWERS_MAX) {
      const oldest = knownViewers.keys().next().value;
      if (oldest !== undefined) knownViewers.delete(oldest);
    }
  }

  return {
    get pendingEvents() {
      return queuedEvents + writingEvents;
    },
    submit(liveId, events) {
      if (closing) return Promise.reject(new IngestBusyError());
      if (queuedEvents + writingEvents + events.length > maxPendingEvents) {
        return Promise.reject(new IngestBusyError());
      }
      return new Promise<IngestResult>((resolve, reject) => {
        queue.push({ liveId, events, queuedAt: performance.now(), resolve, reject });
        queuedEvents += events.length;
        schedule();
      });
    },
    async close() {
      closing = true;
      schedule();
      while (writing) await writing;
      clearTimeout(timer);
      queue = [];
    },
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
