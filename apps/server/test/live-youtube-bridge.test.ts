import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createIngestClient } from "../../../bridges/kit/ingest-client.mjs";
import { createYouTubeApi, createYouTubeBridge } from "../../../bridges/youtube/bridge.mjs";
import {
  FIXTURE_CHAT_ID,
  errorFixture,
  listPage,
  scriptedChat,
  startFakeYouTube,
  textMessage,
} from "../../../bridges/youtube/fixtures/youtube-api.mjs";
import { liveSourceGaps, liveSourceStatus, tiktokEvents } from "../src/db/schema";
import { insertLive } from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

/*
 * The YouTube bridge (bridges/youtube) against a real server: a local fake of the YouTube Data
 * API serves pages of the documented shape; the bridge's mapping, the kit's sender and its HTTP
 * client carry the comments into the database, under the source 'youtube'.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => t.close());
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const page = (token: string, messages: { id: string; text: string; channelId?: string }[]) => ({
  status: 200,
  body: listPage({ items: messages.map(textMessage), nextPageToken: token, pollingIntervalMillis: 10 }),
});

describe("the YouTube bridge against the server", () => {
  it("stores each comment once, in YouTube's order, and the source's state and cut under 'youtube'", async () => {
    const live = await insertLive(t.db, { isActive: true });
    const youtube = await startFakeYouTube(
      scriptedChat(
        [
          page("p1", [{ id: "hist-1", text: "bonjour" }]),
          page("p2", [
            { id: "yt-1", text: "je prends le 12 en M", channelId: "UCx9AbcDefGhIjKlMnOpQrSt" },
            { id: "yt-2", text: "le 7 pour moi", channelId: "UCq2WerTyUiOpAsDfGhJkLzX" },
          ]),
          errorFixture("backendError"),
          page("p3", [
            { id: "yt-2", text: "le 7 pour moi", channelId: "UCq2WerTyUiOpAsDfGhJkLzX" },
            { id: "yt-3", text: "je prends le 3", channelId: "UCx9AbcDefGhIjKlMnOpQrSt" },
          ]),
        ],
        { pollingIntervalMillis: 10 },
      ),
    );
    cleanups.push(() => youtube.close());
    const bridge = createYouTubeBridge({
      api: createYouTubeApi({ apiUrl: youtube.url, apiKey: "test-key" }),
      liveChatId: FIXTURE_CHAT_ID,
      ingest: createIngestClient({ url: base, liveRef: live.ref }),
      hours: 0.0001,
      backoff: { minMs: 20, maxMs: 40 },
      flushMs: 20,
    });
    cleanups.push(() => bridge.stop(500));
    await bridge.start();
    await until(() => bridge.stats.acknowledged === 3);
    await until(
      async () =>
        (await t.db.select().from(liveSourceGaps).where(eq(liveSourceGaps.liveId, live.id))).length === 1,
    );
    await bridge.stop();

    const stored = await t.db
      .select()
      .from(tiktokEvents)
      .where(eq(tiktokEvents.liveId, live.id))
      .orderBy(asc(tiktokEvents.seq));
    // Each viewer under the platform's key: the channel id, lowercased, behind 'youtube:'.
    expect(stored.map((row) => [row.platform, row.msgId, row.comment, row.userUniqueId])).toEqual([
      ["youtube", "yt-1", "je prends le 12 en M", "youtube:ucx9abcdefghijklmnopqrst"],
      ["youtube", "yt-2", "le 7 pour moi", "youtube:ucq2wertyuiopasdfghjklzx"],
      ["youtube", "yt-3", "je prends le 3", "youtube:ucx9abcdefghijklmnopqrst"],
    ]);
    expect(stored[0]).toMatchObject({
      eventType: "chat",
      tiktokUserId: null,
      createTime: Date.parse("2026-11-29T18:04:12.345Z"),
      payload: { kind: "youtube#liveChatMessage", id: "yt-1" },
    });
    const statuses = await t.db.select().from(liveSourceStatus).where(eq(liveSourceStatus.liveId, live.id));
    expect(statuses.map((status) => [status.source, status.state])).toEqual([["youtube", "stopped"]]);
    expect(statuses[0]?.reconnects).toBe(1);
    const [gap] = await t.db.select().from(liveSourceGaps).where(eq(liveSourceGaps.liveId, live.id));
    expect(gap).toMatchObject({ source: "youtube", resent: 1 });
  });
});
