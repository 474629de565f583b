import { ilike, or, sql } from "drizzle-orm";
import { users } from "./schema";

/**
 * The back office's user search (spec §7: case-insensitive partial match on e-mail, TikTok handle,
 * first or last name), for an ILIKE pattern such as `likeContaining(text)` makes.
 */
export function userMatches(pattern: string) {
  return or(
    ilike(users.email, pattern),
    ilike(users.tiktokUsername, pattern),
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
  );
}

/** Sorted by last name (spec §7), people without one last. */
export const byLastName = sql`${users.lastName} ASC NULLS LAST`;
