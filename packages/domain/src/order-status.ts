export const ORDER_STATUSES = [
  "to-validate",
  "to-pay",
  "paid",
  "preparing",
  "to-ship",
  "shipped",
  "delivered",
  "cancelled-by-customer",
  "cancelled-by-admin",
  "cancelled-empty",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Cancelled orders. 'cancelled-empty' is the claims engine's: it lost its last piece (a hold ended,
 * a piece was released) before being paid, so there is nothing left to validate or pay.
 */
export const CANCELLED_ORDER_STATUSES = [
  "cancelled-by-customer",
  "cancelled-by-admin",
  "cancelled-empty",
] as const;

export const orderStatusLabels: Record<OrderStatus, string> = {
  "to-validate": "À valider",
  "to-pay": "À payer",
  paid: "Payée",
  preparing: "En préparation",
  "to-ship": "À expédier",
  shipped: "Expédiée",
  delivered: "Livrée",
  "cancelled-by-customer": "Annulée par le client",
  "cancelled-by-admin": "Annulée par l'admin",
  "cancelled-empty": "Annulée : plus aucune pièce",
};

export type BadgeTone = "grey" | "red" | "light-green" | "purple" | "indigo" | "green";

export const orderStatusBadgeTones: Record<OrderStatus, BadgeTone> = {
  "to-validate": "grey",
  "to-pay": "red",
  paid: "light-green",
  preparing: "purple",
  "to-ship": "indigo",
  shipped: "indigo",
  delivered: "green",
  "cancelled-by-customer": "red",
  "cancelled-by-admin": "red",
  "cancelled-empty": "grey",
};

export function isCancelledStatus(status: OrderStatus): boolean {
  return (CANCELLED_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Statuses of an order whose payment went through: what revenue counts. */
export const PAID_ORDER_STATUSES = ["paid", "preparing", "to-ship", "shipped", "delivered"] as const;

/*
 * The statuses and groups that code names, so that no module spells a status in a string (SQL
 * included) that nothing checks.
 */

/** The status a payment gives an order (the provider's, a review accepted, staff by hand). */
export const PAID_ORDER_STATUS = "paid" satisfies OrderStatus;

/** The claims engine's cancellation: the order lost its last piece before it was paid. */
export const EMPTIED_ORDER_STATUS = "cancelled-empty" satisfies OrderStatus;

/** Statuses of an order still waiting for its payment (validated or not). */
export const AWAITING_PAYMENT_ORDER_STATUSES = [
  "to-validate",
  "to-pay",
] as const satisfies readonly OrderStatus[];

/** Paid orders whose parcel has not left yet: a live's label batch labels their parcels. */
export const AWAITING_SHIPMENT_ORDER_STATUSES = [
  "paid",
  "preparing",
  "to-ship",
] as const satisfies readonly OrderStatus[];

/** The shop's own time zone: weeks (from Monday) and months of the dashboard are counted in it. */
export const SHOP_TIME_ZONE = "Europe/Paris";
