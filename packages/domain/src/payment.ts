import { formatEuros } from "./money";

/** Payment messages (spec customer-and-auth.md section 8 "Payment" and "Successes"), word for word. */
export const paymentMessages = {
  paymentUrlFailed: "Impossible d'obtenir l'URL de paiement",
  tokenFailed: "Impossible de générer le token de paiement",
  invalidPaymentUrl: "URL de paiement invalide",
  processFailed: "Impossible de traiter le paiement",
  initFailed: "Impossible d'initialiser le paiement. Veuillez réessayer.",
  processingError: "Erreur lors du traitement du paiement. Veuillez réessayer.",
  failed: "Échec du paiement",
  statusUpdateFailed: "Impossible de mettre à jour le statut de paiement",
  succeededToast: "Paiement effectué avec succès",
  succeeded: "Paiement réussi !",
  /** Our own: the order is not (or no longer) waiting for payment. */
  notPayable: "Cette commande n'est pas à régler.",
  /** Our own: the provider has not confirmed the payment (yet). */
  notConfirmed: "Le paiement n'a pas encore été confirmé par la banque. Veuillez réessayer dans un instant.",
  /** Our own: one payment form pays once. */
  formAlreadyUsed:
    "Ce formulaire de paiement a déjà servi à un paiement. Consultez votre commande avant de payer à nouveau.",
  /** Our own: too many payment forms or status checks in a short time (each one asks the bank). */
  rateLimited:
    "Trop de demandes de paiement en peu de temps. Veuillez patienter quelques minutes avant de réessayer.",
} as const;

/** Our own: the payment page saw the order's total change (staff changed its items) before payment. */
export function paymentTotalChangedMessage(totalAmountCents: number): string {
  return `Votre commande a été modifiée : le total à régler est maintenant de ${formatEuros(totalAmountCents)}. Le formulaire de paiement a été mis à jour.`;
}

/** How often the payment page asks for the order again, so that a change shows before payment. */
export const PAYMENT_PAGE_ORDER_REFRESH_MS = 15_000;

/**
 * Our own: the order's items changed after the payment form was opened; the form is refused and
 * the customer reads the total they would now pay.
 */
export function paymentFormOutdatedMessage(totalAmountCents: number): string {
  return `Votre commande a été modifiée depuis l'ouverture de ce formulaire : le nouveau total est de ${formatEuros(totalAmountCents)}. Relancez le paiement pour régler ce montant.`;
}

/** The spec's redirect from the success message back to the order. */
export const PAYMENT_SUCCESS_REDIRECT_MS = 2000;

/** Payment amounts go to the provider in cents (the spec's "total times 100"). */
export const PAYMENT_CURRENCY = "EUR";

export const PAYMENT_PROVIDERS = ["simulator", "lyra"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * Lyra's published test cards (any future expiry, CVV 123), which the simulator honours the same way:
 * the first is accepted, the second refused; any other valid number is refused as well.
 */
export const LYRA_TEST_CARDS = {
  accepted: "4970100000000055",
  refused: "4970100000000113",
  /** The simulator's own: it pays, but the simulator refuses to refund it (to show a refusal). */
  refundRefused: "4970100000000097",
} as const;

export const cardFormMessages = {
  cardNumberRequired: "Le numéro de carte est obligatoire",
  cardNumberInvalid: "Le numéro de carte n'est pas valide",
  expiryRequired: "La date d'expiration est obligatoire",
  expiryInvalid: "La date d'expiration doit être au format MM/AA",
  expiryPast: "La carte est expirée",
  securityCodeRequired: "Le cryptogramme est obligatoire",
  securityCodeInvalid: "Le cryptogramme doit contenir 3 ou 4 chiffres",
} as const;

/** Digits only: people type card numbers with spaces. */
export function cardDigits(raw: string): string {
  return raw.replace(/[\s-]/g, "");
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardNumberError(raw: string): string | null {
  const digits = cardDigits(raw);
  if (!digits) return cardFormMessages.cardNumberRequired;
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return cardFormMessages.cardNumberInvalid;
  return null;
}

/** "MM/AA"; a card is valid until the end of its expiry month. */
export function cardExpiryError(raw: string, now: Date = new Date()): string | null {
  const text = raw.replace(/\s/g, "");
  if (!text) return cardFormMessages.expiryRequired;
  const match = /^(\d{2})\/(\d{2})$/.exec(text);
  const month = Number(match?.[1]);
  if (!match || month < 1 || month > 12) return cardFormMessages.expiryInvalid;
  const year = 2000 + Number(match[2]);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < current) return cardFormMessages.expiryPast;
  return null;
}

export function securityCodeError(raw: string): string | null {
  const text = raw.trim();
  if (!text) return cardFormMessages.securityCodeRequired;
  if (!/^\d{3,4}$/.test(text)) return cardFormMessages.securityCodeInvalid;
  return null;
}

/** Shows a card number the way cards print it: groups of four. */
export function formatCardNumber(raw: string): string {
  return cardDigits(raw)
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}
