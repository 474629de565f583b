import { describe, expect, it } from "vitest";
import type { Queryable } from "../../db/client";
import { writeOrderStatus } from "./status";

// A database any use of which fails the test: a move the table refuses must never reach it.
const noDatabase = new Proxy<Queryable>(Object.create(null) as Queryable, {
  get: () => {
    throw new Error("the database was reached");
  },
});

describe("writeOrderStatus", () => {
  it("refuses, before any write, a move the status table does not list for its actor", async () => {
    await expect(
      writeOrderStatus(noDatabase, { where: [], from: ["delivered"], to: "to-pay", actor: "staff" }),
    ).rejects.toThrow("the status table has no move delivered → to-pay for staff");
    // Listed for the system (a payment), not for the customer.
    await expect(
      writeOrderStatus(noDatabase, { where: [], from: ["to-pay"], to: "paid", actor: "customer" }),
    ).rejects.toThrow("no move to-pay → paid for customer");
    // One status of `from` without the move is enough to refuse them all.
    await expect(
      writeOrderStatus(noDatabase, {
        where: [],
        from: ["to-validate", "paid"],
        to: "to-pay",
        actor: "customer",
      }),
    ).rejects.toThrow("no move paid → to-pay for customer");
  });

  it("lets a listed move, and staying in place, reach the database", async () => {
    await expect(
      writeOrderStatus(noDatabase, {
        where: [],
        from: ["to-validate", "to-pay"],
        to: "to-validate",
        actor: "customer",
      }),
    ).rejects.toThrow("the database was reached");
  });
});
