import {
  DEFAULT_LIVE_PLATFORM,
  LIVE_INGEST_MAX_EVENT_BYTES,
  toStorableText,
  viewerKey,
  type LiveIngestEvent,
} from "@vitrine/domain";
import type { StorableIngestEvent } from "../../realtime/ingest-batcher";

// JSON.stringify writes U+0000 and lone surrogates as \u escapes, which jsonb refuses as well.
const UNSTORABLE_ESCAPE = /\\u0000|\\ud[89a-f]/i;

const nullableText = (value: string | null) => (value === null ? null : toStorableText(value));

function storableJsonValue(value: unknown): unknown {
  if (typeof value === "string") return toStorableText(value);
  if (Array.isArray(value)) return value.map(storableJsonValue);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [toStorableText(key), storableJsonValue(entry)]),
    );
  }
  return value;
}

/**
 * The event as one request sent it, ready to store, or null when it is larger than the contract
 * allows (LIVE_INGEST_MAX_EVENT_BYTES, measured on what the source sent). Text PostgreSQL cannot
 * store (U+0000, lone surrogates) is cleaned here, event by event, in every text and in the
 * payload's keys and values: one source's bad byte must not fail the batch it shares with others.
 */
export function toStorableEvent(event: LiveIngestEvent): StorableIngestEvent | null {
  const { payload, ...fields } = event;
  const payloadJson = JSON.stringify(payload);
  // The event's JSON is the fields' JSON with the payload's text in place of the 0.
  const bytes =
    Buffer.byteLength(payloadJson) + Buffer.byteLength(JSON.stringify({ ...fields, payload: 0 })) - 1;
  if (bytes > LIVE_INGEST_MAX_EVENT_BYTES) return null;
  const platform = fields.platform ?? DEFAULT_LIVE_PLATFORM;
  const uniqueId = toStorableText(fields.uniqueId);
  return {
    type: fields.type,
    platform,
    msgId: toStorableText(fields.msgId),
    createTime: fields.createTime,
    tiktokUserId: nullableText(fields.tiktokUserId),
    // Stored as the viewer's key, so that every reader of the events (claims, orders, the sidebar)
    // tells platforms apart; a TikTok handle is kept as sent, as it always was.
    uniqueId: platform === DEFAULT_LIVE_PLATFORM ? uniqueId : viewerKey(platform, uniqueId),
    nickname: nullableText(fields.nickname),
    avatarUrl: nullableText(fields.avatarUrl),
    comment: nullableText(fields.comment),
    payloadJson: UNSTORABLE_ESCAPE.test(payloadJson)
      ? JSON.stringify(storableJsonValue(payload))
      : payloadJson,
  };
}
