import S3rver from "@20minutes/s3rver";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * An S3-compatible server on 127.0.0.1 for the tests (s3rver: objects in a temporary folder, real
 * S3 REST protocol and SigV4 signatures checked against its one key pair, S3RVER / S3RVER).
 */
export interface TestS3Server {
  /** The app's settings for STORAGE=s3 against this server. */
  env: Record<string, string>;
  /** The keys of the objects in the bucket, sorted, read from the server's own folder. */
  objectKeys: () => Promise<string[]>;
  /** The Content-Type an object was stored with. */
  contentTypeOf: (key: string) => Promise<string | undefined>;
  close: () => Promise<void>;
}

export const TEST_BUCKET = "vitrine-test";
const OBJECT_SUFFIX = "._S3rver_object";

export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "vitrine-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    STORAGE: "s3",
    S3_BUCKET: TEST_BUCKET,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  };
  return {
    env,
    // Its filesystem store keeps each object as "<key>._S3rver_object" under the bucket's folder
    // (its ListObjects signs the bucket path differently from the AWS SDK, so it is not asked).
    objectKeys: async () => {
      const bucketFolder = path.join(directory, TEST_BUCKET);
      const files = await readdir(bucketFolder, { recursive: true });
      return files
        .filter((file) => file.endsWith(OBJECT_SUFFIX))
        .map((file) => file.slice(0, -OBJECT_SUFFIX.length).split(path.sep).join("/"))
        .sort();
    },
    contentTypeOf: async (key) => {
      const metadata: unknown = JSON.parse(
        await readFile(path.join(directory, TEST_BUCKET, `${key}._S3rver_metadata.json`), "utf8"),
      );
      return typeof metadata === "object" && metadata !== null && "content-type" in metadata
        ? String(metadata["content-type"])
        : undefined;
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
