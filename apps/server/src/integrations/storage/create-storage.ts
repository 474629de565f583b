import type { AppConfig } from "../../config";
import { createLocalStorage } from "./local-storage";
import type { Storage } from "./storage";

/** The storage STORAGE names: a folder of this server's disk, or an S3 bucket shared by every instance. */
export async function createStorage(
  config: Pick<AppConfig, "storage" | "storageDir" | "s3">,
): Promise<Storage> {
  if (config.storage === "local") return createLocalStorage(config.storageDir);
  if (!config.s3) throw new Error("STORAGE=s3 without its S3_ settings");
  // Loaded only for STORAGE=s3: the AWS SDK is about a megabyte that every start would parse.
  const { createS3Storage } = await import("./s3-storage");
  return createS3Storage(config.s3);
}
