import { describe, expect, it } from "vitest";
import {
  instagramCommentEvent,
  instagramLiveComments,
  instagramWebhookPayloadSchema,
} from "./instagram-comments";

const comment = (id: string, text: string, fromId = "6543210987654321") => ({
  field: "live_comments",
  value: {
    from: { id: fromId, username: "lea.mode" },
    media: { id: "1799", media_product_type: "LIVE" },
    id,
    text,
  },
});

describe("instagramLiveComments", () => {
  it("turns each live comment into a chat event of its account, in Meta's order", () => {
    const payload = instagramWebhookPayloadSchema.parse({
      object: "instagram",
      entry: [
        {
          id: "1784",
          time: 1_796_400_000,
          changes: [comment("c2", "je prends le 12"), comment("c1", "le 13")],
        },
        { id: "1785", time: 1_796_400_001, changes: [comment("c3", "le 4", "42")] },
      ],
    });
    const { byAccount, skipped } = instagramLiveComments(payload);
    expect(skipped).toBe(0);
    expect(byAccount.get("1784")?.map((event) => event.msgId)).toEqual(["c2", "c1"]);
    expect(byAccount.get("1785")?.[0]).toEqual({
      platform: "instagram",
      type: "chat",
      msgId: "c3",
      createTime: 1_796_400_001_000,
      tiktokUserId: null,
      uniqueId: "42",
      nickname: "lea.mode",
      avatarUrl: null,
      comment: "le 4",
      payload: comment("c3", "le 4", "42").value,
    });
  });

  it("leaves out changes of other fields and comments without their commenter", () => {
    const payload = instagramWebhookPayloadSchema.parse({
      object: "instagram",
      entry: [
        {
          id: "1784",
          time: 1_796_400_000,
          changes: [
            { field: "comments", value: { id: "x", text: "sur une publication" } },
            { field: "live_comments", value: { id: "y", text: "sans auteur" } },
            comment("z", "le 5"),
          ],
        },
      ],
    });
    const { byAccount, skipped } = instagramLiveComments(payload);
    expect(skipped).toBe(2);
    expect(byAccount.get("1784")?.map((event) => event.msgId)).toEqual(["z"]);
  });

  it("keeps the contract's limits: the text cut without breaking an emoji, a huge comment summarised", () => {
    const long = `${"a".repeat(999)}🌸${"é".repeat(9_000)}`;
    const event = instagramCommentEvent(1_796_400_000, {
      id: "c9",
      from: { id: "1", username: "lea" },
      text: long,
    });
    expect(event.comment).toBe("a".repeat(999));
    expect(event.payload).toEqual({ truncated: true, id: "c9" });
    // A time already in milliseconds is kept as it is.
    expect(instagramCommentEvent(1_796_400_000_123, { id: "c", from: { id: "1" } }).createTime).toBe(
      1_796_400_000_123,
    );
  });
});
