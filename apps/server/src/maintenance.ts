import { sql } from "drizzle-orm";
import type { Database } from "./db/client";

export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

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

/** Runs the purge now and every hour; returns the function that stops it. */
export function startMaintenance(db: Database, log: (message: string) => void): () => void {
  const run = () =>
    purgeExpiredRows(db).catch((error: unknown) => log(`maintenance failed: ${String(error)}`));
  void run();
  const timer = setInterval(run, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
