import { isApiError } from "./api-client";

/** The server's own French reason when it refused for a reason `explains` accepts, else the screen's message. */
function reasonOr(error: unknown, fallback: string, explains: (status: number) => boolean): string {
  return isApiError(error) && explains(error.status) ? error.message : fallback;
}

/**
 * What to tell staff when a change fails: the server's reason for any refusal (a 4xx: 'Ce produit a
 * déjà été vendu dans ce live.') or when the database was out of reach, the screen's message when
 * the server or the network failed otherwise.
 */
export function staffRefusalMessage(error: unknown, fallback: string): string {
  // PostgreSQL out of reach: the server's words say nothing was written and to try again.
  if (isApiError(error) && error.code === "DATABASE_UNREACHABLE") return error.message;
  return reasonOr(error, fallback, (status) => status >= 400 && status < 500);
}

/**
 * What to tell a customer: the server's words only where they explain the refusal to her (the
 * order is not hers, it moved on since the page was loaded, too many tries in a short time, or a
 * change to an order from live comments waits for her handle's proof, whose code it names); any
 * other refusal comes from a screen that checks its input already, so the screen's message.
 */
const EXPLAINED_TO_CUSTOMERS = new Set([404, 409, 429]);

export function customerRefusalMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.code === "HANDLE_NOT_PROVEN") return error.message;
  return reasonOr(error, fallback, (status) => EXPLAINED_TO_CUSTOMERS.has(status));
}
