import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { Database } from "../../db/client";
import { MIGRATIONS_FOLDER } from "../../db/migrate";

/** How long /readyz waits for the database before calling it unreachable. */
export const READINESS_TIMEOUT_MS = 2_000;

const journalSchema = z.object({ entries: z.array(z.object({ tag: z.string(), when: z.number() })).min(1) });

/** The last migration of the committed journal: what a ready database must have applied. */
function lastCommittedMigration() {
  const journal = journalSchema.parse(
    JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")),
  );
  return journal.entries.reduce((last, entry) => (entry.when > last.when ? entry : last));
}

/** The `when` of the newest migration the database has applied (drizzle's table), 0 for none. */
async function lastAppliedMigration(db: Database): Promise<number> {
  const table = await db.execute<{ present: boolean }>(
    sql`SELECT to_regclass('public.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!table.rows[0]?.present) return 0;
  const applied = await db.execute<{ applied: string | null }>(
    sql`SELECT max(created_at)::text AS applied FROM public.__drizzle_migrations`,
  );
  return Number(applied.rows[0]?.applied ?? 0);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export type Readiness =
  { ready: true } | { ready: false; reason: "DATABASE_UNREACHABLE" | "MIGRATIONS_PENDING"; error?: unknown };

export function createHealthService({ db }: { db: Database }) {
  const expected = lastCommittedMigration();
  return {
    /** Ready: the database answers in time and has applied every committed migration. */
    async readiness(): Promise<Readiness> {
      let appliedUpTo: number;
      try {
        appliedUpTo = await withTimeout(lastAppliedMigration(db), READINESS_TIMEOUT_MS);
      } catch (error) {
        return { ready: false, reason: "DATABASE_UNREACHABLE", error };
      }
      if (appliedUpTo < expected.when) return { ready: false, reason: "MIGRATIONS_PENDING" };
      return { ready: true };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
