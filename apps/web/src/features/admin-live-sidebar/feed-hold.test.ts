import { describe, expect, it } from "vitest";
import { heldFeedView, waitingCommentsText } from "./feed-hold";
import { chat, mergeFeedEvents } from "../live-feed/testing";

describe("the feed held still", () => {
  const before = [chat(1, "lea", "1"), chat(2, "zoe", "2")];

  it("shows what it holds when nothing holds it", () => {
    const latest = mergeFeedEvents(before, [chat(3, "ana", "3")]);
    expect(heldFeedView(null, latest)).toEqual({ shown: latest, waiting: 0 });
  });

  it("keeps the cards of when the hold began and counts the comments that came since", () => {
    const latest = mergeFeedEvents(before, [chat(3, "ana", "3"), chat(4, "eva", "4")]);
    const view = heldFeedView(before, latest);
    expect(view.shown).toBe(before);
    expect(view.waiting).toBe(2);
  });

  it("counts comments read back from a gap as waiting: shown, they would slide in between the cards", () => {
    const latest = mergeFeedEvents([chat(5, "ana", "5")], [chat(2, "old", "2"), chat(6, "eva", "6")]);
    expect(heldFeedView([chat(5, "ana", "5")], latest).waiting).toBe(2);
  });

  it("keeps showing a card the feed's limit dropped while held, and counts only what is new", () => {
    const latest = mergeFeedEvents(before, [chat(3, "ana", "3")], 2);
    expect(latest.map((event) => event.seq)).toEqual([2, 3]);
    expect(heldFeedView(before, latest)).toEqual({ shown: before, waiting: 1 });
  });

  it("names the waiting comments in French, or nothing", () => {
    expect(waitingCommentsText(0)).toBeNull();
    expect(waitingCommentsText(1)).toBe("1 nouveau commentaire");
    expect(waitingCommentsText(12)).toBe("12 nouveaux commentaires");
    expect(waitingCommentsText(1500)).toBe("1\u202f500 nouveaux commentaires");
  });
});
