import type { AppConfig } from "../config";
import { connectDatabase, type DatabaseHandle } from "./client";
import { startEmbeddedDatabase } from "./embedded";

export interface OpenedDatabase extends DatabaseHandle {
  embedded: boolean;
}

/** `DATABASE_URL` when set; otherwise the embedded PostgreSQL under DATA_DIR. */
export async function openDatabase(
  config: AppConfig,
  log: (message: string) => void,
  { callerHandlesStopSignals = false } = {},
): Promise<OpenedDatabase> {
  if (config.databaseUrl) return { ...connectDatabase(config.databaseUrl), embedded: false };
  const embedded = await startEmbeddedDatabase({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    log,
    callerHandlesStopSignals,
  });
  const handle = connectDatabase(embedded.url);
  return {
    ...handle,
    embedded: true,
    close: async () => {
      await handle.close();
      await embedded.stop();
    },
  };
}
