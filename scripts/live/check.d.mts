import type { LiveCommentReading } from "@vitrine/domain";

/** A pg client (not a pool: the check runs in one snapshot). */
interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface LiveInvariant {
  name: string;
  /** How many things it looked at (pieces, claims, expiries, claim comments). */
  checked: number;
  violations: number;
  /** A few of the violations, as sentences. */
  examples: string[];
  detail?: string;
}

export interface LiveCheck {
  liveId: string;
  ok: boolean;
  invariants: LiveInvariant[];
}

export function checkLive(
  db: Queryable,
  liveRef: string,
  options?: { read?: (comment: string, colors: readonly string[]) => LiveCommentReading },
): Promise<LiveCheck | null>;
export function formatCheck(liveRef: string, result: LiveCheck): string;
export function checkerDatabaseUrl(env?: Record<string, string | undefined>): string;
