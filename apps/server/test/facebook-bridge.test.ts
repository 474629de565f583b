import { createIngestClient } from "@vitrine/bridge-kit/ingest-client";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFacebookBridge } from "../../../bridges/facebook/bridge.mjs";
import { startFakeGraphApi, type FakeGraphApi } from "../../../bridges/facebook/fixtures/fake-graph-api.mjs";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import { insertLive, insertProduct } from "./support/factories";
import { postComments, setAutomaticMode } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

/*
 * The Facebook bridge (bridges/facebook) against a real server: comments as the Graph API lists
 * them (a local fake of it), through the bridge's reading and the kit's sending, into the
 * database as the platform 'facebook', and claims from them ranked with TikTok's by receipt.
 */
let t: TestApp;
let kit: ApiKit;
let base: string;
let graph: FakeGraphApi;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  graph = await startFakeGraphApi();
});
afterAll(async () => {
  await graph.close();
  await t.close();
});

const lea = { id: "6123456789012345", name: "Léa Martin" };
const zoe = { id: "7234567890123456", name: "Zoé Petit" };

describe("the Facebook bridge with a real server", () => {
  it("stores each comment once as Facebook's, and its claims queue with TikTok's by receipt", async () => {
    const live = await insertLive(t.db, { isActive: true });
    await setAutomaticMode(kit, live.id);
    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const second = Date.UTC(2026, 10, 29, 18, 0, 0);
    for (let i = 0; i < 150; i++)
      graph.comment({ from: i % 2 ? lea : zoe, message: `bonjour ${i}`, atMs: second + i });
    const bridge = createFacebookBridge({
      apiUrl: graph.url,
      videoId: graph.videoId,
      pageToken: graph.state.token,
      ingest: createIngestClient({ url: base, liveRef: live.ref }),
      pollMs: 20,
      flushMs: 20,
    });
    bridge.start();
    await eventually(async () => bridge.sender.stats.acknowledged === 150);
    // Léa claims on Facebook in the same second as the last comments; then a TikTok viewer.
    graph.comment({ from: lea, message: `je prends le ${robe.ref}`, atMs: second + 999 });
    await eventually(async () => bridge.sender.stats.acknowledged === 151);
    const tiktokViewer = `lea_${randomBytes(2).toString("hex")}`;
    await postComments(t.app, live.ref, [[tiktokViewer, `${robe.ref} pour moi`]]);
    await bridge.stop();

    const { rows: events } = await t.db.$client.query<{ platform: string; viewer: string; comment: string }>(
      `SELECT platform, user_unique_id AS viewer, comment FROM tiktok_events WHERE live_id = $1 ORDER BY seq`,
      [live.id],
    );
    expect(events).toHaveLength(152);
    expect(events.slice(0, 151).every((event) => event.platform === "facebook")).toBe(true);
    expect(events.slice(0, 150).map((event) => event.comment)).toEqual(
      Array.from({ length: 150 }, (_, i) => `bonjour ${i}`),
    );
    expect(events[150]).toEqual({
      platform: "facebook",
      viewer: `facebook:${lea.id}`,
      comment: `je prends le ${robe.ref}`,
    });
    const { rows: claims } = await t.db.$client.query<{ handle: string; state: string }>(
      "SELECT handle, state FROM live_claims WHERE live_id = $1 ORDER BY seq",
      [live.id],
    );
    expect(claims).toEqual([
      { handle: `facebook:${lea.id}`, state: "in-order" },
      { handle: tiktokViewer, state: "waitlisted" },
    ]);
    const { rows: sources } = await t.db.$client.query<{ source: string; state: string }>(
      "SELECT source, state FROM live_source_status WHERE live_id = $1",
      [live.id],
    );
    expect(sources).toEqual([{ source: "facebook", state: "stopped" }]);
  });
});
