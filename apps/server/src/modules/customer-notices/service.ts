import { pushMessages, type PushSubscriptionRequest } from "@vitrine/domain";
import { sql } from "drizzle-orm";
import { DomainError } from "../../http/errors";
import type { AppContext } from "../module";
import { createNoticeJobs, NOTICES_TASK, REMINDER_TASK } from "./notices-job";
import { createPushSender } from "./push";
import { checkPushEndpoint } from "./push-endpoint";

/** Browsers one customer may have subscribed at once: the oldest go first beyond it. */
export const PUSH_SUBSCRIPTIONS_PER_CUSTOMER = 10;

export interface CustomerNoticesOptions {
  /** The batch window in seconds (NOTICE_BATCH_SECONDS by default). */
  batchSeconds?: number;
}

/**
 * Customers told of their live claims (decision 032): the jobs that mail and push the notices
 * the claims' triggers write, and the customer's push subscriptions.
 */
export function createCustomerNoticesService(
  { db, mailer, config, jobs, log }: Pick<AppContext, "db" | "mailer" | "config" | "jobs" | "log">,
  { batchSeconds }: CustomerNoticesOptions = {},
) {
  const warn = (message: string) => log.warn(message);
  const push = createPushSender({ db, config, log: () => warn });
  const tasks = createNoticeJobs({ db, mailer, push, config, batchSeconds });
  jobs.define(NOTICES_TASK, tasks.sendNotices);
  jobs.define(REMINDER_TASK, tasks.sendReminder);

  return {
    publicKey: push.publicKey,

    /**
     * Only at a browser's push service (checkPushEndpoint). The same endpoint again from its
     * account (a browser re-subscribing) replaces its keys; from another account it is refused:
     * whoever learnt an endpoint must not take a customer's notifications away from them.
     */
    async subscribe(userId: string, subscription: PushSubscriptionRequest) {
      const endpoint = checkPushEndpoint(subscription.endpoint, config);
      if (!endpoint.ok) {
        throw new DomainError("VALIDATION_FAILED", endpoint.message, { endpoint: endpoint.message });
      }
      await db.transaction(async (tx) => {
        const { rows } = await tx.execute(sql`
          INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
          VALUES (${userId}, ${endpoint.url.href}, ${subscription.keys.p256dh}, ${subscription.keys.auth})
          ON CONFLICT (endpoint) DO UPDATE
            SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, failures = 0, created_at = now()
            WHERE push_subscriptions.user_id = EXCLUDED.user_id
          RETURNING id`);
        if (rows.length === 0) throw new DomainError("CONFLICT", pushMessages.endpointTaken);
        await tx.execute(sql`
          DELETE FROM push_subscriptions WHERE user_id = ${userId} AND id NOT IN (
            SELECT id FROM push_subscriptions WHERE user_id = ${userId}
             ORDER BY created_at DESC LIMIT ${PUSH_SUBSCRIPTIONS_PER_CUSTOMER})`);
      });
    },

    /** Only the customer's own subscription: someone else's endpoint changes nothing. */
    async unsubscribe(userId: string, endpoint: string) {
      // Stored as `new URL` writes it (subscribe), the browser's own spelling may differ.
      const stored = URL.canParse(endpoint) ? new URL(endpoint).href : endpoint;
      await db.execute(
        sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND endpoint IN (${endpoint}, ${stored})`,
      );
    },
  };
}

export type CustomerNoticesService = ReturnType<typeof createCustomerNoticesService>;
