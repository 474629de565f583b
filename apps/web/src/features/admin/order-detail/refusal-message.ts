import { isApiError } from "../../../lib/api-client";

/**
 * What to tell staff when a change fails: the server's own French reason when it refused the
 * change (a 4xx: 'Ce produit a déjà été vendu dans ce live.'), the screen's message otherwise.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : fallback;
}
