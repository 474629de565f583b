import { euroAmountMessages, formatEuros, parseEurosToCents } from "./money";

/*
 * What an order needs to be validated or paid: at least one piece, and, when the shop sets one,
 * its minimum. The minimum counts the pieces only (the subtotal): shipping is not something bought.
 */

/** The highest minimum the setting takes: beyond it no live order could ever be validated. */
export const MAX_MINIMUM_ORDER_CENTS = 1_000_000;

export const orderContentMessages = {
  /** An order that lost its last piece (or never had one): nothing to validate or pay. */
  empty: "Cette commande ne contient aucune pièce : il n'y a rien à valider ni à régler.",
  belowMinimum: (shortfallCents: number, minimumCents: number) =>
    `Encore ${formatEuros(shortfallCents)} pour atteindre le minimum de commande de ${formatEuros(minimumCents)}`,
} as const;

/** How much is still missing to reach the minimum (0 when reached or when there is none). */
export function minimumOrderShortfallCents(subtotalCents: number, minimumCents: number | null): number {
  if (minimumCents === null) return 0;
  return Math.max(0, minimumCents - subtotalCents);
}

/** Why an order of these pieces cannot be validated or paid, or null when it can. */
export function orderContentRefusal(
  order: { itemCount: number; subtotalCents: number },
  minimumCents: number | null,
): string | null {
  if (order.itemCount === 0) return orderContentMessages.empty;
  const shortfall = minimumOrderShortfallCents(order.subtotalCents, minimumCents);
  return shortfall > 0 ? orderContentMessages.belowMinimum(shortfall, minimumCents ?? 0) : null;
}

export const minimumOrderMessages = {
  notAnAmount: "Le minimum de commande doit être un montant en euros (ex : 25,00)",
  negative: "Le minimum de commande ne peut pas être négatif",
  tooPrecise: "Le minimum de commande ne peut pas avoir plus de 2 décimales",
  tooHigh: `Le minimum de commande ne peut pas dépasser ${formatEuros(MAX_MINIMUM_ORDER_CENTS)}`,
  saved: "Réglages enregistrés",
  saveFailed: "Impossible d'enregistrer les réglages",
  none: "Aucun minimum",
} as const;

export type MinimumOrderParse = { ok: true; cents: number | null } | { ok: false; message: string };

/**
 * The minimum as staff type it ("25", "25,00", "9,90 €"); empty or zero means no minimum.
 * The same reading in the form and on the server.
 */
export function parseMinimumOrder(text: string): MinimumOrderParse {
  if (text.trim() === "") return { ok: true, cents: null };
  const parsed = parseEurosToCents(text);
  if (!parsed.ok) {
    if (parsed.message === euroAmountMessages.negative)
      return { ok: false, message: minimumOrderMessages.negative };
    if (parsed.message === euroAmountMessages.tooPrecise)
      return { ok: false, message: minimumOrderMessages.tooPrecise };
    return { ok: false, message: minimumOrderMessages.notAnAmount };
  }
  if (parsed.cents > MAX_MINIMUM_ORDER_CENTS) return { ok: false, message: minimumOrderMessages.tooHigh };
  return { ok: true, cents: parsed.cents === 0 ? null : parsed.cents };
}
