import { describe, expect, it } from "vitest";
import {
  claimBadgeText,
  claimedPieces,
  counterItems,
  doubtAnswerText,
  doubtReasonText,
  doubtSecondsLeft,
  doubtTimeLeftText,
  highestVersion,
  holderText,
  mergeClaims,
  mergeUnknownRefs,
  newLateUnclaims,
  numberWaitlists,
  parseDoubtSeconds,
  readText,
  saleText,
  waitlistText,
} from "./claims-view";
import { claim } from "./testing";

const NBSP = "\u00a0";

describe("mergeClaims", () => {
  it("keeps each claim at the highest version seen, whatever the order the changes come in", () => {
    const held = claim({ id: "ines", version: 7, state: "in-order", orderNumber: "12" });
    const released = claim({ id: "ines", version: 9, state: "released", releaseReason: "hold-expired" });
    const lea = claim({ id: "lea", version: 8, state: "waitlisted", waitlistPosition: 1 });
    const inOrder = mergeClaims(mergeClaims(new Map(), [held, lea]), [released]);
    const reversed = mergeClaims(mergeClaims(new Map(), [released]), [held, lea]);
    expect(inOrder.get("ines")).toBe(released);
    expect(reversed.get("ines")).toBe(released);
    expect([...reversed.values()]).toHaveLength(2);
    expect(highestVersion(reversed.values())).toBe(9);
  });

  it("returns the same map when a resent change brings nothing newer", () => {
    const current = mergeClaims(new Map(), [claim({ id: "ines", version: 3 })]);
    expect(mergeClaims(current, [claim({ id: "ines", version: 3 }), claim({ id: "ines", version: 2 })])).toBe(
      current,
    );
  });
});

describe("mergeUnknownRefs", () => {
  it("keeps each claim of an unknown reference once, whichever way it came", () => {
    const unknown = { id: "u1", version: 4, eventId: "e1", seq: 4, handle: "ines", ref: 54 };
    const once = mergeUnknownRefs(new Map(), [unknown]);
    expect(mergeUnknownRefs(once, [unknown])).toBe(once);
    expect(
      [...mergeUnknownRefs(once, [{ ...unknown, id: "u2", ref: 55 }]).values()].map((u) => u.ref),
    ).toEqual([54, 55]);
  });
});

describe("claimedPieces", () => {
  it("shows a piece sold outside claims as 'Vendue', with its order, and the claims answered as sold", () => {
    const sale = { orderId: "o1", orderNumber: "HF-7-2", paid: false };
    const pieces = claimedPieces([
      claim({ id: "ines", version: 3, state: "released", releaseReason: "sold", pieceSale: sale }),
      claim({
        id: "lea",
        version: 5,
        state: "released",
        releaseReason: "sold",
        pieceSale: { ...sale, paid: true },
      }),
      claim({ id: "noe", version: 6, state: "released", releaseReason: "un-claimed" }),
    ]);
    expect(pieces).toHaveLength(1);
    expect(pieces[0]).toMatchObject({ holder: null, waitlist: [], soldClaims: 2 });
    expect(pieces[0]?.sale && saleText(pieces[0].sale)).toBe("Vendue · commande n°HF-7-2 · payée");
    expect(claimBadgeText(claim({ id: "a", version: 1, state: "released", releaseReason: "sold" }))).toBe(
      "Vendue",
    );
  });

  it("gives each piece its holder and its waitlist in position order, released claims left out", () => {
    const pieces = claimedPieces([
      claim({ id: "chloe", version: 5, state: "waitlisted", waitlistPosition: 2 }),
      claim({ id: "ines", version: 3, state: "in-order" }),
      claim({ id: "lea", version: 4, state: "waitlisted", waitlistPosition: 1 }),
      claim({ id: "noe", version: 6, state: "released", releaseReason: "un-claimed" }),
      claim({
        id: "zoe",
        version: 2,
        productId: "piece-3",
        ref: 3,
        state: "waitlisted",
        waitlistPosition: 1,
      }),
    ]);
    expect(pieces.map((piece) => [piece.ref, piece.holder?.handle ?? null])).toEqual([
      [3, null],
      [12, "ines"],
    ]);
    expect(waitlistText(pieces[1]?.waitlist ?? [])).toBe("1. @lea  2. @chloe");
  });
});

describe("numberWaitlists", () => {
  it("numbers each piece's waitlist again from the ranks, when one ahead left without the others changing", () => {
    // As a stream leaves them: lea (1) released, chloe and noe still carry the places read before.
    const claims = mergeClaims(new Map(), [
      claim({ id: "lea", version: 9, seq: 4, state: "released", releaseReason: "un-claimed" }),
      claim({ id: "chloe", version: 5, seq: 5, state: "waitlisted", waitlistPosition: 2 }),
      claim({ id: "noe", version: 6, seq: 6, state: "waitlisted", waitlistPosition: 3 }),
      // Skipped: its rank moved past the others, whatever its seq.
      claim({ id: "zoe", version: 10, seq: 3, queueRank: 7, state: "waitlisted", waitlistPosition: 3 }),
      claim({ id: "ines", version: 2, seq: 2, productId: "piece-3", ref: 3, state: "waitlisted" }),
    ]);
    const numbered = numberWaitlists(claims);
    expect(["chloe", "noe", "zoe", "ines"].map((id) => numbered.get(id)?.waitlistPosition)).toEqual([
      1, 2, 3, 1,
    ]);
    expect(numbered.get("lea")?.waitlistPosition).toBeNull();
    expect(numberWaitlists(numbered)).toBe(numbered);
  });
});

describe("what a comment card and a holder say", () => {
  it("names the claim's state the way staff read it", () => {
    expect(claimBadgeText(claim({ id: "a", version: 1, state: "in-order" }))).toBe("Réservée");
    expect(claimBadgeText(claim({ id: "a", version: 1, state: "waitlisted", waitlistPosition: 2 }))).toBe(
      "En attente n°2",
    );
    expect(claimBadgeText(claim({ id: "a", version: 1, state: "pending" }))).toBe("À valider");
    expect(
      claimBadgeText(claim({ id: "a", version: 1, state: "released", releaseReason: "hold-expired" })),
    ).toBe("Libérée (réservation expirée)");
  });

  it("names the holder's order by its number and the hold's end with its day", () => {
    const now = Date.parse("2026-11-28T20:01:00Z");
    const held = claim({
      id: "a",
      version: 1,
      state: "in-order",
      orderNumber: "HF-abc-12",
      heldUntil: "2026-11-29T20:01:00.000Z",
    });
    expect(holderText(held, now)).toBe("Dans la commande n°HF-abc-12 · jusqu'à demain 21:01");
    expect(holderText({ ...held, heldUntil: "2026-11-28T21:30:00.000Z" }, now)).toBe(
      "Dans la commande n°HF-abc-12 · jusqu'à aujourd'hui 22:30",
    );
  });

  it("flags a size or colour asked that the piece does not have", () => {
    expect(readText(claim({ id: "a", version: 1 }))).toBeNull();
    expect(
      readText(claim({ id: "a", version: 1, sizeRead: "M", colorRead: "rouge", colorDiffers: true })),
    ).toEqual({
      text: "Demandé : taille M, couleur rouge (différente de la pièce)",
      differs: true,
    });
  });

  it("shows the counters in the issue's order, amounts in euros the French way", () => {
    const items = counterItems({
      comments: 12_345,
      claims: 40,
      piecesHeld: 12,
      orders: 9,
      revenueHeldCents: 30_000,
      revenuePaidCents: 12_550,
      unpaidReleases: 2,
      soldClaims: 3,
      unknownRefs: 4,
    });
    expect(items.map((item) => item.label)).toEqual([
      "Commentaires",
      "Réservations",
      "Pièces réservées",
      "Commandes",
      "Montant réservé",
      "Montant payé",
      "Libérations sans paiement",
      "Demandes de pièces vendues",
      "Réfs introuvables",
    ]);
    expect(items.slice(-2).map((item) => item.value)).toEqual(["3", "4"]);
    expect(items[0]?.value).toBe("12\u202f345");
    expect(items[4]?.value).toBe(`300,00${NBSP}€`);
    expect(items[5]?.value).toBe(`125,50${NBSP}€`);
  });
});

describe("a doubt, as staff read it", () => {
  const until = "2026-11-26T10:00:45.000Z";
  const doubt = claim({
    id: "a",
    version: 1,
    doubtReason: "question",
    toConfirm: true,
    doubtUntil: until,
  });

  it("says 'À confirmer' and why, whatever the claim's state", () => {
    expect(claimBadgeText(doubt)).toBe("À confirmer");
    expect(claimBadgeText({ ...doubt, state: "waitlisted", waitlistPosition: 1 })).toBe("À confirmer");
    expect(doubtReasonText(doubt)).toBe("Demande posée comme une question");
    expect(doubtReasonText(claim({ id: "b", version: 1 }))).toBeNull();
  });

  it("counts the whole seconds left up, down to 0, and only while it waits", () => {
    const end = Date.parse(until);
    expect(doubtSecondsLeft(doubt, end - 32_000)).toBe(32);
    expect(doubtSecondsLeft(doubt, end - 31_200)).toBe(32);
    expect(doubtSecondsLeft(doubt, end - 100)).toBe(1);
    expect(doubtSecondsLeft(doubt, end + 5_000)).toBe(0);
    expect(doubtSecondsLeft({ ...doubt, toConfirm: false }, end - 32_000)).toBeNull();
    expect(doubtTimeLeftText(32)).toBe("encore 32 s");
    expect(doubtTimeLeftText(0)).toBe("délai écoulé");
  });

  it("names who answered it, once answered", () => {
    expect(doubtAnswerText({ ...doubt, decidedBy: "Marie" })).toBeNull();
    const confirmed = { ...doubt, toConfirm: false, doubtUntil: null, decidedBy: "Marie" };
    expect(doubtAnswerText({ ...confirmed, state: "in-order" })).toBe("Confirmée par Marie");
    expect(doubtAnswerText({ ...confirmed, state: "released", releaseReason: "doubt-ignored" })).toBe(
      "Ignorée par Marie",
    );
    // Released later for another reason: the answer is no longer the news.
    expect(doubtAnswerText({ ...confirmed, state: "released", releaseReason: "hold-expired" })).toBeNull();
    expect(doubtAnswerText(claim({ id: "b", version: 1, state: "in-order", decidedBy: "Marie" }))).toBeNull();
  });
});

describe("parseDoubtSeconds", () => {
  it("reads whole seconds, empty as the shop's, anything else as not a number", () => {
    expect(parseDoubtSeconds(" 30 ")).toBe(30);
    expect(parseDoubtSeconds("")).toBeNull();
    expect(parseDoubtSeconds("  ")).toBeNull();
    expect(parseDoubtSeconds("2,5")).toBeUndefined();
    expect(parseDoubtSeconds("trente")).toBeUndefined();
    expect(parseDoubtSeconds("-5")).toBeUndefined();
  });
});

describe("newLateUnclaims", () => {
  it("names an un-claim of a paid piece once, when it is new to the page", () => {
    const paid = claim({ id: "ines", version: 4, state: "paid" });
    const late = claim({ id: "ines", version: 5, state: "paid", lateUnclaimAt: "2026-11-26T10:05:00.000Z" });
    const known = new Map([["ines", paid]]);
    expect(newLateUnclaims(known, [late])).toEqual([late]);
    // Heard again (a resume, a resent change): already known, not told twice.
    expect(newLateUnclaims(new Map([["ines", late]]), [late])).toEqual([]);
    expect(newLateUnclaims(known, [paid])).toEqual([]);
  });
});
