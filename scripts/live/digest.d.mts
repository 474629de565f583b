/** A pg client or pool. */
interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export const DIGEST_HASH_LENGTH: number;
export function liveDigestText(db: Queryable, liveId: string): Promise<string>;
export function digestHash(text: string): string;
export function liveDigest(db: Queryable, liveRef: string): Promise<{ text: string; hash: string } | null>;
