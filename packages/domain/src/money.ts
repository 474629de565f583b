export const SHIPPING_FEE_CENTS = 600;
export const CURRENCY = "EUR";

const euroFormatter = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatEuros(cents: number): string {
  return euroFormatter.format(cents / 100);
}

export const euroAmountMessages = {
  empty: "Saisissez un prix (ex : 9,90)",
  notANumber: "Le prix doit être un nombre (ex : 12,50)",
  negative: "Le prix ne peut pas être négatif",
  tooPrecise: "Le prix ne peut pas avoir plus de 2 décimales",
} as const;

/*
 * Whole euros either plain ("1234") or grouped by thousands with a space ("1 234"), then an
 * optional decimal comma or point. Spaces anywhere else are refused: "12 50" could mean 12,50 €
 * or 1 250 €, and a price is never guessed.
 */
const EURO_AMOUNT = /^(\d+|\d{1,3}(?: \d{3})+)(?:[.,](\d*))?$/;
// Spaces as people and keyboards type them: plain, non-breaking, narrow non-breaking, thin.
const SPACES = /[\s\u00a0\u202f\u2009]+/g;
const EURO_SIGN = /^€|€$/g;
const MINUS = /^[-\u2212]/;

export type EuroAmountParse = { ok: true; cents: number } | { ok: false; message: string };

/**
 * An amount typed in euros, the French or the English way ("9,90", "9.90", "9,9", "10",
 * "1 234,50 €"), to integer cents. Computed from the digits so no float rounding reaches a price.
 * Every amount a person types goes through here, so the web app and its tests read them alike.
 */
export function parseEurosToCents(text: string): EuroAmountParse {
  const compact = text.replace(SPACES, " ").trim();
  if (compact === "") return { ok: false, message: euroAmountMessages.empty };
  const unsigned = compact.replace(EURO_SIGN, "").trim();
  if (MINUS.test(unsigned)) {
    return EURO_AMOUNT.test(unsigned.slice(1).trim())
      ? { ok: false, message: euroAmountMessages.negative }
      : { ok: false, message: euroAmountMessages.notANumber };
  }
  const match = EURO_AMOUNT.exec(unsigned);
  if (!match) return { ok: false, message: euroAmountMessages.notANumber };
  const [, whole = "", fraction = ""] = match;
  if (fraction.length > 2) return { ok: false, message: euroAmountMessages.tooPrecise };
  const cents = Number(whole.replace(/ /g, "")) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) return { ok: false, message: euroAmountMessages.notANumber };
  return { ok: true, cents };
}

/** What a typed amount was read as ("9,90 €"), or null while it cannot be read. */
export function understoodEuros(text: string): string | null {
  const parsed = parseEurosToCents(text);
  return parsed.ok ? formatEuros(parsed.cents) : null;
}

/** Cents as a price field shows them to be edited, the French way: "12,50". */
export function centsToEuroInput(cents: number): string {
  return `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}
