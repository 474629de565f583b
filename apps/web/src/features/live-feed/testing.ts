// What the unit tests need to build a feed, this feature's and the areas' (a test may import a
// feature's testing.ts; the code never does).
import type { LiveFeedEvent } from "@vitrine/domain";

export { mergeFeedEvents } from "./feed-merge";

export const LIVE_ID = "7b7c0f55-2a5e-4c57-9d4b-0d6f3f2a8e11";

/** A chat comment of the feed, for the unit tests. */
export function chat(seq: number, handle: string, comment: string): LiveFeedEvent {
  return {
    id: `event-${seq}`,
    seq,
    liveId: LIVE_ID,
    eventType: "chat",
    platform: "tiktok",
    tiktokUserId: null,
    userNickname: handle,
    userUniqueId: handle,
    comment,
    createTime: 1_700_000_000_000 + seq,
    insertedAt: new Date(1_700_000_000_000 + seq).toISOString(),
  };
}
