/*
 * What a customer is told of their live claims (decision 032): by e-mail through the shop's
 * message templates, and as web push notifications on the devices they allowed.
 */

/** The four moments a customer hears of; each is also a message template type. */
export const CUSTOMER_NOTICE_KINDS = [
  "claim-reserved",
  "claim-reminder",
  "claim-expired",
  "claim-handed-over",
] as const;
export type CustomerNoticeKind = (typeof CUSTOMER_NOTICE_KINDS)[number];

/** How 'Templates messages' names them, beside the order statuses. */
export const customerNoticeLabels: Record<CustomerNoticeKind, string> = {
  "claim-reserved": "Réservé pour vous",
  "claim-reminder": "Rappel avant la fin de la réservation",
  "claim-expired": "Réservation expirée",
  "claim-handed-over": "C'est à vous !",
};

/**
 * Notices of one customer that come within this many seconds of the first one make one mail (and
 * one push) per kind: a burst of claims in a few seconds is one 'Réservé pour vous', not ten.
 */
export const NOTICE_BATCH_SECONDS = 5;

/** How long before a hold ends its order's one reminder goes (CLAIM_REMINDER_HOURS). */
export const DEFAULT_CLAIM_REMINDER_SECONDS = 2 * 60 * 60;

/**
 * Past-due holds of a customer that make the engine stop giving them pieces by itself
 * (UNPAID_HOLDS_LIMIT; 0 turns the rule off): their claims wait for a staff click.
 */
export const DEFAULT_UNPAID_HOLDS_LIMIT = 2;

/** Whether a customer at this count of unpaid holds gets pieces only by a staff click. */
export function needsStaffToGive(unpaidHolds: number, limit: number): boolean {
  return limit > 0 && unpaidHolds >= limit;
}

export const pushMessages = {
  unsupported: "Votre navigateur ne permet pas les notifications",
  denied: "Les notifications sont bloquées pour ce site dans votre navigateur",
  enabled: "Notifications activées sur cet appareil",
  disabled: "Notifications désactivées sur cet appareil",
  failed: "Impossible d'activer les notifications",
  invalidSubscription: "Abonnement aux notifications invalide",
} as const;
