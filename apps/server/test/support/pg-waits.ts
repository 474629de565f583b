import type pg from "pg";
import { eventually } from "./eventually";

/** The backend id of a connection, to see later who waits for what it holds. */
export async function backendPid(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  const pid = rows[0]?.pid;
  if (pid === undefined) throw new Error("no backend pid");
  return pid;
}

/**
 * Resolves once at least `count` other backends are waiting for a lock `holderPid` holds: the race
 * a test names is then certain to happen, instead of hoped for after a pause.
 */
export async function waitUntilBlockedBy(pool: pg.Pool, holderPid: number, count = 1, timeoutMs = 10_000) {
  await eventually(async () => {
    const { rows } = await pool.query<{ waiting: number }>(
      "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))",
      [holderPid],
    );
    return (rows[0]?.waiting ?? 0) >= count;
  }, timeoutMs);
}

/** How many backends of this database wait for a lock another one holds. */
export async function lockWaiters(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ waiting: number }>(
    `SELECT count(*)::int AS waiting FROM pg_stat_activity
     WHERE datname = current_database() AND cardinality(pg_blocking_pids(pid)) > 0`,
  );
  return rows[0]?.waiting ?? 0;
}
