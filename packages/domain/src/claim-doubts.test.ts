import { describe, expect, it } from "vitest";
import { doubtAnswerLine, doubtAnswersFileName, isToConfirm, staffFirstName } from "./claim-doubts";

describe("isToConfirm", () => {
  it("holds for a doubt staff have not confirmed, pending or waitlisted, and nothing else", () => {
    const doubt = { doubtReason: "question", confirmedAt: null } as const;
    expect(isToConfirm({ ...doubt, state: "pending" })).toBe(true);
    expect(isToConfirm({ ...doubt, state: "waitlisted" })).toBe(true);
    expect(isToConfirm({ ...doubt, state: "in-order" })).toBe(false);
    expect(isToConfirm({ ...doubt, state: "released" })).toBe(false);
    expect(isToConfirm({ ...doubt, state: "pending", confirmedAt: "2026-11-28T20:00:00Z" })).toBe(false);
    expect(isToConfirm({ state: "pending", doubtReason: null, confirmedAt: null })).toBe(false);
  });
});

describe("staffFirstName", () => {
  it("is the first name, else the e-mail before its @, else nothing", () => {
    expect(staffFirstName("Marie", "marie.dupont@boutique.fr")).toBe("Marie");
    expect(staffFirstName("  Léa ", null)).toBe("Léa");
    expect(staffFirstName(null, "paul@boutique.fr")).toBe("paul");
    expect(staffFirstName("   ", "paul@boutique.fr")).toBe("paul");
    expect(staffFirstName(null, null)).toBeNull();
    expect(staffFirstName(null, "@boutique.fr")).toBeNull();
  });
});

describe("doubtAnswerLine", () => {
  const reading = {
    claims: [],
    doubts: [{ ref: 7, size: "M", color: null, reason: "question" as const }],
    unclaims: [],
  };
  const stored = {
    id: "a1",
    comment: "possible d'avoir le 7 en M ?",
    piece: { ref: 7, size: "M", color: null },
    answeredBy: "Marie",
    answeredAt: new Date("2026-11-28T20:00:00Z"),
    reading,
  };

  it("labels a confirmed doubt a claim of its piece", () => {
    expect(doubtAnswerLine({ ...stored, answer: "confirmed" })).toEqual({
      id: "a1",
      text: "possible d'avoir le 7 en M ?",
      give: [{ ref: 7, size: "M", color: null }],
      giveUp: [],
      kind: "claim",
      answer: "confirmed",
      answeredBy: "Marie",
      answeredAt: "2026-11-28T20:00:00.000Z",
      reading,
    });
  });

  it("labels an ignored doubt no claim, and one nobody answered unknown", () => {
    expect(doubtAnswerLine({ ...stored, answer: "ignored" })).toMatchObject({
      give: [],
      kind: "not-a-claim",
    });
    expect(doubtAnswerLine({ ...stored, answer: "expired", answeredBy: null })).toMatchObject({
      give: [],
      kind: "unknown",
      answeredBy: null,
    });
  });
});

describe("doubtAnswersFileName", () => {
  it("names the file after the live's ref, else its id", () => {
    expect(doubtAnswersFileName({ ref: "nov28", id: "x" })).toBe("reponses-aux-doutes-nov28.jsonl");
    expect(doubtAnswersFileName({ ref: null, id: "5f0c" })).toBe("reponses-aux-doutes-5f0c.jsonl");
  });
});
