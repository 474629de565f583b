import { describe, expect, it } from "vitest";
import { noticePushBody } from "./customer-notices";
import {
  minimumOrderMessages,
  minimumOrderShortfallCents,
  orderContentMessages,
  orderContentRefusal,
  parseMinimumOrder,
} from "./order-minimum";

const plain = (text: string | null) => text?.replace(/\s/g, " ") ?? null;

describe("what an order needs to be validated or paid", () => {
  it("refuses an order without a piece, whatever the minimum", () => {
    expect(orderContentRefusal({ itemCount: 0, subtotalCents: 0 }, null)).toBe(orderContentMessages.empty);
    expect(orderContentRefusal({ itemCount: 0, subtotalCents: 0 }, 2500)).toBe(orderContentMessages.empty);
  });

  it("says how much is still to reach the shop's minimum, counting the pieces only", () => {
    expect(minimumOrderShortfallCents(1690, 2500)).toBe(810);
    expect(minimumOrderShortfallCents(2500, 2500)).toBe(0);
    expect(minimumOrderShortfallCents(100, null)).toBe(0);
    expect(plain(orderContentRefusal({ itemCount: 1, subtotalCents: 1690 }, 2500))).toBe(
      "Encore 8,10 € pour atteindre le minimum de commande de 25,00 €",
    );
    expect(orderContentRefusal({ itemCount: 2, subtotalCents: 2500 }, 2500)).toBeNull();
    expect(orderContentRefusal({ itemCount: 1, subtotalCents: 990 }, null)).toBeNull();
  });
});

describe("the minimum as staff type it", () => {
  it("reads French amounts; empty or zero is no minimum", () => {
    expect(parseMinimumOrder("25,00")).toEqual({ ok: true, cents: 2500 });
    expect(parseMinimumOrder("9,9")).toEqual({ ok: true, cents: 990 });
    expect(parseMinimumOrder(" 30 € ")).toEqual({ ok: true, cents: 3000 });
    expect(parseMinimumOrder("")).toEqual({ ok: true, cents: null });
    expect(parseMinimumOrder("0")).toEqual({ ok: true, cents: null });
  });

  it("refuses in French what is no amount", () => {
    expect(parseMinimumOrder("vingt")).toEqual({ ok: false, message: minimumOrderMessages.notAnAmount });
    expect(parseMinimumOrder("-3")).toEqual({ ok: false, message: minimumOrderMessages.negative });
    expect(parseMinimumOrder("3,999")).toEqual({ ok: false, message: minimumOrderMessages.tooPrecise });
    expect(parseMinimumOrder("10 000,01")).toEqual({ ok: false, message: minimumOrderMessages.tooHigh });
  });
});

describe("the expiry's push", () => {
  it("says the order is now empty when the engine cancelled it", () => {
    const pieces = [{ ref: 12, name: "Robe fleurie", priceCents: 990 }];
    expect(noticePushBody("claim-expired", pieces, null, true)).toBe(
      "Robe fleurie (n°12) : la réservation a pris fin. Votre commande est maintenant vide : elle est annulée et il n'y a rien à régler.",
    );
    expect(noticePushBody("claim-expired", pieces, null)).toBe(
      "Robe fleurie (n°12) : la réservation a pris fin.",
    );
  });
});
