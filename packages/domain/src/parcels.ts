import { storedShippingAddress } from "./stored-address";
import { AWAITING_PAYMENT_ORDER_STATUSES, orderStatusLabels, type OrderStatus } from "./order-status";

/**
 * Combined parcels (decision 033): a customer's orders to one address travel in one parcel, led by
 * a paid order that carries the one label. The rule of which orders may share a parcel is here,
 * pure; the server applies it to the orders it has locked.
 */

/** The statuses an order may be in to join a parcel: paid, or still awaiting payment. */
export const PARCEL_JOINABLE_STATUSES = [
  "to-validate",
  "to-pay",
  "paid",
] as const satisfies readonly OrderStatus[];
/** The statuses a member may be in and ride free (its fee set aside rather than refunded). */
export const PARCEL_UNPAID_STATUSES = AWAITING_PAYMENT_ORDER_STATUSES;

const DAY_MS = 24 * 60 * 60 * 1000;

export const parcelMessages = {
  disabled: "Le regroupement de commandes en un colis est désactivé sur cette boutique",
  tooFew: "Choisissez au moins deux commandes à regrouper en un colis",
  notFound: "Commande introuvable",
  otherCustomer:
    "Ces commandes n'appartiennent pas à la même cliente : elles ne partent pas dans un même colis",
  notJoinable: (orderNumber: string, status: OrderStatus) =>
    `La commande ${orderNumber} ne peut pas rejoindre un colis (statut : ${orderStatusLabels[status]})`,
  labelled: (orderNumber: string) =>
    `La commande ${orderNumber} a déjà son étiquette : supprimez-la avant de regrouper`,
  noPaidOrder: "Un colis regroupé part d'une commande payée : aucune de ces commandes ne l'est",
  leadNotPaid: (orderNumber: string) =>
    `Le colis de la commande ${orderNumber} ne part que d'une commande payée`,
  addressMissing: (orderNumber: string) => `La commande ${orderNumber} n'a pas d'adresse de livraison`,
  differentAddress: (first: string, second: string) =>
    `Les commandes ${first} et ${second} n'ont pas la même adresse de livraison : elles ne partent pas dans un même colis`,
  tooFarApart: (first: string, second: string, days: number) =>
    `Les commandes ${first} et ${second} ont plus de ${days} jour${days > 1 ? "s" : ""} d'écart : elles ne partent pas dans un même colis`,
  inOtherParcel: (orderNumber: string, leadNumber: string) =>
    `La commande ${orderNumber} part déjà dans le colis de la commande ${leadNumber}`,
  notInParcel: (orderNumber: string) => `La commande ${orderNumber} ne fait partie d'aucun colis regroupé`,
  splitLabelled: (leadNumber: string) =>
    `Le colis de la commande ${leadNumber} a déjà son étiquette : supprimez-la avant de le séparer`,
  memberLabel: (leadNumber: string) =>
    `Cette commande part dans le colis de la commande ${leadNumber} : générez l'étiquette de celle-ci`,
  memberValidate: (leadNumber: string) =>
    `Cette commande part dans le colis de la commande ${leadNumber} : validez la préparation de ce colis`,
  memberUnpaid: (orderNumber: string) =>
    `La commande ${orderNumber} de ce colis n'est pas encore payée : le colis attend son paiement`,
  addressLocked: (leadNumber: string) =>
    `Cette commande part dans le même colis que la commande ${leadNumber} : son adresse ne peut plus changer. Contactez la boutique pour la faire expédier à part.`,
  /** The refund of a member's fee failed: nothing was combined. */
  refundRefused: (orderNumber: string, providerMessage: string) =>
    `Frais de port de la commande ${orderNumber} non remboursés : ${providerMessage} Rien n'a été regroupé.`,
  combined: (leadNumber: string) => `Commandes regroupées dans le colis de la commande ${leadNumber}`,
  split: "Colis séparé : chaque commande part de nouveau seule",
  left: (orderNumber: string) => `La commande ${orderNumber} part de nouveau seule`,
  combineFailed: "Impossible de regrouper ces commandes",
  splitFailed: "Impossible de séparer ce colis",
  /** The board's and the order page's buttons and confirmations. */
  combineAction: "Regrouper en un colis",
  suggestionsTitle: "Commandes à regrouper",
  combineConfirm: (orderNumbers: readonly string[], leadNumber: string) =>
    `Les commandes ${orderNumbers.join(", ")} partiront dans un seul colis, avec l'étiquette de la commande ${leadNumber}.`,
  feeSaved: (amount: string) => `Frais de port non facturés : ${amount}.`,
  refundAnnounced: (amount: string) =>
    `Frais de port déjà payés, remboursés par le prestataire de paiement : ${amount}.`,
  splitAction: "Séparer",
  splitTitle: "Séparer ce colis ?",
  splitConfirm:
    "Chaque commande repartira seule avec sa propre étiquette. Une commande pas encore payée retrouve ses frais de port ; une commande déjà payée dont les frais ont été remboursés part seule aux frais de la boutique.",
  leaveConfirm: (orderNumber: string) =>
    `La commande ${orderNumber} repartira seule avec sa propre étiquette. Pas encore payée, elle retrouve ses frais de port ; déjà payée et remboursée de ses frais, elle part aux frais de la boutique.`,
  joinAction: (leadNumber: string) => `Rejoindre le colis de la commande ${leadNumber}`,
  joinConfirm: (orderNumber: string, leadNumber: string) =>
    `La commande ${orderNumber} partira dans le colis de la commande ${leadNumber} : ses frais de port ne seront pas facturés.`,
  /** The customer's side. */
  shippedWith: (leadNumber: string) => `Expédiée avec la commande ${leadNumber}`,
  shipsWith: (orderNumbers: string) => `Expédiée dans le même colis que : ${orderNumbers}`,
  feeOffered: "Frais de port offerts : cette commande part dans le colis d'une autre",
} as const;

/** Text compared loosely: trimmed, inner spaces collapsed, without case or accents. */
function loose(value: string | undefined): string {
  return (value ?? "")
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/[\s,.'’-]+/g, " ")
    .trim()
    .toLowerCase();
}

/**
 * Whether two stored addresses are one place to deliver to, as the domain reads them: the name,
 * street and city without case, accents or punctuation spacing, the postal code without spaces.
 * The phone, e-mail and note are who to call, not where to go: they may differ.
 */
export function sameShippingAddress(first: unknown, second: unknown): boolean {
  const a = storedShippingAddress(first);
  const b = storedShippingAddress(second);
  if (!a || !b) return false;
  const zip = (value: string) => value.replace(/\s+/g, "");
  return (
    loose(a.first_name) === loose(b.first_name) &&
    loose(a.last_name) === loose(b.last_name) &&
    loose(a.street) === loose(b.street) &&
    zip(a.zip) === zip(b.zip) &&
    loose(a.city) === loose(b.city) &&
    loose(a.country) === loose(b.country)
  );
}

/** An order as the combining rule reads it. */
export interface ParcelCandidate {
  id: string;
  orderNumber: string;
  userId: string;
  status: OrderStatus;
  orderDate: Date | string;
  shippingAddress: unknown;
  hasLabel: boolean;
  /** The lead of the parcel it already travels in, or null. */
  parcelLeadId: string | null;
  /** That lead's number, to name it in a refusal. */
  parcelLeadNumber?: string | null;
}

export function isParcelUnpaidStatus(status: OrderStatus): boolean {
  return (PARCEL_UNPAID_STATUSES as readonly OrderStatus[]).includes(status);
}

function isJoinable(status: OrderStatus): boolean {
  return (PARCEL_JOINABLE_STATUSES as readonly OrderStatus[]).includes(status);
}

/**
 * The lead of a parcel of these orders: the one already leading (an order others point at), else
 * the earliest paid order (by order date, then id). Null when none is paid.
 */
export function chooseParcelLead<T extends ParcelCandidate>(
  orders: readonly T[],
  existingLeadId: string | null = null,
): T | null {
  const existing = existingLeadId ? orders.find((order) => order.id === existingLeadId) : undefined;
  if (existing) return existing;
  const paid = orders
    .filter((order) => order.status === "paid")
    .sort(
      (a, b) => new Date(a.orderDate).getTime() - new Date(b.orderDate).getTime() || a.id.localeCompare(b.id),
    );
  return paid[0] ?? null;
}

/**
 * Why these orders may not travel in one parcel, or null when they may. `orders` is the whole
 * parcel to be: the orders asked for and the members of a parcel one of them leads.
 * `existingLeadId`: the parcel being joined, if any (its members are in `orders`).
 */
export function parcelRefusal(
  orders: readonly ParcelCandidate[],
  { combineDays, existingLeadId = null }: { combineDays: number; existingLeadId?: string | null },
): string | null {
  if (combineDays <= 0) return parcelMessages.disabled;
  const distinct = new Map(orders.map((order) => [order.id, order]));
  const all = [...distinct.values()];
  if (all.length < 2) return parcelMessages.tooFew;
  if (new Set(all.map((order) => order.userId)).size > 1) return parcelMessages.otherCustomer;
  for (const order of all) {
    if (order.parcelLeadId && order.parcelLeadId !== existingLeadId) {
      return parcelMessages.inOtherParcel(order.orderNumber, order.parcelLeadNumber ?? "");
    }
  }
  for (const order of all) {
    if (!isJoinable(order.status)) return parcelMessages.notJoinable(order.orderNumber, order.status);
    if (order.hasLabel) return parcelMessages.labelled(order.orderNumber);
  }
  const lead = chooseParcelLead(all, existingLeadId);
  if (!lead) return parcelMessages.noPaidOrder;
  if (lead.status !== "paid") return parcelMessages.leadNotPaid(lead.orderNumber);
  for (const order of all) {
    const address = storedShippingAddress(order.shippingAddress);
    if (!address?.street || !address.zip) return parcelMessages.addressMissing(order.orderNumber);
  }
  for (const order of all) {
    if (order !== lead && !sameShippingAddress(lead.shippingAddress, order.shippingAddress)) {
      return parcelMessages.differentAddress(lead.orderNumber, order.orderNumber);
    }
  }
  const byDate = [...all].sort((a, b) => new Date(a.orderDate).getTime() - new Date(b.orderDate).getTime());
  const first = byDate[0]!;
  const last = byDate[byDate.length - 1]!;
  if (new Date(last.orderDate).getTime() - new Date(first.orderDate).getTime() > combineDays * DAY_MS) {
    return parcelMessages.tooFarApart(first.orderNumber, last.orderNumber, combineDays);
  }
  return null;
}
