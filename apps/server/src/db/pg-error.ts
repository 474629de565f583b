/**
 * The PostgreSQL error code (SQLSTATE, e.g. 23505) behind a failed query. Drizzle wraps the pg
 * driver's error in its own, with the original as `cause`; a bare pg error carries `code` itself.
 */
export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  if ("code" in error && typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code))
    return error.code;
  return "cause" in error ? pgErrorCode(error.cause) : undefined;
}

export const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";
export const CHECK_VIOLATION = "23514";

/** The constraint a failed query broke (unique index, foreign key, check), when PostgreSQL names one. */
export function pgErrorConstraint(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  if ("constraint" in error && typeof error.constraint === "string") return error.constraint;
  return "cause" in error ? pgErrorConstraint(error.cause) : undefined;
}

/** SQLSTATE of a plain `RAISE EXCEPTION` in a database function. */
export const RAISED_EXCEPTION = "P0001";

/** What a database function's `RAISE EXCEPTION` said (its message and hint), when it raised one. */
export function pgRaised(error: unknown): { message: string; hint: string | undefined } | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  if ("code" in error && error.code === RAISED_EXCEPTION && "message" in error) {
    const hint = "hint" in error && typeof error.hint === "string" ? error.hint : undefined;
    return { message: String(error.message), hint };
  }
  return "cause" in error ? pgRaised(error.cause) : undefined;
}
