import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

/** Drizzle over a pool; `$client` is that pool, for what needs one connection held (locks). */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A service accepts either the pool-backed database or an open transaction. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
}

export function connectDatabase(connectionString: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection that the server ends (restart, failover, shutdown) is dropped and replaced on
  // next use; without a listener its error event would end the process.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema, casing: "snake_case" });
  return { db, pool, close: () => pool.end() };
}

/**
 * A pool of its own on `pool`'s database, for work that may hold connections for long (a CSV
 * download as slow as its client): it can never take the connections the app's requests wait for.
 */
export function connectSidePool(pool: pg.Pool, max: number): pg.Pool {
  // pg keeps a given password out of the options' enumerable keys: a spread alone would drop it.
  const { password } = pool.options;
  const side = new pg.Pool({ ...pool.options, ...(password === undefined ? {} : { password }), max });
  side.on("error", () => {});
  return side;
}
