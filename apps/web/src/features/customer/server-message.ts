import { isApiError } from "../../lib/api-client";

/**
 * What to say when the server refused a change: its own French message when it explains why (the
 * order is not someone's, or it moved on since the page was loaded), else the screen's message.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  return isApiError(error) && (error.status === 404 || error.status === 409) ? error.message : fallback;
}
