/**
 * After the live (decision 033): the names shared by the combined parcels, the live's label
 * batches, the refunds, the figures and the exports. Each part keeps its own messages in its own
 * file; what more than one part (or the schema) reads is here.
 */

/** How far apart (in days, by order date) a customer's orders may be to travel in one parcel. */
export const DEFAULT_PARCEL_COMBINE_DAYS = 7;

/** Why money went back to a customer: a cancelled paid order, or the fee of a combined parcel. */
export const REFUND_REASONS = ["order-cancelled", "combined-shipping"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * A refund is written before the provider is asked (`requested`), then settled: `done` (the
 * provider's reference kept), `refused` (kept: staff read why), or `to-check` when the provider's
 * answer did not come (a job reads the payment back from the provider and settles it).
 */
export const REFUND_STATES = ["requested", "to-check", "done", "refused"] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** A live's label batch: queued or running, then finished (some orders may have failed). */
export const LABEL_BATCH_STATES = ["running", "finished"] as const;
export type LabelBatchState = (typeof LABEL_BATCH_STATES)[number];

/** One order of a batch: waiting its turn, labelled, or refused by the carrier (retry possible). */
export const LABEL_BATCH_ORDER_STATES = ["pending", "done", "failed"] as const;
export type LabelBatchOrderState = (typeof LABEL_BATCH_ORDER_STATES)[number];

/** What the customer reads on a refunded order (spec: 'Remboursée' with the amount). */
export const refundLabels = {
  refunded: "Remboursée",
  refundedAmount: (amount: string) => `Remboursée : ${amount}`,
  shippingRefunded: (amount: string) => `Frais de port remboursés : ${amount}`,
} as const;

/** The refusals every refund shares, whatever asked for it. */
export const refundMessages = {
  notPaid: "Cette commande n'a pas de paiement à rembourser",
  nothingLeft: "Cette commande a déjà été remboursée",
  tooMuch: "Le montant dépasse ce qui reste à rembourser sur cette commande",
  refused: "Le prestataire de paiement a refusé le remboursement : la commande reste payée.",
  /** The provider did not answer in time: the money may have gone; it is read back before anything else. */
  toCheck:
    "Le prestataire de paiement n'a pas répondu à temps : le remboursement est à vérifier. Vitrine relit l'opération auprès du prestataire et met la commande à jour d'elle-même ; ne remboursez pas à nouveau depuis le back-office du prestataire.",
  /** Read back from the provider after no answer came: it made nothing, so asking again is safe. */
  notMade:
    "Le prestataire de paiement n'a pas effectué ce remboursement : rien n'a été remboursé, la commande reste payée. Vous pouvez réessayer.",
  /** A refund of the same payment is on its way or being checked: one at a time, never twice. */
  inFlight:
    "Un remboursement de cette commande est déjà en cours ou à vérifier : attendez qu'il soit terminé avant d'en demander un autre.",
} as const;
