import * as z from "zod/mini";
import type { LiveIngestEvent } from "./api/live-selling";

/**
 * Instagram's live comments, as Meta's webhooks deliver them to the server (field
 * `live_comments` of an Instagram professional account's subscription): each one becomes a chat
 * event of the live whose Instagram account is the delivery's entry, stored like a bridge's.
 */

export const instagramWebhookMessages = {
  notConfigured: "Le webhook Instagram n'est pas configuré sur ce serveur",
  verifyTokenInvalid: "Jeton de vérification Instagram invalide",
  signatureInvalid: "Signature de la notification Instagram absente ou invalide",
  payloadInvalid: "Notification Instagram illisible",
} as const;

/** The subscription field whose notifications are a live broadcast's comments. */
export const INSTAGRAM_LIVE_COMMENTS_FIELD = "live_comments";
/** The largest notification the webhook reads: Meta batches up to 1,000 changes in one. */
export const INSTAGRAM_WEBHOOK_MAX_BODY_BYTES = 2 * 1024 * 1024;
/**
 * The raw comment kept as the event's payload at most, in UTF-16 units of JSON (12 KiB of UTF-8 at
 * worst, within the contract's 16 KiB event with its other fields); a summary beyond.
 */
const PAYLOAD_MAX_UNITS = 4 * 1024;

/** A delivery as Meta posts it: one entry per account, each with its changes. */
export const instagramWebhookPayloadSchema = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      id: z.string().check(z.minLength(1), z.maxLength(64)),
      /** When Meta sent the notification, epoch seconds. */
      time: z.number(),
      changes: z.optional(z.array(z.object({ field: z.string(), value: z.unknown() }))),
    }),
  ),
});
export type InstagramWebhookPayload = z.infer<typeof instagramWebhookPayloadSchema>;

/** GET /api/webhooks/instagram: Meta's verification handshake. */
export const instagramWebhookVerifyQuerySchema = z.object({
  "hub.mode": z.optional(z.string()),
  "hub.verify_token": z.optional(z.string()),
  "hub.challenge": z.optional(z.string().check(z.maxLength(200))),
});

/** POST /api/webhooks/instagram: what a delivery became (Meta reads the status alone). */
export const instagramWebhookDeliveryResponseSchema = z.object({
  accepted: z.int(),
  duplicates: z.int(),
  /** Comments of an account no active live shows: acknowledged, not stored. */
  unmatched: z.int(),
});
export type InstagramWebhookDelivery = z.infer<typeof instagramWebhookDeliveryResponseSchema>;

/** One live comment, the value of a `live_comments` change. */
export const instagramLiveCommentSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(128)),
  /** The commenter: their Instagram-scoped id (stable) and their username (what the live shows). */
  from: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)), username: z.optional(z.string()) }),
  media: z.optional(z.object({ id: z.optional(z.string()), media_product_type: z.optional(z.string()) })),
  text: z.optional(z.string()),
});
export type InstagramLiveComment = z.infer<typeof instagramLiveCommentSchema>;

/** The text cut to `max` UTF-16 units, never between the two halves of an emoji. */
function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/**
 * A live comment as the ingestion contract's event. Meta gives the comment no time of its own:
 * the entry's (seconds) is kept as evidence; the server ranks by its receipt, as for every
 * platform. The viewer is the commenter's Instagram-scoped id, which a new username leaves as is.
 */
export function instagramCommentEvent(entryTime: number, comment: InstagramLiveComment): LiveIngestEvent {
  const seconds = Number.isFinite(entryTime) && entryTime > 0 ? entryTime : 0;
  // Meta documents seconds; a value already in milliseconds is taken as it is.
  const createTime = Math.floor(seconds < 1e12 ? seconds * 1000 : seconds);
  const raw: Record<string, unknown> = { ...comment };
  const payload = JSON.stringify(raw).length > PAYLOAD_MAX_UNITS ? { truncated: true, id: comment.id } : raw;
  return {
    platform: "instagram",
    type: "chat",
    msgId: comment.id,
    createTime,
    tiktokUserId: null,
    uniqueId: comment.from.id,
    nickname: comment.from.username ? shortened(comment.from.username, 200) : null,
    avatarUrl: null,
    comment: shortened(comment.text ?? "", 1000),
    payload,
  };
}

/**
 * The live comments of a delivery, per Instagram account, in the order Meta listed them; a change
 * of another field, or a comment without its commenter, is left out (`skipped` counts them).
 */
export function instagramLiveComments(payload: InstagramWebhookPayload): {
  byAccount: Map<string, LiveIngestEvent[]>;
  skipped: number;
} {
  const byAccount = new Map<string, LiveIngestEvent[]>();
  let skipped = 0;
  for (const entry of payload.entry) {
    for (const change of entry.changes ?? []) {
      const comment =
        change.field === INSTAGRAM_LIVE_COMMENTS_FIELD
          ? instagramLiveCommentSchema.safeParse(change.value)
          : null;
      if (!comment?.success) {
        skipped += 1;
        continue;
      }
      const events = byAccount.get(entry.id) ?? [];
      events.push(instagramCommentEvent(entry.time, comment.data));
      byAccount.set(entry.id, events);
    }
  }
  return { byAccount, skipped };
}
