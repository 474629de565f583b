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

/**
 * How long a query may wait for a connection (the pool's queue, or a new connection's handshake)
 * before it fails. Without a bound, a staff action made while PostgreSQL is out of reach waited in
 * the pool's queue for as long as it took, and was written when the database came back, long after
 * its author had been told it failed; now it is refused within this time and dropped from the
 * queue (decision 047).
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;

/**
 * A connection the server ends (restart, failover, shutdown) must not end the process. An idle one
 * reports it on the pool, which drops it and opens another on next use. A checked-out one (inside a
 * transaction, a batch's write, between two queries) reports it on the connection itself: with no
 * listener there, Node throws it and the whole server stops, as a 30 s stop of PostgreSQL showed.
 * Its holder's next query fails instead, and the pool discards it when it comes back.
 */
export function survivesLostConnections(pool: pg.Pool): void {
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
}

export function connectDatabase(connectionString: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    // A server that vanished without closing its sockets is found out by the kernel's probes, so
    // its connections fail instead of waiting forever for an answer.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  survivesLostConnections(pool);
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
  survivesLostConnections(side);
  return side;
}
