// The floor of ingestion benchmarks (bench:ingest, bench:claims): the server's own multi-row insert
// of a batch (one JSON array read by json_to_recordset, ON CONFLICT DO NOTHING) straight through pg,
// without the server, as fast as it goes.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { createCommentStream } from "../../scripts/live/comment-stream.mjs";

const BATCH = 500;

/** The batch as the server hands it to PostgreSQL (realtime/ingest-batcher.ts eventRowsJson). */
function eventRowsJson(liveId, events) {
  const rows = events.map((event, ord) => {
    const fields = JSON.stringify({
      ord,
      id: randomUUID(),
      live_id: liveId,
      event_type: event.type,
      tiktok_user_id: event.tiktokUserId,
      user_nickname: event.nickname,
      user_unique_id: event.uniqueId,
      comment: event.comment,
      create_time: event.createTime,
      msg_id: event.msgId,
      payload: 0,
    });
    return `${fields.slice(0, -2)}${JSON.stringify(event.payload)}}`;
  });
  return `[${rows.join(",")}]`;
}

/** The floor: batches of 500 through the server's insert, `count` writers, as fast as they go. */
export async function rawInsertFloor(databaseUrl, liveId, seconds, count) {
  const stream = createCommentStream({ viewers: 2_000, seed: 9 + count, runId: `floor${count}` });
  const writers = await Promise.all(
    Array.from({ length: count }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    }),
  );
  let inserted = 0;
  const started = performance.now();
  await Promise.all(
    writers.map(async (client) => {
      while (performance.now() - started < seconds * 1000) {
        const events = Array.from({ length: BATCH }, () => stream.chat());
        const result = await client.query({
          name: "floor-insert",
          text: `INSERT INTO tiktok_events (id, live_id, event_type, tiktok_user_id, user_nickname, user_unique_id,
                   comment, create_time, msg_id, payload)
                 SELECT e.id, e.live_id, e.event_type, e.tiktok_user_id, e.user_nickname, e.user_unique_id,
                   e.comment, e.create_time, e.msg_id, e.payload
                 FROM json_to_recordset($1::json) AS e(ord int, id uuid, live_id uuid, event_type text,
                   tiktok_user_id text, user_nickname text, user_unique_id text, comment text, create_time bigint,
                   msg_id text, payload jsonb)
                 ORDER BY e.ord
                 ON CONFLICT (live_id, platform, msg_id) DO NOTHING`,
          values: [eventRowsJson(liveId, events)],
        });
        inserted += result.rowCount ?? 0;
      }
      await client.end();
    }),
  );
  return Math.round(inserted / ((performance.now() - started) / 1000));
}
