import { spawn, spawnSync } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
} from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import pg from "pg";

export interface PostgresTool {
  path: string;
  major: number;
}

/** The major version a PostgreSQL client tool reports (`pg_dump (PostgreSQL) 17.2` -> 17). */
export function toolMajorVersion(toolPath: string): number | undefined {
  const result = spawnSync(toolPath, ["--version"], { encoding: "utf8" });
  const major = result.status === 0 ? result.stdout.match(/\(PostgreSQL\)\s+(\d+)/)?.[1] : undefined;
  return major ? Number(major) : undefined;
}

/** pg_dump candidates: PG_DUMP, then Debian's per-version folders, then the one on PATH. */
export function pgDumpCandidates(env: NodeJS.ProcessEnv = process.env): string[] {
  const candidates: string[] = [];
  if (env.PG_DUMP) candidates.push(env.PG_DUMP);
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    for (const version of readdirSync(debian)) candidates.push(path.join(debian, version, "bin", "pg_dump"));
  }
  for (const folder of (env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    candidates.push(path.join(folder, "pg_dump"));
  }
  const found = candidates
    .filter((candidate) => existsSync(candidate))
    .map((candidate) => realpathSync(candidate));
  return found.filter((candidate, index) => found.indexOf(candidate) === index);
}

/**
 * pg_dump refuses a server newer than itself: the newest tool found, if it is recent enough; else an
 * error that says what was found and what to install.
 */
export function choosePgDump(tools: PostgresTool[], serverMajor: number): PostgresTool {
  const newest = [...tools].sort((a, b) => b.major - a.major)[0];
  if (newest && newest.major >= serverMajor) return newest;
  const found = tools.length > 0 ? tools.map((tool) => `${tool.major} (${tool.path})`).join(", ") : "none";
  throw new Error(
    `pg_dump ${serverMajor} or newer is needed to back up this PostgreSQL ${serverMajor} server; found: ${found}. ` +
      `Install the PostgreSQL ${serverMajor} client tools (Debian/Ubuntu: postgresql-client-${serverMajor}) or set PG_DUMP.`,
  );
}

export async function serverMajorVersion(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ server_version_num: string }>("SHOW server_version_num");
    return Math.floor(Number(result.rows[0]?.server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}

/** ./data/backups/2026-11-23T14-05-09Z.sql.gz */
export function defaultBackupFile(dataDir: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
  return path.join(dataDir, "backups", `${stamp}.sql.gz`);
}

/**
 * A plain SQL dump of the whole database, gzipped, without owners or grants so that it restores
 * under any role (`gunzip -c FILE | psql ...`). Written beside the target first and renamed at the
 * end: a failed dump never leaves a file that looks like a backup.
 */
export async function backUpDatabase(databaseUrl: string, file: string, pgDump: PostgresTool): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  const dump = spawn(pgDump.path, ["--no-owner", "--no-privileges", "--format=plain", `--dbname=${url}`], {
    // Not on the command line, where any local user could read it.
    env: { ...process.env, PGPASSWORD: password },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  dump.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => dump.once("close", resolve));
  try {
    await pipeline(dump.stdout, createGzip(), createWriteStream(partial));
    const code = await exited;
    if (code !== 0) throw new Error(`pg_dump failed (exit code ${code}): ${errors.trim()}`);
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}
