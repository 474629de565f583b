import type { OrderStatus } from "./order-status";

/** The customer area's messages (spec customer-and-auth.md, section 8 "Customer"), word for word. */
export const customerOrderMessages = {
  loadFailed: "Impossible de charger vos commandes. Veuillez réessayer plus tard.",
  notFound: "Commande introuvable",
  notFoundShort: "Commande non trouvée",
  addressSaveFailed: "Erreur lors de la mise à jour de l'adresse de livraison",
  statusUpdateFailed: "Erreur lors de la mise à jour du statut de la commande",
  reopenFailed: "Erreur lors de la réinitialisation du statut de la commande",
  addressSaved: "Adresse de livraison mise à jour avec succès",
  reopened: "Vous pouvez maintenant modifier votre adresse de livraison",
  /** Our own: the order moved on (paid, prepared...) since the page was loaded. */
  addressLocked: "Cette commande ne peut plus être modifiée : son adresse de livraison est déjà validée.",
  reopenRefused: "Cette commande ne peut plus être modifiée.",
} as const;

/**
 * A shipped order's banner says where to follow the parcel, not that a mail went: the mail goes
 * only to a customer the shop can write to, through a template the shop may have deleted.
 */
const SHIPPED_BANNER = "Votre commande est en route ! Suivez votre colis avec son numéro de suivi.";

/** The order's banner (spec section 4 "Status banners"), one sentence per status. */
export const orderStatusBanners: Record<OrderStatus | "in-delivery", string> = {
  "to-validate": "Validez vos informations de livraison pour confirmer votre commande.",
  "to-pay": "Votre commande est validée : il ne reste plus qu'à la régler.",
  paid: "Votre commande est en préparation.",
  preparing: "Votre commande est en préparation.",
  "to-ship": "Votre commande est en préparation.",
  shipped: SHIPPED_BANNER,
  "in-delivery": SHIPPED_BANNER,
  delivered: "Votre commande a été livrée. Merci pour votre achat !",
  "cancelled-by-customer": "Cette commande a été annulée.",
  "cancelled-by-admin": "Cette commande a été annulée.",
  "cancelled-empty":
    "Cette commande a été annulée : elle ne contient plus aucune pièce, il n'y a rien à régler.",
};

/** The default banner of the spec ("default says thank you"), for a status the screen does not know. */
export const defaultOrderBanner = "Merci pour votre commande !";

export type OrderMainAction =
  | { kind: "validate"; label: "Valider ma commande" }
  | { kind: "pay"; label: "Régler ma commande" }
  | { kind: "track"; label: "Suivre la livraison"; trackingId: string }
  | { kind: "view"; label: "Voir ma commande" };

const TRACKABLE_STATUSES: readonly string[] = ["to-ship", "shipped", "delivered", "in-delivery"];

/** The orders list's main button for one order (spec /customer/orders, "Main action by status"). */
export function orderMainAction(
  status: OrderStatus,
  trackingId: string | null,
  paymentUnderReview = false,
  hasPieces = true,
): OrderMainAction {
  // The shop is checking a payment the customer made, or there is no piece left to buy: paying or
  // validating is not next.
  if ((paymentUnderReview || !hasPieces) && (status === "to-validate" || status === "to-pay")) {
    return { kind: "view", label: "Voir ma commande" };
  }
  if (status === "to-validate") return { kind: "validate", label: "Valider ma commande" };
  if (status === "to-pay") return { kind: "pay", label: "Régler ma commande" };
  if (TRACKABLE_STATUSES.includes(status) && trackingId) {
    return { kind: "track", label: "Suivre la livraison", trackingId };
  }
  return { kind: "view", label: "Voir ma commande" };
}

/**
 * Whether the main action opens the order's own page: the card's 'Voir le détail' link would then
 * be a second link to the same place, so the card shows only the main action.
 */
export function mainActionOpensOrder(action: OrderMainAction): boolean {
  return action.kind === "validate" || action.kind === "view";
}

/** La Poste's public tracking page for a Colissimo parcel number. */
export function laPosteTrackingUrl(trackingId: string): string {
  return `https://www.laposte.fr/outils/suivre-vos-envois?code=${encodeURIComponent(trackingId)}`;
}

/**
 * The items' part of a total (spec: subtotal is total minus shipping): minus the order's own fee,
 * the one it was made with, so a later change of the shop's fee rewrites no past order.
 */
export function orderSubtotalCents(totalAmountCents: number, shippingFeeCents: number): number {
  return Math.max(0, totalAmountCents - shippingFeeCents);
}

/** Whether the customer may (still) give or change the delivery address: only before paying. */
export function customerMayEditAddress(status: OrderStatus): boolean {
  return status === "to-validate";
}

/** 'Modifier' sends the order back to to-validate from these statuses only. */
export function customerMayReopen(status: OrderStatus): boolean {
  return status === "to-validate" || status === "to-pay";
}

/** A customer pays only an order waiting for payment. */
export function customerMayPay(status: OrderStatus): boolean {
  return status === "to-pay";
}

export const SHIPPING_METHOD_LABEL = "Colissimo";
export const DEFAULT_PAYMENT_METHOD_LABEL = "Carte bancaire";

/** The payment method as the order detail names it (spec: default 'Carte bancaire'). */
export function paymentMethodLabel(method: string | null): string {
  return method && method !== "card" ? method : DEFAULT_PAYMENT_METHOD_LABEL;
}
