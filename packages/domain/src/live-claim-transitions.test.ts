import { describe, expect, it } from "vitest";
import { CLAIM_RELEASE_REASONS } from "./live-claims";
import { CLAIM_TRANSITIONS, claimMoveAllowed, STORED_CLAIM_STATES } from "./live-claim-transitions";

describe("the claim transition table", () => {
  it("moves between stored states only, every release with a release reason, each move once", () => {
    const seen = new Set<string>();
    for (const move of CLAIM_TRANSITIONS) {
      expect(STORED_CLAIM_STATES).toContain(move.from);
      expect(STORED_CLAIM_STATES).toContain(move.to);
      expect(move.from).not.toBe(move.to);
      expect(move.who.length).toBeGreaterThan(0);
      if (move.to === "released") expect(CLAIM_RELEASE_REASONS).toContain(move.reason);
      else expect(CLAIM_RELEASE_REASONS).not.toContain(move.reason);
      const key = `${move.from}>${move.to}>${move.to === "released" ? move.reason : ""}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
    // Every release reason is reached by some move.
    expect(new Set(CLAIM_TRANSITIONS.filter((m) => m.to === "released").map((m) => m.reason))).toEqual(
      new Set(CLAIM_RELEASE_REASONS),
    );
  });

  it("allows a move of the table, and a release only with its reason", () => {
    expect(claimMoveAllowed("in-order", "released", "hold-expired")).toBe(true);
    expect(claimMoveAllowed("pending", "released", "hold-expired")).toBe(false);
    expect(claimMoveAllowed("released", "waitlisted")).toBe(false);
    expect(claimMoveAllowed("waitlisted", "pending")).toBe(true);
  });
});
