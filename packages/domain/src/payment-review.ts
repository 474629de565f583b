/**
 * A payment the provider took that moved no order (a form issued before staff changed the items, a
 * second payment of a paid order, an order cancelled or reopened meanwhile): staff refund it or
 * accept it (docs/decisions/022-payments-to-review.md).
 */
export const PAYMENT_REVIEW_REASONS = ["wrong-amount", "not-payable"] as const;
export type PaymentReviewReason = (typeof PAYMENT_REVIEW_REASONS)[number];

export const PAYMENT_REVIEW_STATUSES = ["open", "refunded", "accepted"] as const;
export type PaymentReviewStatus = (typeof PAYMENT_REVIEW_STATUSES)[number];

export const paymentReviewReasonLabels: Record<PaymentReviewReason, string> = {
  "wrong-amount": "Montant différent du total de la commande",
  "not-payable": "Commande qui n'attendait pas de paiement",
};

export const paymentReviewMessages = {
  title: "Paiements à vérifier",
  empty: "Aucun paiement à vérifier",
  loadFailed: "Impossible de charger les paiements à vérifier",
  notFound: "Paiement à vérifier introuvable",
  alreadyResolved: "Ce paiement a déjà été traité.",
  refundRefused:
    "Le prestataire de paiement a refusé le remboursement. Le paiement reste à vérifier : réessayez ou remboursez depuis l'espace du prestataire.",
  refundUnreachable:
    "Le prestataire de paiement n'a pas répondu. Le paiement reste à vérifier : réessayez dans quelques instants.",
  refunded: "Paiement remboursé",
  accepted: "Paiement accepté",
  /** What the customer who paid reads instead of the order's status until staff resolve it. */
  customerStatus: "Paiement reçu, en cours de vérification",
  customerBanner:
    "Nous avons bien reçu votre paiement. La boutique le vérifie et revient vers vous si nécessaire.",
  mailSubject: "Paiement à vérifier",
} as const;
