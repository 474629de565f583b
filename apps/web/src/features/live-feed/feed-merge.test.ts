import { describe, expect, it } from "vitest";
import { lastSeqOf, mergeFeedEvents } from "./feed-merge";
import { chat } from "./testing";

describe("mergeFeedEvents", () => {
  it("orders by seq whatever the arrival order", () => {
    const merged = mergeFeedEvents(
      [chat(2, "b", "x")],
      [chat(5, "e", "x"), chat(1, "a", "x"), chat(3, "c", "x")],
    );
    expect(merged.map((event) => event.seq)).toEqual([1, 2, 3, 5]);
  });

  it("keeps each seq once when a reconnect or a poll resends it", () => {
    const current = mergeFeedEvents([], [chat(1, "a", "x"), chat(2, "b", "x")]);
    const merged = mergeFeedEvents(current, [chat(2, "b", "x"), chat(3, "c", "x"), chat(3, "c", "x")]);
    expect(merged.map((event) => event.seq)).toEqual([1, 2, 3]);
  });

  it("returns the same list when nothing is new", () => {
    const current = mergeFeedEvents([], [chat(1, "a", "x")]);
    expect(mergeFeedEvents(current, [chat(1, "a", "x")])).toBe(current);
    expect(mergeFeedEvents(current, [])).toBe(current);
  });

  it("keeps only the latest ones", () => {
    const many = Array.from({ length: 120 }, (_, index) => chat(index + 1, "a", "x"));
    const merged = mergeFeedEvents([], many);
    expect(merged).toHaveLength(100);
    expect(merged[0]?.seq).toBe(21);
    expect(lastSeqOf(merged)).toBe(120);
    expect(mergeFeedEvents(merged, [chat(5, "old", "x")], 100)[0]?.seq).toBe(21);
  });

  it("has no seq to resume after before anything arrived", () => {
    expect(lastSeqOf([])).toBeUndefined();
  });
});
