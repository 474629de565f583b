import * as z from "zod/mini";
import { pushMessages } from "../customer-notices";

/*
 * Web push for customers (decision 032), signed-in only:
 *   GET    /api/customer/push/key            PushKeyResponse (the VAPID public key)
 *   POST   /api/customer/push/subscriptions  body PushSubscriptionRequest (the browser's
 *                                            PushSubscription.toJSON()) -> 204; the same endpoint
 *                                            again replaces its keys; 400 when it is not at a
 *                                            browser's push service or names a private address;
 *                                            409 when another account subscribed it
 *   DELETE /api/customer/push/subscriptions  body { endpoint } -> 204
 */

export const pushKeyResponseSchema = z.object({ publicKey: z.string() });
export type PushKeyResponse = z.infer<typeof pushKeyResponseSchema>;

const invalid = { error: pushMessages.invalidSubscription };

export const pushSubscriptionRequestSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, ...invalid }).check(z.maxLength(2048, invalid)),
  keys: z.object({
    p256dh: z.string(invalid).check(z.regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, invalid)),
    auth: z.string(invalid).check(z.regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, invalid)),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

export const pushUnsubscribeRequestSchema = z.object({
  endpoint: z.string(invalid).check(z.minLength(1, invalid), z.maxLength(2048, invalid)),
});
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequestSchema>;

/** What a push notification carries: the service worker shows it and opens `url` on a click. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  /** Replaces an earlier notification of the same tag (the same order and kind). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
