import {
  sidebarHandle,
  type LiveFeedEvent,
  type LiveIngestEvent,
  type LivePlatform,
  type SITE_CLAIM_EVENT_TYPE,
} from "@vitrine/domain";
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { errorText } from "../lib/error-text";
import type { LiveHub } from "./live-hub";

/**
 * An event as tiktok_events stores it: text PostgreSQL accepts, the payload already as JSON text.
 * Besides a source's types, a claim made from the site, which takes its place among the comments.
 */
export interface StorableIngestEvent extends Omit<LiveIngestEvent, "payload" | "type" | "platform"> {
  type: LiveIngestEvent["type"] | typeof SITE_CLAIM_EVENT_TYPE;
  platform: LivePlatform;
  /** The viewer's key (viewerKey): TikTok's handle as sent, or `<platform>:<author id>`. */
  uniqueId: string;
  payloadJson: string;
}

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

/** An event of a request, with the id its row will have. */
export interface IdentifiedEvent {
  id: string;
  event: StorableIngestEvent;
}

/**
 * What is decided with a batch's events in the transaction that stores them (their comments'
 * claims): `prepare` runs as each request arrives, beside the writes, with what needs no database
 * lock; `decide` runs once per live of a batch, in its transaction after the rows have their seqs
 * (a duplicate has none), behind a savepoint: when it fails, the events are stored all the same,
 * undecided. What it returns is run once the batch is committed.
 */
export interface IngestDecider<Prepared> {
  prepare(liveId: string, events: readonly IdentifiedEvent[]): Promise<Prepared>;
  decide(
    client: pg.ClientBase,
    liveId: string,
    prepared: readonly Prepared[],
    seqs: ReadonlyMap<string, number>,
  ): Promise<() => void>;
}

export interface IngestBatcherOptions<Prepared = unknown> {
  pool: pg.Pool;
  hub: LiveHub;
  /** Decided with each batch, in its transaction; without it a batch is one statement. */
  decider?: IngestDecider<Prepared>;
  /**
   * The largest batch decided in its own transaction. A larger one comes of a burst: its decision
   * would hold the ingestion lock, and every live's comments behind it, as long as the writing
   * itself takes; it is written alone, and the engine's pass decides it beside the next writes.
   */
  decideUpTo?: number;
  /** How long the first queued event waits for company before its batch is written. */
  flushIntervalMs?: number;
  /** A batch is written as soon as this many events wait. */
  maxBatchEvents?: number;
  /** Events waiting or being written, at most; beyond, submit refuses (IngestBusyError). */
  maxPendingEvents?: number;
  log?: (message: string) => void;
}

export interface IngestBatcher {
  /**
   * Resolves once the events are committed (and fanned out); rejects when they could not be
   * written, even written alone (other requests of their batch are not failed with them).
   */
  submit(liveId: string, events: StorableIngestEvent[]): Promise<IngestResult>;
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

/**
 * Batches up to this size are decided in their transaction: at 25 ms a batch, comments arriving at
 * up to 10,000/s, and the larger batches a slow write leaves behind it at 1,000/s (a batch left
 * to the engine leaves the next ones to it too, until its pass has caught up). Beyond, the
 * decision's work (about 0.5 ms of the database per claim) would make the ingestion as slow as
 * the claims.
 */
export const DECIDE_UP_TO_EVENTS = 250;

/** How long a decision in the ingestion's transaction waits for a lock before leaving it undecided. */
export const DECISION_LOCK_WAIT_MS = 200;

interface InsertedRow {
  id: string;
  seq: string;
  inserted_at: Date;
}

/** live id, handle (lowercased), display name, avatar, TikTok user id. */
type ViewerRow = [string, string, string | null, string | null, string | null];
const viewerFingerprint = (viewer: ViewerRow) => JSON.stringify(viewer.slice(2));
const KNOWN_VIEWERS_MAX = 100_000;

interface Written {
  /** The new events, in seq order. */
  events: LiveFeedEvent[];
  /** What the decider asked to run once the batch is committed. */
  decided: (() => void)[];
  /** One per request of the batch, in its order. */
  results: IngestResult[];
}

interface Pending<Prepared> {
  liveId: string;
  events: IdentifiedEvent[];
  /** The decider's preparation; null when it failed (the request's live is left undecided). */
  prepared: Promise<Prepared | null> | null;
  queuedAt: number;
  resolve: (result: IngestResult) => void;
  reject: (error: unknown) => void;
}

/** Ids per NOTIFY: 150 uuids and the envelope stay under NOTIFY_PAYLOAD_BUDGET (7,500 bytes). */
export const IDS_PER_NOTIFICATION = 150;

/*
 * A whole batch in one statement, so one round trip and its own transaction: the ingestion lock
 * first (both inserts read it, so neither runs before it is held), the events (duplicates by
 * (live, platform, msgId) skipped, seqs drawn in the batch's order), the viewers (a viewer keeps the name,
 * avatar and id last seen; a source that lacks one keeps the stored one), and one NOTIFY per 150
 * new ids, in seq order, for the other instances ($9 null: none). The events come as one JSON
 * array ($2, see eventRowsJson): as a jsonb[] parameter every payload went through the array
 * literal's quoting and parsing, which made 3 kB payloads about three times slower to write.
 */
const WRITE_BATCH = `
WITH ingest_lock AS MATERIALIZED (SELECT pg_advisory_xact_lock($1) AS locked),
inserted AS (
  INSERT INTO tiktok_events
    (id, live_id, event_type, platform, tiktok_user_id, user_nickname, user_unique_id, comment, create_time,
     msg_id, payload)
  SELECT e.id, e.live_id, e.event_type, e.platform, e.tiktok_user_id, e.user_nickname, e.user_unique_id,
         e.comment, e.create_time, e.msg_id, e.payload
  FROM ingest_lock,
       json_to_recordset($2::json) AS e(ord int, id uuid, live_id uuid, event_type text, platform text,
                                        tiktok_user_id text,
                                        user_nickname text, user_unique_id text, comment text, create_time bigint,
                                        msg_id text, payload jsonb)
  ORDER BY e.ord
  ON CONFLICT (live_id, platform, msg_id) DO NOTHING
  RETURNING id, seq, inserted_at
),
viewers AS (
  INSERT INTO live_users (live_id, tiktok_username, display_name, avatar_url, tiktok_user_id)
  SELECT v.live_id, v.tiktok_username, v.display_name, v.avatar_url, v.tiktok_user_id
  FROM ingest_lock,
       unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[])
         AS v(live_id, tiktok_username, display_name, avatar_url, tiktok_user_id)
  ON CONFLICT (live_id, tiktok_username) DO UPDATE SET
    display_name = coalesce(excluded.display_name, live_users.display_name),
    avatar_url = coalesce(excluded.avatar_url, live_users.avatar_url),
    tiktok_user_id = coalesce(excluded.tiktok_user_id, live_users.tiktok_user_id)
  WHERE excluded.display_name IS DISTINCT FROM live_users.display_name AND excluded.display_name IS NOT NULL
     OR excluded.avatar_url IS DISTINCT FROM live_users.avatar_url AND excluded.avatar_url IS NOT NULL
     OR excluded.tiktok_user_id IS DISTINCT FROM live_users.tiktok_user_id AND excluded.tiktok_user_id IS NOT NULL
  RETURNING 1
),
notified AS (
  SELECT pg_notify($8, chunks.payload)
  FROM (
    SELECT n / ${IDS_PER_NOTIFICATION} AS chunk,
           json_build_object('from', $9::text, 'kind', 'events', 'ids', json_agg(id ORDER BY seq))::text AS payload
    FROM (SELECT id, seq, row_number() OVER (ORDER BY seq) - 1 AS n FROM inserted) AS numbered
    WHERE $9::text IS NOT NULL
    GROUP BY n / ${IDS_PER_NOTIFICATION}
    ORDER BY chunk
  ) AS chunks
)
SELECT id, seq, inserted_at, (SELECT count(*) FROM notified) AS notifications FROM inserted`;

/**
 * Ingestion's write path (decision 018): requests queue their events; one batch at a time is written
 * in one transaction (every 25 ms, or at once when 500 events wait): the rows in one multi-row
 * insert that skips duplicates by (live, platform, msgId), the viewers upserted, and one NOTIFY of the new
 * ids for the other instances. Only after the commit are the events fanned out here and the
 * requests answered: an acknowledged event is stored.
 */
export function createIngestBatcher<Prepared = unknown>({
  pool,
  hub,
  decider,
  decideUpTo = DECIDE_UP_TO_EVENTS,
  flushIntervalMs = 25,
  maxBatchEvents = 500,
  maxPendingEvents = 20_000,
  log = () => {},
}: IngestBatcherOptions<Prepared>): IngestBatcher {
  let queue: Pending<Prepared>[] = [];
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
  function takeBatch(): Pending<Prepared>[] {
    const batch: Pending<Prepared>[] = [];
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
      const [only] = batch;
      if (batch.length === 1 && only) return await writeAlone(only);
      let written: Written | null = null;
      try {
        written = await writeBatch(batch);
      } catch (error) {
        log(
          `live ingestion: a batch of ${writingEvents} events from ${batch.length} requests failed ` +
            `(${errorText(error)}); writing each request alone`,
        );
      }
      if (written) return answer(batch, written);
      // One statement carries every request of the batch, so one row the database refuses fails
      // them all: each request is written again on its own, and only the culprit fails.
      for (const pending of batch) await writeAlone(pending);
    } finally {
      writingEvents = 0;
    }
  }

  async function writeAlone(pending: Pending<Prepared>) {
    let written: Written;
    try {
      written = await writeBatch([pending]);
    } catch (error) {
      log(`live ingestion: a request of ${pending.events.length} events failed (${errorText(error)})`);
      pending.reject(error);
      return;
    }
    answer([pending], written);
  }

  /** Hands the committed events to this instance's streams, then answers their requests. */
  function answer(batch: Pending<Prepared>[], { events, results, decided }: Written) {
    try {
      hub.publishEvents(events);
    } catch (error) {
      // Stored all the same: streams and polling read them from the database.
      log(`live ingestion: ${events.length} stored events not handed to the streams (${errorText(error)})`);
    }
    for (const after of decided) {
      try {
        after();
      } catch (error) {
        log(`live ingestion: what follows a batch's decisions failed (${errorText(error)})`);
      }
    }
    batch.forEach((pending, index) => pending.resolve(results[index] ?? { accepted: 0, duplicates: 0 }));
  }

  async function writeBatch(batch: Pending<Prepared>[]): Promise<Written> {
    const rows = batch.flatMap((pending, request) =>
      pending.events.map(({ id, event }) => ({ id, request, liveId: pending.liveId, event })),
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
    viewerRows.sort((a, b) => (a[0] + a[1] < b[0] + b[1] ? -1 : 1));
    const write = {
      name: "live-ingest-batch",
      text: WRITE_BATCH,
      values: [
        INGEST_LOCK_KEY,
        eventRowsJson(rows),
        ...[0, 1, 2, 3, 4].map((column) => viewerRows.map((viewer) => viewer[column])),
        hub.channel,
        hub.instanceId,
      ],
    };
    const { inserted, decided } =
      decider && rows.length <= decideUpTo
        ? await writeAndDecide(decider, batch, write)
        : { inserted: (await pool.query<InsertedRow>(write)).rows, decided: [] };
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
        platform: row.event.platform,
        tiktokUserId: row.event.tiktokUserId,
        userNickname: row.event.nickname,
        userUniqueId: row.event.uniqueId,
        comment: row.event.comment,
        createTime: row.event.createTime,
        insertedAt: saved.inserted_at.toISOString(),
      });
    }
    events.sort((a, b) => a.seq - b.seq);
    return { events, results, decided };
  }

  /**
   * The batch's statement and, in its transaction, the decider's work for each of its lives. A
   * decision waits at most DECISION_LOCK_WAIT for its locks: ingestion holds its own meanwhile,
   * and a staff action holding a live's claims must not stop every live's comments.
   */
  async function writeAndDecide(
    decide: IngestDecider<Prepared>,
    batch: Pending<Prepared>[],
    write: pg.QueryConfig,
  ): Promise<{ inserted: InsertedRow[]; decided: (() => void)[] }> {
    const prepared = new Map<string, (Prepared | null)[]>();
    for (const pending of batch) {
      const list = prepared.get(pending.liveId) ?? [];
      list.push(pending.prepared ? await pending.prepared : null);
      prepared.set(pending.liveId, list);
    }
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query("BEGIN");
      const { rows: inserted } = await client.query<InsertedRow>(write);
      const seqs = new Map(inserted.map((row) => [row.id, Number(row.seq)]));
      const decided: (() => void)[] = [];
      for (const [liveId, list] of prepared) {
        if (list.some((item) => item === null)) continue;
        await client.query(`SAVEPOINT decide; SET LOCAL lock_timeout = '${DECISION_LOCK_WAIT_MS}ms'`);
        try {
          decided.push(await decide.decide(client, liveId, list as Prepared[], seqs));
          await client.query("RELEASE SAVEPOINT decide");
        } catch (error) {
          await client.query("ROLLBACK TO SAVEPOINT decide");
          log(`live ingestion: live ${liveId}'s comments stored undecided (${errorText(error)})`);
        }
      }
      await client.query("COMMIT");
      return { inserted, decided };
    } catch (error) {
      // A row the database refused leaves the connection usable; one that cannot roll back is not.
      await client.query("ROLLBACK").catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw error;
    } finally {
      client.release(broken);
    }
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
      const identified = events.map((event) => ({ id: randomUUID(), event }));
      // Read now, beside the batch being written; a failure leaves the live undecided, not lost.
      const prepared = decider
        ? decider.prepare(liveId, identified).catch((error: unknown) => {
            log(`live ingestion: comments not read for their claims (${errorText(error)})`);
            return null;
          })
        : null;
      return new Promise<IngestResult>((resolve, reject) => {
        queue.push({ liveId, events: identified, prepared, queuedAt: performance.now(), resolve, reject });
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

/**
 * The batch's rows as the JSON array WRITE_BATCH reads, each payload's JSON text put in as it is
 * (it is the last key, so the row's JSON ends with `"payload":0}`).
 */
export function eventRowsJson(rows: { id: string; liveId: string; event: StorableIngestEvent }[]): string {
  const parts = rows.map(({ id, liveId, event }, ord) => {
    const fields = JSON.stringify({
      ord,
      id,
      live_id: liveId,
      event_type: event.type,
      platform: event.platform,
      tiktok_user_id: event.tiktokUserId,
      user_nickname: event.nickname,
      user_unique_id: event.uniqueId,
      comment: event.comment,
      create_time: event.createTime,
      msg_id: event.msgId,
      payload: 0,
    });
    return `${fields.slice(0, -2)}${event.payloadJson}}`;
  });
  return `[${parts.join(",")}]`;
}
