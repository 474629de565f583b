import { formatEuros } from "./money";
import type { RefundState } from "./after-live";
import { PAID_ORDER_STATUSES, type OrderStatus } from "./order-status";

/**
 * Cancelling a paid order gives its money back (decision 033): the staff's texts and the rule of
 * what is left to give back. The refusals every refund shares are `refundMessages` (after-live.ts).
 */
export const orderRefundMessages = {
  cardTitle: "Remboursements",
  none: "Aucun remboursement pour cette commande.",
  cancelAndRefund: "Annuler et rembourser",
  /** The confirmation's way out: "Annuler" beside "Annuler et rembourser" would read as the action. */
  keepOrder: "Garder la commande",
  confirmTitle: "Annuler et rembourser la commande ?",
  confirm: (amount: string) => `Rembourser ${amount} et annuler la commande ?`,
  confirmNothingToRefund:
    "Aucun paiement en ligne n'est à rembourser sur cette commande : elle sera seulement annulée.",
  /** A parcel may have left: the refund does not bring it back (the label is kept). */
  shippedWarning:
    "Cette commande est déjà expédiée : le colis est peut-être parti. Le remboursement ne le fait pas revenir, l'étiquette est conservée.",
  labelWarning:
    "Une étiquette d'expédition existe pour cette commande : elle est conservée, vérifiez que le colis n'est pas parti.",
  refunded: (amount: string) => `Commande annulée et remboursée (${amount})`,
  cancelled: "Commande annulée",
  pending: "Remboursement en cours…",
  loadFailed: "Impossible de charger les remboursements de cette commande.",
  /** Staff may not file a paid order as cancelled by its customer: that would keep the money. */
  customerCancelPaid:
    "Impossible : une commande payée ne peut pas être annulée par le client, choisissez « Annulée par l'admin » pour la rembourser",
  /** The orders list's bulk change to cancelled-by-admin. */
  bulkCancelNotice:
    " Les commandes payées seront remboursées par le prestataire de paiement ; celles dont le remboursement est refusé restent payées.",
  /** The status dialog: cancelling a paid order there refunds it too. */
  statusDialogRefunds: (amount: string) =>
    `Cette commande est payée : l'annuler rembourse ${amount} au client par le prestataire de paiement.`,
} as const;

/** What the customer reads of an order the shop cancelled and refunded ('Remboursée': after-live.ts). */
export const customerRefundMessages = {
  banner: "Cette commande a été annulée par la boutique et remboursée.",
  refundedOn: (date: string) => `Remboursement effectué le ${date}.`,
} as const;

/** How staff read a refund's reason and kind. */
export const refundReasonLabels = {
  "order-cancelled": "Commande annulée",
  "combined-shipping": "Frais de port d'un colis groupé",
} as const;

/** What the provider did: refunded the money, or cancelled a payment not captured yet. */
export const REFUND_KINDS = ["refund", "cancellation"] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

export const refundKindLabels: Record<RefundKind, string> = {
  refund: "Remboursement",
  cancellation: "Annulation du paiement",
};

export const refundStateLabels = {
  requested: "En cours",
  "to-check": "À vérifier",
  done: "Effectué",
  refused: "Refusé",
} as const satisfies Record<RefundState, string>;

/** What staff read beside a refund that is not settled yet. */
export const refundStateHints = {
  requested: "Demandé au prestataire de paiement, en attente de sa réponse.",
  "to-check":
    "Le prestataire n'a pas répondu à temps : Vitrine relit l'opération auprès de lui et met la commande à jour d'elle-même.",
} as const;

/** Whether an order counts as paid: cancelling it gives its money back first. */
export function isPaidOrderStatus(status: OrderStatus): boolean {
  return (PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Statuses in which the parcel may have left the shop. */
const PARCEL_MAY_BE_GONE: readonly OrderStatus[] = ["shipped", "delivered"];

export function parcelMayBeGone(status: OrderStatus): boolean {
  return PARCEL_MAY_BE_GONE.includes(status);
}

/**
 * What a cancellation gives back: what the provider took for the order minus what it already gave
 * back (a combined parcel's fee, say), never below zero. What was paid, not the order's total: the
 * two differ only when staff accepted a payment of another amount (payments to review), and only
 * what was taken can go back.
 */
export function amountLeftToRefund(paidCents: number, refundedCents: number): number {
  return Math.max(0, paidCents - refundedCents);
}

/** "Rembourser 25,80 € et annuler la commande ?" for a cancellation that gives this much back. */
export function cancelConfirmation(leftCents: number): string {
  return leftCents > 0
    ? orderRefundMessages.confirm(formatEuros(leftCents))
    : orderRefundMessages.confirmNothingToRefund;
}
