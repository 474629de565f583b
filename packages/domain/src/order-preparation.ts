import type { OrderStatus } from "./order-status";

/** The preparation page's messages (spec back-office.md, sections 2 and 8), word for word unless marked. */
export const orderPreparationMessages = {
  empty: "Aucune commande à préparer",
  loadFailed: "Impossible de charger les commandes",
  /** Ours: the search matched none of the orders to prepare. */
  noMatch: "Aucune commande ne correspond à votre recherche",
  /** Ours: only a paid order is prepared. */
  notPaid: "Seule une commande payée peut être préparée",
  /** Ours: the parcel leaves with its label. */
  labelMissing: "Générez l'étiquette d'expédition avant de valider la préparation",
  validateFailed: "Impossible de mettre à jour le statut de la commande",
  validated: (orderNumber: string) => `Préparation validée : la commande ${orderNumber} est à expédier`,
} as const;

/** The orders the 'Préparation' board shows: paid, and those staff have started to prepare. */
export const TO_PREPARE_ORDER_STATUSES = ["paid", "preparing"] as const;

/** Where a prepared order goes (spec section 4: validating preparation moves paid to to-ship). */
export const PREPARED_ORDER_STATUS: OrderStatus = "to-ship";

/** Why an order's preparation cannot be validated, or null when it can (docs/design.md section 4). */
export function preparationRefusal({ status, hasLabel }: { status: OrderStatus; hasLabel: boolean }) {
  if (!(TO_PREPARE_ORDER_STATUSES as readonly OrderStatus[]).includes(status))
    return orderPreparationMessages.notPaid;
  if (!hasLabel) return orderPreparationMessages.labelMissing;
  return null;
}

export interface PreparationSearchable {
  customer: {
    tiktokUsername: string | null;
    firstName: string | null;
    lastName: string | null;
    displayName: string | null;
    email: string | null;
  };
}

/** The search of the preparation page: the handle (with or without @), the name, the e-mail. */
export function matchesPreparationSearch(order: PreparationSearchable, search: string): boolean {
  const text = search.trim().toLowerCase().replace(/^@/, "");
  if (!text) return true;
  const { tiktokUsername, firstName, lastName, displayName, email } = order.customer;
  const haystack = [
    tiktokUsername,
    displayName,
    email,
    `${firstName ?? ""} ${lastName ?? ""}`,
    `${lastName ?? ""} ${firstName ?? ""}`,
  ];
  return haystack.some((value) => value?.toLowerCase().includes(text));
}
