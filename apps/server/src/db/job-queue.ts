import { Logger, runMigrations } from "graphile-worker";
import pg from "pg";

/**
 * The job queue (graphile-worker) keeps its tables in the schema `graphile_worker` of the app's
 * database. Jobs are added from SQL in the transaction that decides them; a runner per server
 * instance works them (modules/live-claims). Jobs survive restarts and each runs on one instance.
 */
export const JOB_QUEUE_SCHEMA = "graphile_worker";

/** The queue's warnings and errors go to `log`; its chatter does not. */
export function jobQueueLogger(log: (message: string) => void = () => {}): Logger {
  return new Logger(() => (level, message) => {
    if (level === "error" || level === "warning") log(`job queue: ${message}`);
  });
}

/**
 * A pool of the queue's own, with the settings of `pool`: the queue asks that every connection's
 * errors be handled (an idle connection the server ends is replaced on next use).
 */
export function jobQueuePool(pool: pg.Pool, max: number): pg.Pool {
  const own = new pg.Pool({ ...pool.options, max, application_name: "vitrine-jobs" });
  own.on("error", () => {});
  own.on("connect", (client) => client.on("error", () => {}));
  return own;
}

/** Creates or updates the queue's tables (its own migrations, idempotent). */
export async function migrateJobQueue(pool: pg.Pool): Promise<void> {
  const own = jobQueuePool(pool, 1);
  try {
    await runMigrations({ pgPool: own, schema: JOB_QUEUE_SCHEMA, logger: jobQueueLogger() });
  } finally {
    await own.end();
  }
}
