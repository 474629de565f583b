import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { createStorage } from "../src/integrations/storage/create-storage";
import { createS3Storage } from "../src/integrations/storage/s3-storage";
import type { Storage } from "../src/integrations/storage/storage";
import { startS3Server, type TestS3Server } from "./support/s3-server";

let s3: TestS3Server;
let storage: Storage;
beforeAll(async () => {
  s3 = await startS3Server();
  storage = await createStorage(loadConfig(s3.env));
});
afterAll(async () => s3.close());

const text = (bytes: Uint8Array | null) => new TextDecoder().decode(bytes ?? new Uint8Array());

describe("S3 storage against an S3-compatible server", () => {
  it("puts, gets, replaces and deletes an object by key", async () => {
    const key = "labels/order-1/VT00000000018.pdf";
    await storage.put(key, new TextEncoder().encode("first"));
    await storage.put(key, new TextEncoder().encode("second"));
    expect(text(await storage.get(key))).toBe("second");
    expect(await s3.objectKeys()).toEqual([key]);
    expect(await s3.contentTypeOf(key)).toBe("application/pdf");

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await s3.objectKeys()).toEqual([]);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("keeps binary content byte for byte", async () => {
    const content = new Uint8Array(randomBytes(300_000));
    await storage.put("labels/order-2/big.pdf", content);
    expect(Buffer.from((await storage.get("labels/order-2/big.pdf")) ?? []).equals(content)).toBe(true);
    await storage.delete("labels/order-2/big.pdf");
  });

  it("answers null for a key never stored", async () => {
    expect(await storage.get("labels/nothing.pdf")).toBeNull();
  });

  it("refuses keys that would leave the store's layout, before any request", async () => {
    await expect(storage.put("../secret", new Uint8Array())).rejects.toThrow("invalid storage key");
    await expect(storage.get("labels//x")).rejects.toThrow("invalid storage key");
  });

  it("signs its requests: a wrong secret is refused by the server", async () => {
    const settings = loadConfig({ ...s3.env, S3_SECRET_ACCESS_KEY: "not-the-secret" }).s3;
    if (!settings) throw new Error("no S3 settings");
    await expect(createS3Storage(settings).put("labels/x.pdf", new Uint8Array([1]))).rejects.toThrow(
      /signature/i,
    );
    expect(await s3.objectKeys()).toEqual([]);
  });

  it("fails, rather than hangs, when the store cannot be reached", async () => {
    const settings = loadConfig({ ...s3.env, S3_ENDPOINT: "http://127.0.0.1:9" }).s3;
    if (!settings) throw new Error("no S3 settings");
    await expect(createS3Storage(settings).get("labels/x.pdf")).rejects.toThrow();
  });
});
