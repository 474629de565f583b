import { SITE_CLAIM_EVENT_TYPE } from "@vitrine/domain";
import { describe, expect, it } from "vitest";
import { readCommentBatch } from "./comment-batch";

describe("readCommentBatch", () => {
  it("reads a claim made from the site as a sure claim of its piece, in its place among the comments", () => {
    const batch = readCommentBatch(
      [
        { id: "a", seq: 1, eventType: "chat", uniqueId: "Anna", comment: "je prends le 12" },
        {
          id: "b",
          seq: 2,
          eventType: SITE_CLAIM_EVENT_TYPE,
          uniqueId: "bea",
          comment: "Je le prends",
          siteRef: 12,
        },
        {
          id: "c",
          seq: 3,
          eventType: SITE_CLAIM_EVENT_TYPE,
          uniqueId: "",
          comment: "Je le prends",
          siteRef: 12,
        },
        {
          id: "d",
          seq: 4,
          eventType: SITE_CLAIM_EVENT_TYPE,
          uniqueId: "cleo",
          comment: "Je le prends",
          siteRef: null,
        },
      ],
      [],
    );
    // Only chat events count as comments; a site claim without a handle or a piece claims nothing.
    expect(batch.comments).toBe(1);
    expect(batch.items.map((item) => [item.eventId, item.seq, item.handle, item.claims])).toEqual([
      ["a", 1, "anna", [{ ref: 12, size: null, color: null }]],
      ["b", 2, "bea", [{ ref: 12, size: null, color: null }]],
    ]);
    expect(batch.items[1]).toMatchObject({ doubts: [], unclaims: [] });
  });

  it("reads no handle proof code from a claim made from the site", () => {
    const batch = readCommentBatch(
      [
        {
          id: "a",
          seq: 1,
          eventType: SITE_CLAIM_EVENT_TYPE,
          uniqueId: "bea",
          comment: "VT-7K3QX",
          siteRef: 3,
        },
      ],
      [],
    );
    expect(batch.proofCodes).toEqual([]);
  });
});
