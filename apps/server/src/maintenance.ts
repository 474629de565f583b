import { sql } from "drizzle-orm";
import type { Database } from "./db/client";

/** The purge runs once an hour across all instances. */
export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;
/** How often each instance asks whether the purge is due: a stopped instance's turn is taken soon. */
export const MAINTENANCE_CHECK_MS = 5 * 60 * 1000;

const PURGE_JOB = "purge-expired-rows";

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

/**
 * True for exactly one caller per period, whichever instance it runs on: the job's start time moves
 * forward only if the last one is at least `intervalMs` old. Concurrent claims queue on the row's
 * lock and the later ones then see the new time, so they get false.
 */
export async function claimScheduledRun(db: Database, job: string, intervalMs: number): Promise<boolean> {
  const claimed = await db.execute(sql`
    INSERT INTO scheduled_jobs (name, last_started_at) VALUES (${job}, now())
    ON CONFLICT (name) DO UPDATE SET last_started_at = now()
      WHERE scheduled_jobs.last_started_at <= now() - make_interval(secs => ${intervalMs / 1000})
    RETURNING name`);
  return claimed.rows.length > 0;
}

/** Purges if no instance has in the last interval; the purge's counts, or null when not due. */
export async function purgeIfDue(db: Database, intervalMs = MAINTENANCE_INTERVAL_MS) {
  if (!(await claimScheduledRun(db, PURGE_JOB, intervalMs))) return null;
  return purgeExpiredRows(db);
}

/** Checks now and every few minutes whether the purge is due; returns the function that stops it. */
export function startMaintenance(db: Database, log: (message: string) => void): () => void {
  const run = () => purgeIfDue(db).catch((error: unknown) => log(`maintenance failed: ${String(error)}`));
  void run();
  const timer = setInterval(run, MAINTENANCE_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
