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

export function orderTotalCents(itemPricesCents: readonly number[]): number {
  return itemPricesCents.reduce((sum, price) => sum + price, SHIPPING_FEE_CENTS);
}

export const euroAmountMessages = {
  notANumber: "Le prix doit être un nombre (ex : 12,50)",
  negative: "Le prix ne peut pas être négatif",
  tooPrecise: "Le prix ne peut pas avoir plus de 2 décimales",
} as const;

const EURO_AMOUNT = /^(-)?(\d+)(?:[.,](\d*))?$/;

export type EuroAmountParse = { ok: true; cents: number } | { ok: false; message: string };

/**
 * An amount typed in euros ("12", "12,5", "12.50") to integer cents, computed from the digits so
 * that no float rounding ever reaches a price.
 */
export function parseEurosToCents(text: string): EuroAmountParse {
  const match = EURO_AMOUNT.exec(text.trim().replace(/\s/g, ""));
  if (!match) return { ok: false, message: euroAmountMessages.notANumber };
  const [, minus, whole = "", fraction = ""] = match;
  if (minus) return { ok: false, message: euroAmountMessages.negative };
  if (fraction.length > 2) return { ok: false, message: euroAmountMessages.tooPrecise };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) return { ok: false, message: euroAmountMessages.notANumber };
  return { ok: true, cents };
}

/** Cents as a form field shows them: "12.50" (the value of an `<input type="number">`). */
export function centsToEuroInput(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
