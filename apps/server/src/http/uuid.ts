/** A canonical UUID, as the app writes every id. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a text from outside (a URL, a provider's notification) can name a row: anything else
 * names none, and is answered like an unknown id rather than sent to PostgreSQL, which would
 * refuse it as malformed.
 */
export function isUuid(text: string): boolean {
  return UUID_PATTERN.test(text);
}
