import { viewerLabel } from "./live-selling";
import { SHIPPING_FEE_CENTS } from "./money";

/** Orders per page of the back office's list, by default and at most. */
export const ORDERS_PAGE_SIZE = 50;
export const ORDERS_PAGE_SIZE_MAX = 100;
/** Far beyond any real list (100 000 orders are 1 000 pages of 100): refuses absurd offsets. */
export const ORDERS_PAGE_MAX = 100_000;
export const ORDER_SEARCH_MAX_LENGTH = 100;
/**
 * The free text is matched through trigrams: under 3 characters there is no trigram to look up and
 * every order would be read (about 200 ms for 100 000 orders), for a list no one could use anyway.
 */
export const ORDER_SEARCH_MIN_LENGTH = 3;
/** Orders one bulk status request may carry; the screen sends them in chunks of BULK_STATUS_CHUNK_SIZE. */
export const BULK_STATUS_MAX_ORDERS = 1000;
/** Orders per request when the back office changes hundreds at once: progress is shown between chunks. */
export const BULK_STATUS_CHUNK_SIZE = 50;
/** A new order holds no item yet: its total is the shipping fee (spec §9: 6 euros). */
export const NEW_ORDER_TOTAL_CENTS = SHIPPING_FEE_CENTS;
/** Spec §9: shipping is always Colissimo. */
export const NEW_ORDER_SHIPPING_TYPE = "colissimo";
/** People offered when choosing the user of an order (spec §9: user search limit 10). */
export const USER_CHOICES_LIMIT = 10;
/** Typing in a search box waits this long before asking the server (spec §9: 300 ms). */
export const SEARCH_DEBOUNCE_MS = 300;

export const adminOrderListMessages = {
  liveRequired: "La sélection d'un live est obligatoire",
  userRequired: "La sélection d'un utilisateur est obligatoire",
  userMissing: "Impossible de créer une commande sans utilisateur",
  liveNotFound: "Live introuvable",
  createFailed: "Impossible de créer la commande",
  loadFailed: "Impossible de charger les commandes",
  searchTooShort: `La recherche doit contenir au moins ${ORDER_SEARCH_MIN_LENGTH} caractères`,
  noOrders: "Aucune commande",
  statusRequired: "Veuillez sélectionner un statut",
  selectionRequired: "Veuillez sélectionner au moins une commande",
  tooManyOrders: `Au plus ${BULK_STATUS_MAX_ORDERS} commandes peuvent être modifiées à la fois`,
  orderNotFound: "Commande introuvable",
  itemResold:
    "Un article de cette commande a été revendu entre-temps : elle ne peut plus quitter l'annulation",
  statusUpdateFailed: "Impossible de mettre à jour le statut de la commande",
  usersLoadFailed: "Erreur lors de la recherche d'utilisateurs",
  noUserFound: "Aucun utilisateur trouvé pour cette recherche",
  bulkUpdated: (count: number) =>
    count === 1 ? "1 commande mise à jour" : `${count} commandes mises à jour`,
  bulkPartial: (updated: number, failed: number) => `${updated} mis à jour, ${failed} échec`,
  /** Ours: the orders a bulk change left as they were, each by its number with the reason. */
  skippedHeading: "Commandes non modifiées",
  /** Ours: a skipped order whose number is unknown (it does not exist). */
  unknownOrder: "Commande inconnue",
  bulkFailed: (count: number) =>
    count === 1
      ? "La commande n'a pas pu être mise à jour"
      : `Aucune des ${count} commandes n'a pu être mise à jour`,
} as const;

/** What a free-text search looks for: trimmed, without the leading '@' people type before a handle. */
export function orderSearchTerm(text: string | undefined): string {
  return (text ?? "").trim().replace(/^@+/, "").trim();
}

/** Whether a search text may be sent: empty (no search) or long enough to use the trigram indexes. */
export function isOrderSearchLongEnough(text: string | undefined): boolean {
  const term = orderSearchTerm(text);
  return term === "" || term.length >= ORDER_SEARCH_MIN_LENGTH;
}

/**
 * The ILIKE pattern of a free-text search: the term anywhere, with the LIKE wildcards escaped so
 * that '50%' or 'marie_l' match literally. Null when there is nothing to search for.
 */
export function orderSearchPattern(text: string | undefined): string | null {
  const term = orderSearchTerm(text);
  if (!term) return null;
  return likeContaining(term);
}

/** An ILIKE pattern matching `text` anywhere, literally: its own % and _ are not wildcards. */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The people fields an order's client is shown with. */
export interface OrderClientFields {
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  email: string | null;
  tiktokUsername: string | null;
}

/** The client's name: 'first last', else the display name, else the handle or e-mail. */
export function orderClientName(client: OrderClientFields): string {
  const fullName = [client.firstName, client.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return fullName || client.displayName?.trim() || orderClientContact(client);
}

/** Under the name (spec: name plus @username or e-mail): the handle, else the e-mail. */
export function orderClientContact(client: OrderClientFields): string {
  if (client.tiktokUsername) return viewerLabel(client.tiktokUsername, client.displayName);
  return client.email ?? "";
}

export type BulkStatusTone = "success" | "partial" | "failure";

/** What a bulk status change ends with (spec §8: success, partial 'x mis à jour, y échec', failure). */
export function bulkStatusSummary(
  updated: number,
  failed: number,
): { tone: BulkStatusTone; message: string } {
  if (failed === 0) return { tone: "success", message: adminOrderListMessages.bulkUpdated(updated) };
  if (updated === 0) return { tone: "failure", message: adminOrderListMessages.bulkFailed(failed) };
  return { tone: "partial", message: adminOrderListMessages.bulkPartial(updated, failed) };
}

/** Consecutive slices of at most `size` items, in order. */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer`);
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
