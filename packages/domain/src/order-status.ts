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

/** The shop's own time zone: weeks (from Monday) and months of the dashboard are counted in it. */
export const SHOP_TIME_ZONE = "Europe/Paris";
