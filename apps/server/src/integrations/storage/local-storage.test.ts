import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "./local-storage";
import { isStorageKey } from "./storage";

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "vitrine-storage-"));
});
afterAll(async () => rm(directory, { recursive: true, force: true }));

describe("local storage", () => {
  it("puts, gets, replaces and deletes a file by key", async () => {
    const storage = createLocalStorage(directory);
    await storage.put("labels/order-1/6A00000000001.pdf", new TextEncoder().encode("first"));
    await storage.put("labels/order-1/6A00000000001.pdf", new TextEncoder().encode("second"));
    const stored = await storage.get("labels/order-1/6A00000000001.pdf");
    expect(new TextDecoder().decode(stored ?? new Uint8Array())).toBe("second");
    expect(await readdir(path.join(directory, "labels/order-1"))).toEqual(["6A00000000001.pdf"]);
    await storage.delete("labels/order-1/6A00000000001.pdf");
    expect(await storage.get("labels/order-1/6A00000000001.pdf")).toBeNull();
    await expect(storage.delete("labels/order-1/6A00000000001.pdf")).resolves.toBeUndefined();
  });

  it("answers null for a key never stored", async () => {
    expect(await createLocalStorage(directory).get("labels/nothing.pdf")).toBeNull();
  });

  it("refuses keys that would leave its folder", async () => {
    const storage = createLocalStorage(directory);
    for (const key of [
      "../secret",
      "labels/../../etc/passwd",
      "/etc/passwd",
      "labels//x",
      "labels/./x",
      "",
    ]) {
      expect(isStorageKey(key)).toBe(false);
      await expect(storage.get(key)).rejects.toThrow("invalid storage key");
    }
    expect(isStorageKey("labels/0b7c/6A00000000001.pdf")).toBe(true);
  });
});
