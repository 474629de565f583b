import { instagramWebhookMessages } from "@vitrine/domain";
import { createHmac, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { insertLive, insertProduct, type LiveRow } from "./support/factories";
import { postComments, setAutomaticMode } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

const APP_SECRET = "instagram-app-secret-for-tests";
const VERIFY_TOKEN = "jeton-de-verification-vitrine";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp({
    env: { INSTAGRAM_APP_SECRET: APP_SECRET, INSTAGRAM_VERIFY_TOKEN: VERIFY_TOKEN },
  });
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

const suffix = randomBytes(3).toString("hex");
let accounts = 0;
const newAccount = () => `1784140${suffix}${++accounts}`;

/** An active live shown on the Instagram account `accountId`. */
async function instagramLive(accountId: string, automatic = false): Promise<LiveRow> {
  const live = await insertLive(t.db, { isActive: true });
  await t.db.$client.query("UPDATE lives SET instagram_account_id = $1 WHERE id = $2", [accountId, live.id]);
  if (automatic) await setAutomaticMode(kit, live.id);
  return live;
}

/** A delivery as Meta posts it for live comments (`live_comments` field), each [commentId, fromId, username, text]. */
function delivery(accountId: string, comments: [string, string, string, string][]) {
  return JSON.stringify({
    object: "instagram",
    entry: [
      {
        id: accountId,
        time: 1_796_400_000,
        changes: comments.map(([id, fromId, username, text]) => ({
          field: "live_comments",
          value: {
            from: { id: fromId, username },
            media: { id: "17990000000000001", media_product_type: "LIVE" },
            id,
            text,
          },
        })),
      },
    ],
  });
}

const sign = (body: string, secret = APP_SECRET) =>
  `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;

const post = (body: string, signature: string | undefined, app = t.app) =>
  app.inject({
    method: "POST",
    url: "/api/webhooks/instagram",
    headers: {
      "content-type": "application/json",
      ...(signature ? { "x-hub-signature-256": signature } : {}),
    },
    payload: body,
  });

async function eventsOf(live: LiveRow) {
  const { rows } = await t.db.$client.query<{
    platform: string;
    viewer: string;
    nickname: string;
    comment: string;
    msg_id: string;
  }>(
    `SELECT platform, user_unique_id AS viewer, user_nickname AS nickname, comment, msg_id
       FROM tiktok_events WHERE live_id = $1 ORDER BY seq`,
    [live.id],
  );
  return rows;
}

describe("Meta's verification handshake", () => {
  const handshake = (query: string) =>
    t.app.inject({ method: "GET", url: `/api/webhooks/instagram?${query}` });

  it("answers the challenge as plain text when the verify token is the shop's", async () => {
    const response = await handshake(
      `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.body).toBe("1158201444");
  });

  it("refuses another token, or another mode, with a French 403", async () => {
    for (const query of [
      "hub.mode=subscribe&hub.verify_token=devine&hub.challenge=1",
      `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
      "hub.mode=subscribe&hub.challenge=1",
    ]) {
      const response = await handshake(query);
      expect(response.statusCode, query).toBe(403);
      expect(response.json()).toEqual({
        code: "WEBHOOK_VERIFY_TOKEN_INVALID",
        message: instagramWebhookMessages.verifyTokenInvalid,
      });
    }
  });
});

describe("a delivery of Instagram live comments", () => {
  it("is refused without Meta's signature, or with a wrong one, and nothing is stored", async () => {
    const account = newAccount();
    const live = await instagramLive(account);
    const body = delivery(account, [
      ["18011111111111111", "6543210987654321", "lea.mode", "je prends le 12"],
    ]);
    const forged = [
      undefined,
      "sha256=",
      sign(body, "un-autre-secret"),
      sign(`${body} `),
      sign(body).replace("sha256=", "sha1="),
    ];
    for (const signature of forged) {
      const response = await post(body, signature);
      expect(response.statusCode, String(signature)).toBe(403);
      expect(response.json()).toEqual({
        code: "WEBHOOK_SIGNATURE_INVALID",
        message: instagramWebhookMessages.signatureInvalid,
      });
    }
    expect(await eventsOf(live)).toEqual([]);
  });

  it("stores each comment once as an Instagram chat event, a replayed delivery included", async () => {
    const account = newAccount();
    const live = await instagramLive(account);
    const body = delivery(account, [
      ["18022222222222221", "6543210987654321", "lea.mode", "je prends le 12"],
      ["18022222222222222", "7654321098765432", "Zoe_P", "12 pour moi"],
    ]);
    const first = await post(body, sign(body));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ accepted: 2, duplicates: 0, unmatched: 0 });
    // Meta delivers at least once: the same delivery again, as after a lost answer.
    const again = await post(body, sign(body));
    expect(again.json()).toEqual({ accepted: 0, duplicates: 2, unmatched: 0 });
    expect(await eventsOf(live)).toEqual([
      {
        platform: "instagram",
        viewer: "instagram:6543210987654321",
        nickname: "lea.mode",
        comment: "je prends le 12",
        msg_id: "18022222222222221",
      },
      {
        platform: "instagram",
        viewer: "instagram:7654321098765432",
        nickname: "Zoe_P",
        comment: "12 pour moi",
        msg_id: "18022222222222222",
      },
    ]);
  });

  it("is acknowledged, and stored nowhere, when no active live shows the account", async () => {
    const account = newAccount();
    const closed = await instagramLive(account);
    await t.db.$client.query("UPDATE lives SET is_active = false WHERE id = $1", [closed.id]);
    const body = delivery(account, [["18033333333333333", "6543210987654321", "lea.mode", "je prends le 3"]]);
    const response = await post(body, sign(body));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 0, duplicates: 0, unmatched: 1 });
    expect(await eventsOf(closed)).toEqual([]);
  });

  it("refuses a signed body that is no delivery with a French 400", async () => {
    const body = '{"object":"instagram"';
    const response = await post(body, sign(body));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: instagramWebhookMessages.payloadInvalid });
  });

  it("claims a piece from an Instagram comment as from a TikTok one, ranked by receipt", async () => {
    const account = newAccount();
    const live = await instagramLive(account, true);
    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const tiktokViewer = `lea_${suffix}`;
    const body = delivery(account, [
      ["18044444444444444", "8765432109876543", "zoe.style", `je prends le ${robe.ref}`],
    ]);
    expect((await post(body, sign(body))).statusCode).toBe(200);
    await postComments(t.app, live.ref, [[tiktokViewer, `${robe.ref} pour moi`]]);
    const { rows } = await t.db.$client.query<{ handle: string; state: string }>(
      "SELECT handle, state FROM live_claims WHERE live_id = $1 ORDER BY seq",
      [live.id],
    );
    expect(rows).toEqual([
      { handle: "instagram:8765432109876543", state: "in-order" },
      { handle: tiktokViewer, state: "waitlisted" },
    ]);
  });
});

describe("without its settings", () => {
  it("answers 404 on both routes, in French", async () => {
    const bare = await createTestApp();
    try {
      const body = delivery(newAccount(), []);
      for (const response of [
        await bare.app.inject({
          method: "GET",
          url: "/api/webhooks/instagram?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1",
        }),
        await post(body, sign(body), bare.app),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          code: "WEBHOOK_NOT_CONFIGURED",
          message: instagramWebhookMessages.notConfigured,
        });
      }
    } finally {
      await bare.close();
    }
  });
});
