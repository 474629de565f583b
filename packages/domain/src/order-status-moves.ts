import { orderRefundMessages } from "./order-refund";
import { isCancelledStatus, orderStatusLabels, PAID_ORDER_STATUSES, type OrderStatus } from "./order-status";

/*
 * An order's status as a state machine (decision 039): one table of the moves it may make, who may
 * make each and on what condition, read by the status dialog, the orders list's bulk change and
 * the docs alike. Nothing writes a status the table does not allow.
 */

/** Who makes a move: staff in the back office, the server itself (a payment), or the customer. */
export const ORDER_MOVE_ACTORS = ["staff", "system", "customer"] as const;
export type OrderMoveActor = (typeof ORDER_MOVE_ACTORS)[number];

/** What must be true of the order for a move, each with its French refusal. */
export const ORDER_MOVE_CONDITIONS = [
  "addressed",
  "paid",
  "unpaid",
  "labelled",
  "labelled-or-tracked",
] as const;
export type OrderMoveCondition = (typeof ORDER_MOVE_CONDITIONS)[number];

export const orderMoveRefusals: Record<OrderMoveCondition, string> = {
  addressed: "Impossible : la commande n'a pas d'adresse de livraison",
  paid: "Impossible : la commande n'est pas payée",
  unpaid: orderRefundMessages.customerCancelPaid,
  labelled: "Impossible : la commande n'a pas d'étiquette d'expédition",
  "labelled-or-tracked": "Impossible : la commande n'a ni étiquette ni numéro de suivi",
};

export const orderMoveMessages = {
  /** A move the table has no row for (or not for this actor). */
  notAllowed: (from: OrderStatus, to: OrderStatus) =>
    `Impossible : une commande « ${orderStatusLabels[from]} » ne peut pas passer à « ${orderStatusLabels[to]} »`,
  /** An order of the same combined parcel refuses the move: the parcel's orders move together. */
  parcelMember: (orderNumber: string, refusal: string) =>
    `${refusal} (commande ${orderNumber} du même colis)`,
} as const;

export interface OrderStatusMove {
  to: OrderStatus;
  who: readonly OrderMoveActor[];
  /** Checked in this order: the first one that fails is the refusal. */
  when: readonly OrderMoveCondition[];
  /** Why the move exists, for the docs and whoever reads the table. */
  reason: string;
}

const STAFF = ["staff"] as const;
const cancelByAdmin: OrderStatusMove = {
  to: "cancelled-by-admin",
  who: STAFF,
  when: [],
  reason: "Staff cancel; a paid order is refunded first (decision 034)",
};
const toPreparing: OrderStatusMove = {
  to: "preparing",
  who: STAFF,
  when: ["paid", "addressed"],
  reason: "The parcel is being made",
};
const toShip: OrderStatusMove = {
  to: "to-ship",
  who: STAFF,
  when: ["paid", "addressed", "labelled"],
  reason: "Packed, its label printed ('Préparation' board)",
};
const toShipped: OrderStatusMove = {
  to: "shipped",
  who: STAFF,
  when: ["paid", "addressed", "labelled-or-tracked"],
  reason: "Handed to the carrier: the customer is mailed its tracking number",
};
/** The claims engine took the order's last piece away before it was paid (decision 040). */
const emptiedByTheEngine: OrderStatusMove = {
  to: "cancelled-empty",
  who: ["system"],
  when: ["unpaid"],
  reason: "Its last piece released (hold run out, un-claim, staff): an empty order is never paid",
};
const reopen = (to: "to-validate" | "to-pay"): OrderStatusMove => ({
  to,
  who: STAFF,
  when: to === "to-pay" ? ["addressed"] : [],
  reason: "Staff take an order back out of its cancellation (its pieces return unless sold since)",
});

/**
 * Every move an order's status may make, by the status it leaves. A `Record` over every status:
 * a status added to ORDER_STATUSES does not compile until it has its row here.
 */
export const ORDER_STATUS_MOVES: Record<OrderStatus, readonly OrderStatusMove[]> = {
  "to-validate": [
    {
      to: "to-pay",
      who: ["customer", "staff"],
      when: ["addressed"],
      reason: "The delivery address is validated",
    },
    {
      to: "paid",
      who: ["system"],
      when: [],
      reason: "A payment staff accepted in review pays the order",
    },
    {
      to: "cancelled-by-customer",
      who: ["customer", "staff"],
      when: ["unpaid"],
      reason: "The customer gives the order up before paying",
    },
    emptiedByTheEngine,
    cancelByAdmin,
  ],
  "to-pay": [
    {
      to: "to-validate",
      who: ["customer", "staff"],
      when: [],
      reason: "'Modifier': the address is to be validated again",
    },
    {
      to: "paid",
      who: ["system", "staff"],
      when: ["addressed"],
      reason: "The payment went through (the provider), or staff record one made by hand",
    },
    {
      to: "cancelled-by-customer",
      who: ["customer", "staff"],
      when: ["unpaid"],
      reason: "The customer gives the order up before paying",
    },
    emptiedByTheEngine,
    cancelByAdmin,
  ],
  paid: [toPreparing, toShip, toShipped, cancelByAdmin],
  preparing: [
    { to: "paid", who: STAFF, when: [], reason: "Back to the board: the parcel is not being made" },
    toShip,
    toShipped,
    cancelByAdmin,
  ],
  "to-ship": [
    { to: "paid", who: STAFF, when: [], reason: "Back to the board" },
    { to: "preparing", who: STAFF, when: [], reason: "The parcel is opened again" },
    toShipped,
    cancelByAdmin,
  ],
  shipped: [
    { to: "to-ship", who: STAFF, when: [], reason: "Marked shipped by mistake" },
    {
      to: "delivered",
      who: STAFF,
      when: ["paid", "addressed"],
      reason: "The parcel arrived",
    },
    cancelByAdmin,
  ],
  delivered: [{ to: "shipped", who: STAFF, when: [], reason: "Marked delivered by mistake" }, cancelByAdmin],
  "cancelled-by-customer": [reopen("to-validate"), reopen("to-pay"), cancelByAdmin],
  "cancelled-by-admin": [reopen("to-validate"), reopen("to-pay")],
  "cancelled-empty": [
    {
      to: "to-pay",
      who: ["system"],
      when: [],
      reason: "'Rendre la pièce' gives a late payment its piece back in the order it was taken from",
    },
  ],
};

/** What the server knows of an order when it checks a move. */
export interface OrderMoveFacts {
  status: OrderStatus;
  /** It has a delivery address. */
  addressed: boolean;
  /** Its parcel's label is stored (a combined parcel's, on its lead). */
  labelled: boolean;
  /** It has a parcel number. */
  tracked: boolean;
}

function holds(condition: OrderMoveCondition, facts: OrderMoveFacts): boolean {
  const paid = (PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(facts.status);
  switch (condition) {
    case "addressed":
      return facts.addressed;
    case "paid":
      return paid;
    case "unpaid":
      return !paid;
    case "labelled":
      return facts.labelled;
    case "labelled-or-tracked":
      return facts.labelled || facts.tracked;
  }
}

/** The table's row for a move by this actor, if there is one. */
export function orderStatusMove(
  from: OrderStatus,
  to: OrderStatus,
  actor: OrderMoveActor,
): OrderStatusMove | undefined {
  return ORDER_STATUS_MOVES[from].find((move) => move.to === to && move.who.includes(actor));
}

/**
 * Why the order may not move to `to`, in French, or null when it may (staying where it is is no
 * move and always allowed). Without a row for the move, the conditions any row into `to` asks
 * come first, so that an unpaid order asked to be 'Livrée' is told it is not paid rather than
 * that the move does not exist.
 */
export function orderMoveRefusal(
  facts: OrderMoveFacts,
  to: OrderStatus,
  actor: OrderMoveActor,
): string | null {
  if (facts.status === to) return null;
  const move = orderStatusMove(facts.status, to, actor);
  const conditions =
    move?.when ??
    Object.values(ORDER_STATUS_MOVES)
      .flat()
      .filter((row) => row.to === to && row.who.includes(actor))
      .flatMap((row) => row.when);
  const failed = conditions.find((condition) => !holds(condition, facts));
  if (failed) return orderMoveRefusals[failed];
  return move ? null : orderMoveMessages.notAllowed(facts.status, to);
}

/** The statuses staff may choose for an order now (the dialog's options), its own first. */
export function staffStatusChoices(from: OrderStatus): OrderStatus[] {
  return [
    from,
    ...ORDER_STATUS_MOVES[from].filter((move) => move.who.includes("staff")).map((move) => move.to),
  ];
}

/**
 * The statuses in which a combined parcel's orders travel as one: a move of one of its orders
 * into one of them moves the parcel's other orders too. A cancellation is each order's own (a
 * cancelled order leaves its parcel).
 */
export const PARCEL_STATUSES = ["paid", "preparing", "to-ship", "shipped", "delivered"] as const;

export function movesWithParcel(to: OrderStatus): boolean {
  return !isCancelledStatus(to) && (PARCEL_STATUSES as readonly OrderStatus[]).includes(to);
}

/** The statuses a customer is mailed about when their order reaches them (once each, decision 039). */
export const MAILED_ORDER_STATUSES = ["paid", "shipped"] as const;
export type MailedOrderStatus = (typeof MAILED_ORDER_STATUSES)[number];
