import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "../../config";
import { assertStorageKey, type Storage } from "./storage";

const CONTENT_TYPES: Record<string, string> = { pdf: "application/pdf" };

function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";
}

/** S3 answers 404 NoSuchKey for a missing object; some compatible stores only send the status. */
function isMissingObject(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Files as objects of one bucket (STORAGE=s3), one object per key: every instance of the app reads
 * what another wrote. The bucket must exist (compose.yaml's minio-bucket service creates it).
 */
export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's default
    // CRC32 trailers (aws-chunked uploads), and a label is small enough to send in one piece.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // An unreachable store fails the request in seconds rather than holding it.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
  });
  const { bucket } = settings;

  return {
    async put(key, content) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: content, ContentType: contentTypeOf(key) }),
      );
    },

    async get(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      // S3 answers 204 whether or not the object existed.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
