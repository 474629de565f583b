import { migrate } from "drizzle-orm/node-postgres/migrator";
import { fileURLToPath } from "node:url";
import type { Database } from "./client";
import { migrateJobQueue } from "./job-queue";
import { applySqlDefinitions } from "./sql-functions";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Applies the pending migrations, then the job queue's, then the SQL functions and triggers of
 * db/functions (they name the tables of both; a migration never defines one). Instances that
 * start together on a new version would all apply the same ones at once, and all but one fail:
 * they take turns on a lock, and the later ones find nothing left to do.
 */
export async function migrateDatabase(db: Database): Promise<void> {
  const lock = await db.$client.connect();
  try {
    await lock.query("SELECT pg_advisory_lock(hashtext('vitrine:migrations'))");
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER, migrationsSchema: "public" });
    // The job queue's tables, which the claims' SQL functions add jobs to.
    await migrateJobQueue(db.$client);
    await applySqlDefinitions(lock);
  } finally {
    await lock.query("SELECT pg_advisory_unlock(hashtext('vitrine:migrations'))").catch(() => undefined);
    lock.release();
  }
}
