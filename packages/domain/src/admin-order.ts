import { productMessages, PRODUCT_REF_MAX } from "./product";
import type { OrderStatus } from "./order-status";

/** The back office's order detail (spec back-office.md, sections 2, 5 and 8), word for word. */
export const adminOrderMessages = {
  notFound: "Commande introuvable",
  notFoundDescription: "La commande demandée n'existe pas.",
  loadFailed: "Impossible de charger les détails de la commande",
  itemsLoadFailed: "Impossible de charger les articles de la commande",
  updateFailed: "Impossible de mettre à jour la commande",
  statusUpdateFailed: "Impossible de mettre à jour le statut de la commande",
  addressUpdateFailed: "Impossible de mettre à jour l'adresse",
  statusRequired: "Veuillez sélectionner un statut",
  productRequired: "Veuillez sélectionner un produit",
  productNotInLive: (ref: number | null) =>
    ref === null
      ? "Aucun produit avec cette référence trouvé dans ce live"
      : `Aucun produit avec la référence ${ref} trouvé dans ce live`,
  alreadyInOrder: "Ce produit est déjà présent dans la commande",
  alreadySold: "Ce produit a déjà été vendu dans ce live.",
  itemAdded: "Produit ajouté à la commande avec succès",
  itemDeleted: "Article supprimé avec succès",
  itemDeleteFailed: "Impossible de supprimer l'article",
  noProductFound: "Aucun produit trouvé",
  /** Ours: the spec shows no text for these. */
  statusUpdated: "Statut de la commande mis à jour",
  addressUpdated: "Adresse de livraison mise à jour",
  itemNotFound: "Cet article ne fait plus partie de la commande",
  refDigitsOnly: "La référence ne doit contenir que des chiffres",
  refTooLong: productMessages.refTooLarge,
  /**
   * Ours: an order cancelled earlier gave its pieces back; one of them was sold again since, so
   * the order cannot come back to life holding it.
   */
  productsSoldElsewhere:
    "Impossible de rétablir cette commande : un de ses produits a été vendu depuis dans une autre commande.",
  /** Ours: a paid, shipped or cancelled order keeps the lines its amount was settled on. */
  itemsLocked:
    "Les articles de cette commande ne peuvent plus être modifiés : elle n'est plus à valider ni à payer.",
} as const;

/**
 * The statuses in which an order's lines may change (added, removed, re-priced): before it is
 * paid. Past them the amount is settled (paid, or being prepared and shipped) or the order is over.
 */
export const ITEMS_EDITABLE_STATUSES = ["to-validate", "to-pay"] as const satisfies readonly OrderStatus[];

export function orderItemsEditable(status: OrderStatus): boolean {
  return ITEMS_EDITABLE_STATUSES.some((editable) => editable === status);
}

/** The reference suggestions shown under the add-item field. */
export const PRODUCT_SUGGESTIONS_LIMIT = 20;
/** Typing waits this long before asking for suggestions. */
export const PRODUCT_SUGGESTIONS_DEBOUNCE_MS = 300;
/** A product reference is at most this many digits (PRODUCT_REF_MAX). */
export const PRODUCT_REF_MAX_DIGITS = String(PRODUCT_REF_MAX).length;

/**
 * Whether a text typed in the add-item field is worth searching: digits only (references are
 * numbers), no longer than a reference can be.
 */
export function isReferenceSearch(text: string): boolean {
  return /^\d+$/.test(text) && text.length <= PRODUCT_REF_MAX_DIGITS;
}
