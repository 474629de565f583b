import { isApiError } from "../../lib/api-client";

/**
 * What to say when the server refused a change: its own French message when it explains why (the
 * order is not someone's, it moved on since the page was loaded, or too many tries in a short
 * time), else the screen's message.
 */
const EXPLAINED_STATUSES = new Set([404, 409, 429]);

export function refusalMessage(error: unknown, fallback: string): string {
  return isApiError(error) && EXPLAINED_STATUSES.has(error.status) ? error.message : fallback;
}
