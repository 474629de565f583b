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

// The socket's failures when PostgreSQL is stopped, restarting or out of reach.
const UNREACHABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// What pg and pg-pool say when a connection could not be had or was lost under a query.
const UNREACHABLE_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated",
  "Client has encountered a connection error",
  "Client was closed and is not queryable",
];
// SQLSTATE of a server that is shutting down or not yet accepting connections.
const UNREACHABLE_STATES = new Set(["57P01", "57P02", "57P03"]);

/**
 * Whether a failure means PostgreSQL could not be reached (stopped, restarting, the network or the
 * pool's wait for a connection timed out), rather than a query it refused. Class 08 is SQLSTATE's
 * connection exceptions. Follows Drizzle's `cause` as pgErrorCode does.
 */
export function databaseUnreachable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
  if (code !== undefined && (UNREACHABLE_SOCKET_CODES.has(code) || UNREACHABLE_STATES.has(code))) return true;
  if (code !== undefined && /^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = "message" in error && typeof error.message === "string" ? error.message : "";
  if (UNREACHABLE_MESSAGES.some((text) => message.startsWith(text))) return true;
  // A pool's connect failing on every address (localhost as ::1 and 127.0.0.1) is an AggregateError.
  if (error instanceof AggregateError && error.errors.some(databaseUnreachable)) return true;
  return "cause" in error ? databaseUnreachable(error.cause) : false;
}
