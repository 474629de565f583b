import { describe, expect, it } from "vitest";
import {
  chooseParcelLead,
  parcelMessages,
  parcelRefusal,
  sameShippingAddress,
  type ParcelCandidate,
} from "./parcels";

const address = {
  first_name: "Marie",
  last_name: "Dupont",
  street: "8 rue de la République",
  zip: "69002",
  city: "Lyon",
  state: "",
  country: "France",
  email: "marie@example.com",
  phone: "06 12 34 56 78",
};

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse("2026-11-20T10:00:00Z");

function candidate(id: string, overrides: Partial<ParcelCandidate> = {}): ParcelCandidate {
  return {
    id,
    orderNumber: `HF-${id}`,
    userId: "marie",
    status: "paid",
    orderDate: new Date(now),
    shippingAddress: address,
    hasLabel: false,
    parcelLeadId: null,
    ...overrides,
  };
}

const rule = { combineDays: 7 };

describe("sameShippingAddress", () => {
  it("reads one place through case, accents, spaces and the postal code's spaces", () => {
    expect(
      sameShippingAddress(address, {
        ...address,
        first_name: " marie ",
        street: "8  RUE DE LA REPUBLIQUE",
        zip: "69 002",
        city: "lyon ",
        phone: "0700000000",
        email: "autre@example.com",
        delivery_note: "Code 1234",
      }),
    ).toBe(true);
  });

  it("tells another street, city, postal code or addressee apart", () => {
    expect(sameShippingAddress(address, { ...address, street: "10 rue de la République" })).toBe(false);
    expect(sameShippingAddress(address, { ...address, zip: "69003" })).toBe(false);
    expect(sameShippingAddress(address, { ...address, city: "Villeurbanne" })).toBe(false);
    expect(sameShippingAddress(address, { ...address, last_name: "Durand" })).toBe(false);
  });

  it("reads an address saved by an older version of the shop, and refuses no address", () => {
    const { zip, ...rest } = address;
    expect(sameShippingAddress(address, { ...rest, postal_code: zip })).toBe(true);
    expect(sameShippingAddress(address, null)).toBe(false);
    expect(sameShippingAddress(null, null)).toBe(false);
  });
});

describe("parcelRefusal", () => {
  it("accepts a paid order and orders awaiting payment of one customer, to one address, within the window", () => {
    const orders = [
      candidate("a"),
      candidate("b", { status: "to-pay", orderDate: new Date(now + 3 * DAY) }),
      candidate("c", { status: "to-validate", orderDate: new Date(now + 7 * DAY) }),
    ];
    expect(parcelRefusal(orders, rule)).toBeNull();
    expect(chooseParcelLead(orders)?.id).toBe("a");
  });

  it("refuses two addresses", () => {
    const refusal = parcelRefusal(
      [candidate("a"), candidate("b", { shippingAddress: { ...address, city: "Paris", zip: "75011" } })],
      rule,
    );
    expect(refusal).toBe(parcelMessages.differentAddress("HF-a", "HF-b"));
  });

  it("refuses another customer, fewer than two orders, a missing address", () => {
    expect(parcelRefusal([candidate("a"), candidate("b", { userId: "paul" })], rule)).toBe(
      parcelMessages.otherCustomer,
    );
    expect(parcelRefusal([candidate("a"), candidate("a")], rule)).toBe(parcelMessages.tooFew);
    expect(
      parcelRefusal([candidate("a"), candidate("b", { status: "to-validate", shippingAddress: null })], rule),
    ).toBe(parcelMessages.addressMissing("HF-b"));
  });

  it("refuses shipped, cancelled, prepared and labelled orders, and a parcel with no paid order", () => {
    for (const status of [
      "to-ship",
      "shipped",
      "delivered",
      "cancelled-by-admin",
      "cancelled-by-customer",
    ] as const) {
      expect(parcelRefusal([candidate("a"), candidate("b", { status })], rule)).toBe(
        parcelMessages.notJoinable("HF-b", status),
      );
    }
    expect(parcelRefusal([candidate("a"), candidate("b", { hasLabel: true })], rule)).toBe(
      parcelMessages.labelled("HF-b"),
    );
    expect(
      parcelRefusal([candidate("a", { status: "to-pay" }), candidate("b", { status: "to-validate" })], rule),
    ).toBe(parcelMessages.noPaidOrder);
  });

  it("refuses orders further apart than the window, and every order when it is 0", () => {
    const late = candidate("b", { orderDate: new Date(now + 7 * DAY + 1000) });
    expect(parcelRefusal([candidate("a"), late], rule)).toBe(parcelMessages.tooFarApart("HF-a", "HF-b", 7));
    expect(parcelRefusal([candidate("a"), candidate("b")], { combineDays: 0 })).toBe(parcelMessages.disabled);
  });

  it("refuses an order already in another parcel, and lets one join the parcel it names", () => {
    const member = candidate("m", { parcelLeadId: "x", parcelLeadNumber: "HF-x" });
    expect(parcelRefusal([candidate("a"), member], rule)).toBe(parcelMessages.inOtherParcel("HF-m", "HF-x"));
    const lead = candidate("x");
    expect(
      parcelRefusal([lead, member, candidate("b", { status: "to-pay" })], { ...rule, existingLeadId: "x" }),
    ).toBeNull();
    // The parcel keeps its lead, even when an earlier paid order joins it.
    expect(chooseParcelLead([candidate("early", { orderDate: new Date(now - DAY) }), lead], "x")?.id).toBe(
      "x",
    );
  });
});
