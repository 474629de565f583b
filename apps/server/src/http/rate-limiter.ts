import { httpMessages } from "@vitrine/domain";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { DomainError } from "./errors";

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /**
   * Counts one attempt for `key`; throws RATE_LIMITED once `rule.max` is passed in the window, with
   * `message` (the shared one unless the caller's words fit better).
   */
  consume(key: string, rule: RateLimitRule, message?: string): Promise<void>;
  /** Gives back one attempt counted by `consume` (an admin sign-in that succeeded is not a failure). */
  refund(key: string): Promise<void>;
}

/**
 * Fixed-window counters in PostgreSQL, shared by every server instance. One upsert per attempt:
 * the row is reset when its window has passed.
 */
export function createRateLimiter(db: Database): RateLimiter {
  return {
    async consume(key, rule, message = httpMessages.rateLimited) {
      const result = await db.execute<{ count: number }>(sql`
        INSERT INTO rate_limits (key, count, window_started_at) VALUES (${key}, 1, now())
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.window_started_at <= now() - make_interval(secs => ${rule.windowSeconds})
                       THEN 1 ELSE rate_limits.count + 1 END,
          window_started_at = CASE WHEN rate_limits.window_started_at <= now() - make_interval(secs => ${rule.windowSeconds})
                       THEN now() ELSE rate_limits.window_started_at END
        RETURNING count`);
      const count = Number(result.rows[0]?.count ?? 0);
      if (count > rule.max) throw new DomainError("RATE_LIMITED", message);
    },
    async refund(key) {
      await db.execute(sql`UPDATE rate_limits SET count = greatest(count - 1, 0) WHERE key = ${key}`);
    },
  };
}
