/**
 * Where the app keeps files (shipping labels): docs/design.md section 3. Keys are relative, lower-case
 * paths such as "labels/<order id>/<parcel number>.pdf": file paths under STORAGE_DIR for the local
 * adapter, object keys in the bucket for the S3 one.
 */
export interface Storage {
  /** Writes the file, replacing one already stored under that key. */
  put(key: string, content: Uint8Array): Promise<void>;
  /** The file's bytes, or null when nothing is stored under that key. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the file; a key with no file is not an error. */
  delete(key: string): Promise<void>;
}

/** Segments of letters, digits, dots, dashes and underscores, never "." or "..": no way out of the store. */
const STORAGE_KEY = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[a-z0-9._-]+(?:\/[a-z0-9._-]+)*$/i;

export function isStorageKey(key: string): boolean {
  return key.length <= 512 && STORAGE_KEY.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
