import { describe, expect, it } from "vitest";
import { formatEuros } from "./money";
import {
  amountLeftToRefund,
  cancelConfirmation,
  isPaidOrderStatus,
  orderRefundMessages,
  parcelMayBeGone,
} from "./order-refund";

describe("amountLeftToRefund", () => {
  it("is what was paid when nothing went back yet", () => {
    expect(amountLeftToRefund(2580, 0)).toBe(2580);
  });

  it("takes off what was already refunded, a combined parcel's fee say", () => {
    expect(amountLeftToRefund(4600, 600)).toBe(4000);
  });

  it("is zero, never below, once everything went back", () => {
    expect(amountLeftToRefund(4600, 4600)).toBe(0);
    expect(amountLeftToRefund(4600, 5000)).toBe(0);
    expect(amountLeftToRefund(0, 0)).toBe(0);
  });
});

describe("the cancellation's confirmation", () => {
  it("names the amount in euros", () => {
    expect(cancelConfirmation(2580)).toBe(`Rembourser ${formatEuros(2580)} et annuler la commande ?`);
    expect(cancelConfirmation(2580)).toMatch(/^Rembourser 25,80\s€ et/);
  });

  it("says nothing goes back when nothing is left to refund", () => {
    expect(cancelConfirmation(0)).toBe(orderRefundMessages.confirmNothingToRefund);
  });
});

describe("statuses", () => {
  it("paid ones are paid, preparing to delivered; unpaid and cancelled ones are not", () => {
    expect(
      ["paid", "preparing", "to-ship", "shipped", "delivered"].every((s) => isPaidOrderStatus(s as never)),
    ).toBe(true);
    for (const status of ["to-validate", "to-pay", "cancelled-by-customer", "cancelled-by-admin"] as const) {
      expect(isPaidOrderStatus(status)).toBe(false);
    }
  });

  it("a parcel may be gone once shipped or delivered", () => {
    expect(parcelMayBeGone("shipped")).toBe(true);
    expect(parcelMayBeGone("delivered")).toBe(true);
    expect(parcelMayBeGone("to-ship")).toBe(false);
  });
});
