/**
 * Text PostgreSQL cannot store as it was sent: U+0000 (refused by every text column) and UTF-16
 * halves without their pair (a lone surrogate, which the driver would silently turn into U+FFFD).
 * One rule for every field a person or a live source sends: forms and query parameters refuse it
 * with a French message, live comments are cleaned one by one (toStorableText).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");
const NUL = String.fromCharCode(0);

export const storableTextMessages = {
  field: (label: string) => `${label} contient un caractère non valide (caractère nul ou mal encodé).`,
  request: "La demande contient un caractère non valide (caractère nul ou mal encodé).",
} as const;

/** True when the text holds U+0000 or a lone surrogate. */
export function hasUnstorableText(value: string): boolean {
  return value.includes(NUL) || LONE_SURROGATE.test(value);
}

/** The text without U+0000, each lone surrogate replaced by U+FFFD (what a reader can still show). */
export function toStorableText(value: string): string {
  if (!hasUnstorableText(value)) return value;
  return value.split(NUL).join("").replace(LONE_SURROGATES, "\uFFFD");
}

/**
 * The path of the first string (or object key) in a parsed JSON body, query or params that holds
 * unstorable text, e.g. ["address", "city"]; null when everything can be stored.
 */
export function findUnstorableText(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === "string") return hasUnstorableText(value) ? path : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findUnstorableText(value[index], [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, entry] of Object.entries(value)) {
      if (hasUnstorableText(key)) return [...path, key];
      const found = findUnstorableText(entry, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
