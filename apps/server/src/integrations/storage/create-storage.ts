import type { AppConfig } from "../../config";
import { createLocalStorage } from "./local-storage";
import type { Storage } from "./storage";

/** The storage STORAGE names (only "local" so far: config refuses "s3" until its adapter exists). */
export function createStorage(config: Pick<AppConfig, "storage" | "storageDir">): Storage {
  if (config.storage !== "local") throw new Error(`STORAGE=${config.storage} has no adapter yet`);
  return createLocalStorage(config.storageDir);
}
