import type { LiveClaimables } from "@vitrine/domain";
import { describe, expect, it } from "vitest";
import { claimOf, nextAutoClaim, waitlistsOf, waitlistText } from "./claims";
import { chat } from "../admin-shared/live-feed/test-events";

const claimables: LiveClaimables = {
  availableRefs: [3, 7, 12],
  sold: [
    { ref: 5, productId: "p5", orderId: "o1", tiktokUsername: "marie" },
    { ref: 9, productId: "p9", orderId: "o2", tiktokUsername: null },
  ],
};

describe("claimOf", () => {
  it("reads a claim of a product for sale, or of one already sold", () => {
    expect(claimOf("je prends le 12", claimables)).toEqual({ ref: 12, sold: false });
    expect(claimOf("le 5 svp", claimables)).toEqual({ ref: 5, sold: true });
  });

  it("ignores other numbers, questions and empty comments", () => {
    expect(claimOf("le 40 svp", claimables)).toBeNull();
    expect(claimOf("combien le 12 ?", claimables)).toBeNull();
    expect(claimOf("taille 38", claimables)).toBeNull();
    expect(claimOf(null, claimables)).toBeNull();
  });
});

describe("waitlistsOf", () => {
  it("lists the other claimers of each sold product in claim order, once each, the buyer left out", () => {
    const events = [
      chat(1, "Marie", "je prends le 5"),
      chat(2, "lea", "5 pour moi"),
      chat(3, "zoe", "le 9"),
      chat(4, "@Lea", "le 5 !!"),
      chat(5, "ines", "n°5"),
      chat(6, "ana", "le 12"),
    ];
    const lists = waitlistsOf(events, claimables);
    expect(lists).toEqual([
      { ref: 5, handles: ["lea", "ines"] },
      { ref: 9, handles: ["zoe"] },
    ]);
    expect(waitlistText(lists[0] ?? { ref: 0, handles: [] })).toBe("Liste d'attente réf 5 : @lea, @ines");
  });
});

describe("nextAutoClaim", () => {
  const events = [
    chat(1, "early", "le 3"),
    chat(2, "bob", "bonjour"),
    chat(3, "lea", "le 5"),
    chat(4, "Zoe", "je prends le 7"),
    chat(5, "ana", "le 12"),
  ];

  it("takes the oldest claim of a product for sale after the switch was turned on", () => {
    expect(nextAutoClaim(events, claimables, 1, new Set())).toMatchObject({ ref: 7, handle: "zoe" });
  });

  it("skips the claims already tried", () => {
    expect(nextAutoClaim(events, claimables, 1, new Set([4]))).toMatchObject({ ref: 12, handle: "ana" });
    expect(nextAutoClaim(events, claimables, 1, new Set([4, 5]))).toBeNull();
  });
});
