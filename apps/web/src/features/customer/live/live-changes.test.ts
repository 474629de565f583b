import type { CustomerLiveClaim, CustomerLiveSnapshot } from "@vitrine/domain";
import { describe, expect, it } from "vitest";
import { describeLiveChanges, formatParisDateTime, liveResult } from "./live-changes";

const claim = (overrides: Partial<CustomerLiveClaim> = {}): CustomerLiveClaim => ({
  id: "c1",
  productId: "p1",
  ref: 12,
  productName: "Robe fleurie",
  priceCents: 990,
  size: null,
  color: null,
  sizeRead: null,
  colorRead: null,
  state: "pending",
  waitlistPosition: null,
  heldUntil: null,
  orderId: null,
  claimedAt: "2026-11-26T19:00:00.000Z",
  ...overrides,
});

const snapshot = (claims: CustomerLiveClaim[], liveId = "l1"): CustomerLiveSnapshot => ({
  serverNow: "2026-11-26T19:00:00.000Z",
  live: { id: liveId, title: "Live", startedAt: "2026-11-26T19:00:00.000Z", isActive: true },
  claims,
  orders: [],
  claimsHidden: false,
  handleProofNeeded: false,
  shownPiece: null,
  siteClaimOffered: false,
});

describe("describeLiveChanges", () => {
  it("announces a piece reserved, a waitlist position that moved and a hold that expired", () => {
    const before = snapshot([
      claim({ id: "c2", ref: 14, state: "waitlisted", waitlistPosition: 2 }),
      claim({ id: "c3", ref: 3, state: "reserved" }),
    ]);
    const after = snapshot([
      claim({ id: "c1", state: "reserved" }),
      claim({ id: "c2", ref: 14, state: "waitlisted", waitlistPosition: 1 }),
      claim({ id: "c3", ref: 3, state: "expired" }),
    ]);
    expect(describeLiveChanges(before, after)).toEqual([
      "Réservation expirée\u00a0: n°\u00a03",
      "Vous êtes maintenant n°\u00a01 sur la liste d'attente du n°\u00a014",
      "Réservé pour vous\u00a0: n°\u00a012 Robe fleurie",
    ]);
  });

  it("says nothing of a first snapshot, of another live, or of a claim that did not change", () => {
    const claims = [claim({ state: "reserved" })];
    expect(describeLiveChanges(undefined, snapshot(claims))).toEqual([]);
    expect(describeLiveChanges(snapshot([]), snapshot(claims, "l2"))).toEqual([]);
    expect(describeLiveChanges(snapshot(claims), snapshot(claims))).toEqual([]);
  });
});

describe("the page's words", () => {
  it("dates a live in Paris time and sums up what it left", () => {
    expect(formatParisDateTime("2026-11-26T19:00:00.000Z")).toBe("26 novembre 2026 à 20:00");
    expect(
      liveResult([claim({ state: "reserved" }), claim({ state: "paid" }), claim({ state: "expired" })]),
    ).toBe("1 pièce réservée, 1 pièce payée, 1 réservation expirée");
    expect(liveResult([])).toBe("Aucune pièce réservée");
  });
});
