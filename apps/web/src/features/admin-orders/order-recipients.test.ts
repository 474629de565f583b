import type { AdminOrderRow } from "@vitrine/domain";
import { describe, expect, it } from "vitest";
import { orderRecipients } from "./order-recipients";

function order(id: string, client: Partial<AdminOrderRow["client"]> & { id: string }): AdminOrderRow {
  return {
    id,
    orderNumber: `HF-live-${id}`,
    orderDate: "2025-05-12T18:00:00.000Z",
    status: "to-validate",
    totalAmountCents: 600,
    live: { id: "live", title: "Live", ref: "live" },
    client: {
      firstName: null,
      lastName: null,
      displayName: null,
      email: null,
      tiktokUsername: null,
      ...client,
    },
  };
}

describe("orderRecipients", () => {
  it("gives each person of the selected orders once, with a real e-mail or none", () => {
    const marie = { id: "u1", firstName: "Marie", lastName: "Durand", email: "marie@example.com" };
    const viewer = { id: "u2", tiktokUsername: "zoe", email: "zoe@viewers.vitrine.invalid" };
    expect(orderRecipients([order("1", marie), order("2", viewer), order("3", marie)])).toEqual([
      { userId: "u1", email: "marie@example.com", name: "Marie Durand" },
      { userId: "u2", email: null, name: "@zoe" },
    ]);
    expect(orderRecipients([])).toEqual([]);
  });
});
