import type { AppConfig } from "../../config";
import { createLocalStorage } from "./local-storage";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";

/** The storage STORAGE names: a folder of this server's disk, or an S3 bucket shared by every instance. */
export function createStorage(config: Pick<AppConfig, "storage" | "storageDir" | "s3">): Storage {
  if (config.storage === "local") return createLocalStorage(config.storageDir);
  if (!config.s3) throw new Error("STORAGE=s3 without its S3_ settings");
  return createS3Storage(config.s3);
}
