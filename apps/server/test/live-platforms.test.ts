import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import { insertLive, insertProduct, type LiveRow } from "./support/factories";
import { bearer, chatEvent, postEvents, setAutomaticMode } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

/*
 * Comments of one live come from several platforms: each is stored once per platform's message id,
 * under a viewer key no other platform shares, and every claim ranks by the server's receipt.
 */
let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

const suffix = randomBytes(2).toString("hex");

async function automaticLive(): Promise<LiveRow> {
  const live = await insertLive(t.db, { isActive: true });
  await setAutomaticMode(kit, live.id);
  return live;
}

const storedOf = async (live: LiveRow) =>
  (
    await t.db.$client.query<{ platform: string; msg_id: string; user_unique_id: string }>(
      "SELECT platform, msg_id, user_unique_id FROM tiktok_events WHERE live_id = $1 ORDER BY seq",
      [live.id],
    )
  ).rows;

describe("comments from several platforms", () => {
  it("store one message id once per platform, each viewer under its platform's key", async () => {
    const live = await insertLive(t.db, { isActive: true });
    const events = [
      chatEvent({ msgId: "m-1", uniqueId: `Lea_${suffix}` }),
      chatEvent({ platform: "youtube", msgId: "m-1", uniqueId: `UCx9Abc${suffix}`, tiktokUserId: null }),
      chatEvent({ platform: "facebook", msgId: "m-1", uniqueId: `1029${suffix}`, tiktokUserId: null }),
    ];
    const first = await postEvents(t.app, live.ref, events);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ accepted: 3, duplicates: 0 });
    const again = await postEvents(t.app, live.ref, events);
    expect(again.json()).toEqual({ accepted: 0, duplicates: 3 });
    expect(await storedOf(live)).toEqual([
      { platform: "tiktok", msg_id: "m-1", user_unique_id: `Lea_${suffix}` },
      { platform: "youtube", msg_id: "m-1", user_unique_id: `youtube:ucx9abc${suffix}` },
      { platform: "facebook", msg_id: "m-1", user_unique_id: `facebook:1029${suffix}` },
    ]);
  });

  it("refuse a platform the server does not know, in French, and store nothing of the request", async () => {
    const live = await insertLive(t.db, { isActive: true });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/live-ingest/events",
      headers: bearer(),
      payload: { liveRef: live.ref, events: [chatEvent(), { ...chatEvent(), platform: "twitch" }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
    expect(response.json().message).toBe(
      "Le champ « events.1.platform » doit valoir « tiktok » ou « youtube » ou « facebook » ou « instagram ».",
    );
    expect(await storedOf(live)).toEqual([]);
  });

  it("rank claims of one piece by the server's receipt, whatever the platform or its clock", async () => {
    const live = await automaticLive();
    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const said = `je prends le ${robe.ref}`;
    const inOrder = [
      // Facebook's time is to the second and may be older than the others': never used to reorder.
      chatEvent({ platform: "youtube", uniqueId: `UCfirst${suffix}`, tiktokUserId: null, comment: said }),
      chatEvent({ uniqueId: `second_${suffix}`, comment: said }),
      chatEvent({
        platform: "facebook",
        uniqueId: `3${suffix}`,
        tiktokUserId: null,
        comment: said,
        createTime: Date.now() - 60_000,
      }),
    ];
    for (const event of inOrder) {
      const response = await postEvents(t.app, live.ref, [event]);
      expect(response.statusCode, response.body).toBe(200);
    }
    let claims: { handle: string; state: string }[] = [];
    await eventually(
      async () =>
        (claims = (
          await t.db.$client.query<{ handle: string; state: string }>(
            "SELECT handle, state FROM live_claims WHERE live_id = $1 ORDER BY seq",
            [live.id],
          )
        ).rows).length === 3,
    );
    expect(claims).toEqual([
      { handle: `youtube:ucfirst${suffix}`, state: "in-order" },
      { handle: `second_${suffix}`, state: "waitlisted" },
      { handle: `facebook:3${suffix}`, state: "waitlisted" },
    ]);
  });
});
