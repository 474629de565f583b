import { describe, expect, it } from "vitest";
import { matchesPreparationSearch, orderPreparationMessages, preparationRefusal } from "./order-preparation";

describe("preparationRefusal", () => {
  it("validates a paid order, or one in preparation, that has its label", () => {
    expect(preparationRefusal({ status: "paid", hasLabel: true })).toBeNull();
    expect(preparationRefusal({ status: "preparing", hasLabel: true })).toBeNull();
  });

  it("refuses an order that is not paid, label or not", () => {
    for (const status of ["to-validate", "to-pay", "to-ship", "shipped", "cancelled-by-admin"] as const) {
      expect(preparationRefusal({ status, hasLabel: true })).toBe(orderPreparationMessages.notPaid);
    }
  });

  it("asks for the label first", () => {
    expect(preparationRefusal({ status: "paid", hasLabel: false })).toBe(
      orderPreparationMessages.labelMissing,
    );
  });
});

describe("matchesPreparationSearch", () => {
  const order = {
    customer: {
      tiktokUsername: "marie.dpt",
      firstName: "Marie",
      lastName: "Dupont",
      displayName: null,
      email: "marie.dupont@example.com",
    },
  };

  it("finds the customer by handle (with or without @), name either way round, or e-mail", () => {
    for (const search of ["MARIE.D", "@marie.dpt", "marie dupont", "Dupont Marie", "dupont@EXAMPLE", "  "]) {
      expect(matchesPreparationSearch(order, search)).toBe(true);
    }
  });

  it("leaves out another customer", () => {
    expect(matchesPreparationSearch(order, "sophie")).toBe(false);
  });
});
