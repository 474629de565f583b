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
  /** Asked of the provider, its answer awaited. */
  refundRequested: "Remboursement demandé au prestataire de paiement, en attente de sa réponse.",
  /** No answer in time: the money may have gone back; read back from the provider before anything else. */
  refundToCheck:
    "Remboursement à vérifier : le prestataire de paiement n'a pas répondu à temps. Vitrine relit l'opération auprès de lui et met ce paiement à jour d'elle-même.",
  /** Read back: the provider made nothing, so asking again is safe. */
  refundNotMade:
    "Le prestataire de paiement n'a pas effectué ce remboursement : le paiement reste à vérifier, vous pouvez réessayer.",
  /** Refund, accept or give back while a refund is in flight: the money may be on its way back. */
  refundInFlight: "Un remboursement de ce paiement est en cours ou à vérifier : attendez qu'il soit terminé.",
  refunded: "Paiement remboursé",
  accepted: "Paiement accepté",
  /** What the customer who paid reads instead of the order's status until staff resolve it. */
  customerStatus: "Paiement reçu, en cours de vérification",
  customerBanner:
    "Nous avons bien reçu votre paiement. La boutique le vérifie et revient vers vous si nécessaire.",
  mailSubject: "Paiement à vérifier",
} as const;

/**
 * Why the pieces of a late payment cannot go back to its payer now (`latePaymentGiveBackRefusal`,
 * decided by the server):
 * - not-late: no hold of the order ended before the payment arrived;
 * - order-closed: the payer's order no longer waits for payment (paid since, cancelled, deleted);
 * - piece-paid: the piece is in an order that no longer waits for payment;
 * - piece-being-paid: whoever holds the piece now has a payment form running (a payment in
 *   progress wins, as it does over a hold's end);
 * - piece-in-order: a line staff added by hand holds the piece, not a claim.
 */
export const LATE_PAYMENT_REFUSALS = [
  "not-late",
  "order-closed",
  "piece-paid",
  "piece-being-paid",
  "piece-in-order",
] as const;
export type LatePaymentRefusal = (typeof LATE_PAYMENT_REFUSALS)[number];

const piece = (ref: number | null) => (ref === null ? "La pièce" : `La pièce n°${ref}`);

/**
 * A payment that reached the shop after the hold of pieces it paid for had ended, the pieces gone
 * to the next viewer meanwhile: no unpaid hold for its payer, and staff give the pieces back or
 * refund it.
 */
export const latePaymentMessages = {
  label: "Paiement arrivé après la fin de la réservation",
  giveBack: "Rendre la pièce",
  giveBackTitle: "Rendre la pièce à ce client ?",
  givenBack: "Pièce rendue, paiement accepté",
  free: "libre",
  heldBy: (handle: string, paid: boolean) => `maintenant à @${handle}${paid ? " (payée)" : " (non payée)"}`,
  giveBackRefused(refusal: LatePaymentRefusal, ref: number | null): string {
    switch (refusal) {
      case "not-late":
        return "Ce paiement n'est pas arrivé après la fin d'une réservation : il n'y a pas de pièce à rendre.";
      case "order-closed":
        return "La commande n'attend plus de paiement : remboursez ce paiement.";
      case "piece-paid":
        return `${piece(ref)} est dans une commande déjà payée : remboursez ce paiement.`;
      case "piece-being-paid":
        return `${piece(ref)} est en cours de paiement par la personne qui l'a maintenant : réessayez dans quelques minutes ou remboursez ce paiement.`;
      case "piece-in-order":
        return `${piece(ref)} a été ajoutée à une autre commande : retirez-la de cette commande ou remboursez ce paiement.`;
    }
  },
} as const;
