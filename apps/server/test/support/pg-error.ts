import { pgErrorCode } from "../../src/db/pg-error";

export { CHECK_VIOLATION, FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from "../../src/db/pg-error";

/** The SQLSTATE a query fails with, or "no error" when it succeeds. */
export async function failureCodeOf(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
    return "no error";
  } catch (error) {
    return pgErrorCode(error) ?? `not a PostgreSQL error: ${String(error)}`;
  }
}
