import { describe, expect, it } from "vitest";
import { orderRefundMessages } from "./order-refund";
import { ORDER_STATUSES, type OrderStatus } from "./order-status";
import {
  movesWithParcel,
  ORDER_STATUS_MOVES,
  orderMoveMessages,
  orderMoveRefusal,
  orderMoveRefusals,
  orderStatusMove,
  staffStatusChoices,
  type OrderMoveFacts,
} from "./order-status-moves";

const ready = (status: OrderStatus): OrderMoveFacts => ({
  status,
  addressed: true,
  labelled: true,
  tracked: true,
});

describe("ORDER_STATUS_MOVES", () => {
  it("has a row list for every status, and every status can be reached or is where orders start", () => {
    expect(Object.keys(ORDER_STATUS_MOVES).sort()).toEqual([...ORDER_STATUSES].sort());
    const reached = new Set(Object.values(ORDER_STATUS_MOVES).flatMap((moves) => moves.map((m) => m.to)));
    for (const status of ORDER_STATUSES) {
      if (status !== "to-validate") expect(reached.has(status), status).toBe(true);
    }
  });

  it("never lists a move to the same status, nor the same move twice", () => {
    for (const [from, moves] of Object.entries(ORDER_STATUS_MOVES)) {
      const targets = moves.map((move) => move.to);
      expect(targets).not.toContain(from);
      expect(new Set(targets).size).toBe(targets.length);
      for (const move of moves) expect(move.who.length).toBeGreaterThan(0);
    }
  });

  it("lets staff take a paid order back to unpaid only through a cancellation", () => {
    for (const from of ["paid", "preparing", "to-ship", "shipped", "delivered"] as const) {
      for (const to of ["to-validate", "to-pay", "cancelled-by-customer"] as const) {
        expect(orderStatusMove(from, to, "staff"), `${from} -> ${to}`).toBeUndefined();
      }
    }
  });
});

describe("orderMoveRefusal", () => {
  it("allows every move of the table when its conditions hold, to whoever the row names", () => {
    for (const from of ORDER_STATUSES) {
      for (const move of ORDER_STATUS_MOVES[from]) {
        for (const actor of move.who) expect(orderMoveRefusal(ready(from), move.to, actor)).toBeNull();
      }
    }
  });

  it("refuses 'Livrée' to an unpaid order, and to one without an address", () => {
    expect(orderMoveRefusal({ ...ready("to-pay"), addressed: false }, "delivered", "staff")).toBe(
      "Impossible : la commande n'est pas payée",
    );
    expect(orderMoveRefusal({ ...ready("shipped"), addressed: false }, "delivered", "staff")).toBe(
      orderMoveRefusals.addressed,
    );
  });

  it("refuses 'Expédiée' without a label or a tracking number; either one is enough", () => {
    const bare = { ...ready("to-ship"), labelled: false, tracked: false };
    expect(orderMoveRefusal(bare, "shipped", "staff")).toBe(orderMoveRefusals["labelled-or-tracked"]);
    expect(orderMoveRefusal({ ...bare, tracked: true }, "shipped", "staff")).toBeNull();
    expect(orderMoveRefusal({ ...bare, labelled: true }, "shipped", "staff")).toBeNull();
  });

  it("refuses 'À expédier' without a label", () => {
    expect(orderMoveRefusal({ ...ready("paid"), labelled: false }, "to-ship", "staff")).toBe(
      orderMoveRefusals.labelled,
    );
  });

  it("refuses a paid order filed as cancelled by its customer", () => {
    expect(orderMoveRefusal(ready("paid"), "cancelled-by-customer", "staff")).toBe(
      orderRefundMessages.customerCancelPaid,
    );
  });

  it("names both statuses of a move that is not in the table", () => {
    expect(orderMoveRefusal(ready("delivered"), "preparing", "staff")).toBe(
      orderMoveMessages.notAllowed("delivered", "preparing"),
    );
    expect(orderMoveMessages.notAllowed("delivered", "preparing")).toBe(
      "Impossible : une commande « Livrée » ne peut pas passer à « En préparation »",
    );
  });

  it("keeps each move to the actors its row names: a payment is the system's, not the customer's", () => {
    expect(orderMoveRefusal(ready("to-pay"), "paid", "system")).toBeNull();
    expect(orderMoveRefusal(ready("to-pay"), "paid", "customer")).toBe(
      orderMoveMessages.notAllowed("to-pay", "paid"),
    );
  });

  it("lets an order stay where it is", () => {
    for (const status of ORDER_STATUSES) expect(orderMoveRefusal(ready(status), status, "staff")).toBeNull();
  });
});

describe("staffStatusChoices", () => {
  it("offers the current status and the staff moves of the table only", () => {
    expect(staffStatusChoices("shipped")).toEqual(["shipped", "to-ship", "delivered", "cancelled-by-admin"]);
    expect(staffStatusChoices("to-pay")).not.toContain("delivered");
  });
});

describe("movesWithParcel", () => {
  it("moves a parcel's orders together, except into a cancellation", () => {
    expect(movesWithParcel("shipped")).toBe(true);
    expect(movesWithParcel("preparing")).toBe(true);
    expect(movesWithParcel("cancelled-by-admin")).toBe(false);
    expect(movesWithParcel("to-pay")).toBe(false);
  });
});
