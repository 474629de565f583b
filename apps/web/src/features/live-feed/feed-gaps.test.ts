import { describe, expect, it } from "vitest";
import { addGap, gapPageRead, missedCommentsText, missedCount, NO_GAPS } from "./feed-gaps";

describe("the feed's gaps", () => {
  it("counts what the stream announced, and counts down as pages are read until the range is read", () => {
    let gaps = addGap(NO_GAPS, { after: 10, through: 1_210, count: 1_200 });
    expect(missedCount(gaps)).toBe(1_200);
    const [gap] = gaps;
    if (!gap) throw new Error("no gap");
    gaps = gapPageRead(gaps, gap, { events: new Array(500).fill(null), next: 510 });
    expect(gaps).toEqual([{ start: 10, after: 510, through: 1_210, remaining: 700 }]);
    const [second] = gaps;
    if (!second) throw new Error("no gap");
    gaps = gapPageRead(gaps, second, { events: new Array(500).fill(null), next: 1_010 });
    expect(missedCount(gaps)).toBe(200);
    const [third] = gaps;
    if (!third) throw new Error("no gap");
    gaps = gapPageRead(gaps, third, { events: new Array(200).fill(null), next: null });
    expect(gaps).toEqual([]);
    expect(missedCount(gaps)).toBe(0);
  });

  it("counts a gap announced again from the same resume point once, the wider one", () => {
    const first = addGap(NO_GAPS, { after: 10, through: 1_210, count: 1_200 });
    const again = addGap(first, { after: 10, through: 1_300, count: 1_290 });
    expect(again).toEqual([{ start: 10, after: 10, through: 1_300, remaining: 1_290 }]);
    expect(addGap(again, { after: 10, through: 1_210, count: 1_200 })).toBe(again);
  });

  it("adds up separate gaps, reads them oldest first, and ignores a page of a gap replaced meanwhile", () => {
    const gaps = addGap(addGap(NO_GAPS, { after: 5_000, through: 6_000, count: 900 }), {
      after: 10,
      through: 1_210,
      count: 1_200,
    });
    expect(gaps.map((gap) => gap.start)).toEqual([10, 5_000]);
    expect(missedCount(gaps)).toBe(2_100);
    const stale = { start: 10, after: 10, through: 1_000, remaining: 990 };
    expect(gapPageRead(gaps, stale, { events: [], next: null })).toBe(gaps);
  });

  it("ignores an empty gap", () => {
    expect(addGap(NO_GAPS, { after: 10, through: 20, count: 0 })).toBe(NO_GAPS);
  });

  it("says how many comments are not shown, in French", () => {
    expect(missedCommentsText(0)).toBeNull();
    expect(missedCommentsText(1)).toBe("1 commentaire non affiché");
    expect(missedCommentsText(2_000)?.replace(/\s/g, " ")).toBe("2 000 commentaires non affichés");
  });
});
