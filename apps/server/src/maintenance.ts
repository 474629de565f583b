import { sql } from "drizzle-orm";
import type { Database } from "./db/client";
import type { JobQueue } from "./db/job-queue";

/** The job queue's task that purges. */
export const PURGE_TASK = "purge_expired_rows";

/**
 * Once an hour, on the hour, on one instance whichever runs: the queue's crontab moves each item's
 * last run forward in one statement, so a tick is taken by one runner. A tick missed while no
 * instance ran is made up once, at start, if it is less than an hour old.
 */
export const PURGE_CRONTAB = `0 * * * * ${PURGE_TASK} ?fill=1h`;

/**
 * Deletes what can no longer serve: expired magic-link tokens and sessions, sign-ups never
 * confirmed, and rate-limit windows long past. Returns how many rows each purge removed.
 */
export async function purgeExpiredRows(db: Database) {
  const count = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rowCount ?? 0;
  return {
    verifications: await count(sql`DELETE FROM auth_verifications WHERE expires_at < now()`),
    sessions: await count(sql`DELETE FROM auth_sessions WHERE expires_at < now()`),
    pendingSignups: await count(sql`DELETE FROM pending_signups WHERE expires_at < now()`),
    rateLimits: await count(sql`DELETE FROM rate_limits WHERE window_started_at < now() - interval '1 day'`),
  };
}

/** The purge as a task of the app's job queue, run by its crontab; a failure is the queue's to log. */
export function scheduleMaintenance(jobs: JobQueue, db: Database): void {
  jobs.define(PURGE_TASK, async () => {
    await purgeExpiredRows(db);
  });
  jobs.cron(PURGE_CRONTAB);
}
