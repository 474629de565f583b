import { describe, expect, it } from "vitest";
import { CUSTOMER_NOTICE_KINDS, holdEndText, noticePieceLine, noticePushBody } from "./customer-notices";
import { isStaffMessageType, MESSAGE_TEMPLATE_TYPES } from "./message-template";
import { ORDER_STATUSES } from "./order-status";

describe("what a notice says", () => {
  it("gives a hold's end in Paris time, in French", () => {
    // 20:30 UTC in November is 21:30 in Paris.
    expect(holdEndText(new Date("2026-11-26T20:30:00Z"))).toBe("jusqu'au jeudi 26 novembre à 21:30");
    // Summer time: 07:05 UTC is 09:05 in Paris.
    expect(holdEndText(new Date("2026-07-03T07:05:00Z"))).toBe("jusqu'au vendredi 3 juillet à 09:05");
  });

  it("names a piece by its number, name and French price", () => {
    // The space before € is the no-break one French money is written with.
    expect(noticePieceLine({ ref: 12, name: "Robe fleurie", priceCents: 990 })).toMatch(
      /^n°12 · Robe fleurie · 9,90\s€$/,
    );
  });

  it("gives the piece's own size and colour, and says plainly what differs from the request", () => {
    expect(
      noticePieceLine({
        ref: 18,
        name: "T-shirt",
        priceCents: 1500,
        look: { size: null, color: "Blanc" },
        request: { sizeRead: "L", colorRead: "Noir" },
      }),
    ).toMatch(
      /^n°18 · T-shirt · 15,00\s€ · Taille unique · Couleur\u00a0: Blanc \(Vous avez demandé L noir\u00a0: cette pièce est blanche, taille unique\)$/,
    );
    expect(
      noticePieceLine({
        ref: 4,
        name: "Jupe",
        priceCents: 900,
        look: { size: "M", color: null },
        request: { sizeRead: "M", colorRead: null },
      }),
    ).toMatch(/^n°4 · Jupe · 9,00\s€ · Taille\u00a0: M$/);
  });

  it("keeps a push short: three pieces named, then how many more", () => {
    const pieces = [1, 2, 3, 4, 5].map((ref) => ({ ref, name: `Pièce ${ref}`, priceCents: 100 }));
    expect(noticePushBody("claim-expired", pieces, null)).toBe(
      "Pièce 1 (n°1), Pièce 2 (n°2), Pièce 3 (n°3) et 2 autres : la réservation a pris fin.",
    );
    expect(noticePushBody("claim-reserved", pieces.slice(0, 1), new Date("2026-11-26T20:30:00Z"))).toBe(
      "Pièce 1 (n°1) : réservé pour vous jusqu'au jeudi 26 novembre à 21:30.",
    );
  });
});

describe("the send-a-message dialog's types", () => {
  it("are the order statuses: a notice of a claim is never sent by hand", () => {
    expect(MESSAGE_TEMPLATE_TYPES.filter(isStaffMessageType)).toEqual([...ORDER_STATUSES]);
    for (const kind of CUSTOMER_NOTICE_KINDS) expect(isStaffMessageType(kind)).toBe(false);
  });
});
