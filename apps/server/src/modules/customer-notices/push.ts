import type { PushPayload } from "@vitrine/domain";
import { sql } from "drizzle-orm";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import webpush, { type RequestDetails } from "web-push";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/client";
import { errorText } from "../../lib/error-text";
import { connectionLookup, resolveWithSystem, type ResolveHost } from "../../lib/private-address";
import { checkPushEndpoint } from "./push-endpoint";

/** Failed sends in a row (other than "gone") after which a subscription is dropped. */
export const PUSH_FAILURES_LIMIT = 3;
/** How long a push service may take to answer before the send counts as failed. */
const PUSH_TIMEOUT_MS = 10_000;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The shop's VAPID keys: the settings' when given, else the pair kept in the database, made by
 * whichever instance needs it first (every instance then reads the same row, so browsers that
 * subscribed with one instance's key are reached by all).
 */
export function vapidKeysOf(db: Database, config: Pick<AppConfig, "vapidKeys">) {
  let stored: Promise<VapidKeys> | undefined;

  async function readOrMake(): Promise<VapidKeys> {
    const read = async () => {
      const { rows } = await db.execute<{ public_key: string; private_key: string }>(
        sql`SELECT public_key, private_key FROM web_push_keys WHERE id = 1`,
      );
      const row = rows[0];
      return row ? { publicKey: row.public_key, privateKey: row.private_key } : undefined;
    };
    const existing = await read();
    if (existing) return existing;
    const made = webpush.generateVAPIDKeys();
    await db.execute(
      sql`INSERT INTO web_push_keys (id, public_key, private_key)
          VALUES (1, ${made.publicKey}, ${made.privateKey}) ON CONFLICT (id) DO NOTHING`,
    );
    const kept = await read();
    if (!kept) throw new Error("the VAPID keys were not stored");
    return kept;
  }

  return async (): Promise<VapidKeys> => {
    if (config.vapidKeys) return config.vapidKeys;
    stored ??= readOrMake().catch((error: unknown) => {
      stored = undefined;
      throw error;
    });
    return stored;
  };
}

export interface PushSenderDeps {
  db: Database;
  config: Pick<AppConfig, "vapidKeys" | "vapidSubject" | "pushServiceHosts" | "pushAllowPrivateAddresses">;
  log: () => (message: string) => void;
  /** Resolves push services' names when a send connects (the system's resolver by default). */
  resolveHost?: ResolveHost;
}

type SubscriptionRow = {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
};

/**
 * Web push to a customer's browsers. A send is tried once: a subscription the push service says
 * is gone (404, 410) is deleted, any other failure is counted and the subscription deleted at
 * PUSH_FAILURES_LIMIT in a row. Nothing here throws: a push never makes a mail be sent again.
 */
export function createPushSender({ db, config, log, resolveHost = resolveWithSystem }: PushSenderDeps) {
  const keys = vapidKeysOf(db, config);
  const lookup = connectionLookup(resolveHost, { allowPrivate: config.pushAllowPrivateAddresses });

  async function sendOne(subscription: SubscriptionRow, body: string, ttlSeconds: number, vapid: VapidKeys) {
    const endpoint = checkPushEndpoint(subscription.endpoint, config);
    // A row the rules refuse now (kept from before them) is dropped as gone, never contacted.
    let status = endpoint.ok ? 0 : 410;
    if (endpoint.ok) {
      try {
        const details = webpush.generateRequestDetails(
          { endpoint: endpoint.url.href, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          body,
          {
            vapidDetails: { subject: config.vapidSubject, ...vapid },
            TTL: ttlSeconds,
            urgency: "high",
            contentEncoding: "aes128gcm",
          },
        );
        status = await postToPushService(endpoint.url, details, lookup);
      } catch (error) {
        log()(`web push: a send failed (${errorText(error)})`);
      }
    } else {
      log()("web push: a subscription outside the browsers' push services was dropped");
    }
    if (status >= 200 && status < 300) {
      await db.execute(
        sql`UPDATE push_subscriptions SET failures = 0, last_sent_at = now() WHERE id = ${subscription.id}`,
      );
    } else if (status === 404 || status === 410) {
      await db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${subscription.id}`);
    } else {
      const { rows } = await db.execute<{ failures: number }>(
        sql`UPDATE push_subscriptions SET failures = failures + 1 WHERE id = ${subscription.id} RETURNING failures`,
      );
      if ((rows[0]?.failures ?? 0) >= PUSH_FAILURES_LIMIT) {
        await db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${subscription.id}`);
      }
    }
  }

  return {
    publicKey: async () => (await keys()).publicKey,

    /** Sends `payload` to every browser of the customer; kept by push services `ttlSeconds` at most. */
    async send(userId: string, payload: PushPayload, ttlSeconds: number): Promise<void> {
      try {
        const { rows } = await db.execute<SubscriptionRow>(
          sql`SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ${userId}`,
        );
        if (rows.length === 0) return;
        const vapid = await keys();
        const body = JSON.stringify(payload);
        await Promise.all(rows.map((row) => sendOne(row, body, Math.max(60, Math.round(ttlSeconds)), vapid)));
      } catch (error) {
        log()(`web push: the sends to a customer failed (${errorText(error)})`);
      }
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;

/**
 * Posts one push and resolves with the push service's status. node:http rather than fetch: the
 * connection's own lookup is where a name resolving to a private address is refused, and a
 * redirect is never followed (it would lead anywhere).
 */
function postToPushService(url: URL, details: RequestDetails, lookup: LookupFunction): Promise<number> {
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: details.method,
        headers: details.headers,
        lookup,
        // Never a pooled connection: one opened by other code was not checked by this lookup.
        agent: false,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.end(details.body ?? undefined);
  });
}
