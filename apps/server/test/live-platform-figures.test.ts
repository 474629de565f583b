import {
  liveFiguresDetailSchema,
  liveSourceMessages,
  tiktokUsernameMessages,
  type Live,
  type LiveIngestEvent,
} from "@vitrine/domain";
import { inArray } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lives, orders } from "../src/db/schema";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import { insertLive, insertProduct, type LiveRow } from "./support/factories";
import { chatEvent, postEvents } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

/*
 * A live's sources on each platform, as staff set them, and what the live made on each platform:
 * its figures and its sales file split by the platform each comment, claim and sold line came from.
 */
let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

const suffix = randomBytes(3).toString("hex");
/** Digits no other test of this file uses. */
const digits = () => String(Number.parseInt(randomBytes(5).toString("hex"), 16));

async function call(method: "GET" | "POST" | "PUT" | "PATCH", url: string, body?: unknown) {
  return kit.injectAs("admin", {
    method,
    url,
    ...(body === undefined
      ? {}
      : { payload: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
}

async function liveOf(id: string): Promise<Live> {
  const response = await call("GET", `/api/admin/lives/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ live: Live }>().live;
}

const editable = (live: Live) => ({ title: live.title, ref: live.ref, isActive: live.isActive });

describe("a live's sources", () => {
  it("are saved as read: the TikTok account without @, a YouTube address reduced to its id", async () => {
    const facebook = digits();
    const instagram = digits();
    const created = await call("POST", "/api/admin/lives", {
      title: `Sources ${suffix}`,
      liveDate: "2026-11-29T18:00:00.000Z",
      tiktokUser: " @MaBoutique_Live ",
      youtubeVideoId: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=12",
      facebookLiveVideoId: facebook,
      instagramAccountId: instagram,
    });
    expect(created.statusCode, created.body).toBe(201);
    const live = created.json<{ live: Live }>().live;
    expect(live).toMatchObject({
      tiktokUser: "maboutique_live",
      youtubeVideoId: "dQw4w9WgXcQ",
      facebookLiveVideoId: facebook,
      instagramAccountId: instagram,
    });
    expect(await liveOf(live.id)).toMatchObject({ youtubeVideoId: "dQw4w9WgXcQ" });

    // A client that sends no source keeps them; one sent empty is cleared.
    const kept = await call("PUT", `/api/admin/lives/${live.id}`, { ...editable(live), title: "Renommé" });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<{ live: Live }>().live).toMatchObject({
      title: "Renommé",
      tiktokUser: "maboutique_live",
      facebookLiveVideoId: facebook,
    });
    const cleared = await call("PUT", `/api/admin/lives/${live.id}`, {
      ...editable(live),
      youtubeVideoId: "youtu.be/aBcDeFgHiJ_",
      facebookLiveVideoId: "",
      instagramAccountId: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await liveOf(live.id)).toMatchObject({
      tiktokUser: "maboutique_live",
      youtubeVideoId: "aBcDeFgHiJ_",
      facebookLiveVideoId: null,
      instagramAccountId: null,
    });
  });

  it.each([
    ["tiktokUser", "ma boutique", tiktokUsernameMessages.invalidCharacters],
    ["tiktokUser", "@a", tiktokUsernameMessages.tooShort],
    ["youtubeVideoId", "https://vimeo.com/dQw4w9WgXcQ", liveSourceMessages.youtubeVideo],
    ["youtubeVideoId", "dQw4w9WgXc", liveSourceMessages.youtubeVideo],
    ["facebookLiveVideoId", "1015abc", liveSourceMessages.facebookLiveVideo],
    ["instagramAccountId", "@maboutique", liveSourceMessages.instagramAccount],
  ])("refuse %s %j in French, changing nothing", async (field, value, message) => {
    const live = await insertLive(t.db, { youtubeVideoId: "dQw4w9WgXcQ", facebookLiveVideoId: "42" });
    const before = await liveOf(live.id);
    const response = await call("PUT", `/api/admin/lives/${live.id}`, {
      ...editable(before),
      title: "Ne doit pas changer",
      [field]: value,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: { [field]: message } });
    expect(await liveOf(live.id)).toEqual(before);

    const livesBefore = await t.db.$count(lives);
    const created = await call("POST", "/api/admin/lives", {
      title: "Refusé",
      liveDate: "2026-11-29T18:00:00.000Z",
      [field]: value,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toEqual({ [field]: message });
    expect(await t.db.$count(lives)).toBe(livesBefore);
  });

  it("never make two active lives of one Instagram account: the webhook finds its live by it", async () => {
    const account = digits();
    const active = await insertLive(t.db, { isActive: true, instagramAccountId: account });
    const other = await insertLive(t.db, { instagramAccountId: account });
    const taken = liveSourceMessages.instagramTaken(active.ref);
    expect(taken).toBe(`Ce compte Instagram est déjà la source du live actif ${active.ref}`);

    const switched = await call("PATCH", `/api/admin/lives/${other.id}/active`, { isActive: true });
    expect(switched.statusCode).toBe(409);
    expect(switched.json()).toMatchObject({ code: "CONFLICT", message: taken });
    const edited = await call("PUT", `/api/admin/lives/${other.id}`, {
      title: other.title,
      ref: other.ref,
      isActive: true,
    });
    expect(edited.statusCode).toBe(409);
    expect(edited.json()).toMatchObject({
      code: "CONFLICT",
      message: taken,
      fields: { instagramAccountId: taken },
    });
    expect(await liveOf(other.id)).toMatchObject({
      isActive: false,
      instagramAccountId: account,
      title: other.title,
    });

    // Giving an active live the account, or creating one active with it, is refused the same way.
    const third = await insertLive(t.db, { isActive: true });
    const given = await call("PUT", `/api/admin/lives/${third.id}`, {
      title: third.title,
      ref: third.ref,
      isActive: true,
      instagramAccountId: account,
    });
    expect(given.statusCode).toBe(409);
    expect(given.json().message).toBe(taken);
    expect((await liveOf(third.id)).instagramAccountId).toBeNull();
    const livesBefore = await t.db.$count(lives);
    const created = await call("POST", "/api/admin/lives", {
      title: "Même compte",
      liveDate: "2026-11-29T18:00:00.000Z",
      isActive: true,
      instagramAccountId: account,
    });
    expect(created.statusCode).toBe(409);
    expect(created.json().message).toBe(taken);
    expect(await t.db.$count(lives)).toBe(livesBefore);

    // Once the first live ends, the other may go on air with the account.
    const ended = await call("PATCH", `/api/admin/lives/${active.id}/active`, { isActive: false });
    expect(ended.statusCode, ended.body).toBe(200);
    const onAir = await call("PATCH", `/api/admin/lives/${other.id}/active`, { isActive: true });
    expect(onAir.statusCode, onAir.body).toBe(200);
  });
});

describe("a live's share of each platform", () => {
  let live: LiveRow;
  const tiktok = `lea_${suffix}`;
  const youtube = `UCx9${suffix}AbCdEfGhIjKlMn`.slice(0, 24);
  const youtubeLate = `UCy7${suffix}ZyXwVuTsRqPo`.slice(0, 24);
  const facebook = `10293${digits()}`;
  const pieces: Record<string, { id: string; ref: number }> = {};

  const from = (platform: LiveIngestEvent["platform"], uniqueId: string, nickname: string, comment: string) =>
    chatEvent({
      ...(platform === "tiktok" ? {} : { platform, tiktokUserId: null }),
      uniqueId,
      nickname,
      comment,
    });

  beforeAll(async () => {
    live = await insertLive(t.db, { isActive: true });
    const settings = await call("PUT", `/api/admin/lives/${live.id}/claims/settings`, {
      mode: "automatique",
      holdSeconds: 3600,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    for (const [name, priceCents] of [
      ["robe", 2500],
      ["pull", 1990],
      ["jupe", 990],
      ["top", 1500],
      ["sac", 3000],
    ] as const) {
      pieces[name] = await insertProduct(t.db, { liveId: live.id, priceCents, colorId: null, name });
    }
    const said = (name: string) => `je prends le ${pieces[name]?.ref}`;
    const response = await postEvents(t.app, live.ref, [
      from("tiktok", tiktok, "Léa 🌸", said("robe")),
      from("youtube", youtube, "Chloé Martin", "bonsoir !"),
      from("youtube", youtube, "Chloé Martin", said("pull")),
      from("facebook", facebook, "Paul Durand", said("jupe")),
      from("tiktok", tiktok, "Léa 🌸", "trop belle"),
      from("facebook", facebook, "Paul Durand", said("top")),
      from("youtube", youtube, "Chloé Martin", "merci"),
      from("youtube", youtubeLate, "Inès", said("sac")),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    let claims: { order_id: string | null; handle: string }[] = [];
    await eventually(async () => {
      claims = (
        await t.db.$client.query<{ order_id: string | null; handle: string }>(
          "SELECT order_id, handle FROM live_claims WHERE live_id = $1",
          [live.id],
        )
      ).rows;
      return claims.length === 5 && claims.every((claim) => claim.order_id !== null);
    }, 10_000);
    // Every viewer's order is paid but the late YouTube viewer's.
    const paid = claims
      .filter((claim) => claim.handle !== `youtube:${youtubeLate.toLowerCase()}`)
      .map((claim) => claim.order_id ?? "");
    await t.db
      .update(orders)
      .set({ status: "paid", paymentDate: new Date() })
      .where(inArray(orders.id, paid));
  });

  it("counts comments, claims and revenue per platform, adding up to the live's", async () => {
    const response = await call("GET", `/api/admin/dashboard/lives/${live.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { figures, byPlatform } = liveFiguresDetailSchema.parse(response.json());
    expect(byPlatform).toEqual([
      { platform: "tiktok", comments: 2, claims: 1, revenuePaidCents: 2500 },
      { platform: "youtube", comments: 4, claims: 2, revenuePaidCents: 1990 },
      { platform: "facebook", comments: 2, claims: 2, revenuePaidCents: 990 + 1500 },
    ]);
    expect(byPlatform.reduce((sum, platform) => sum + platform.revenuePaidCents, 0)).toBe(
      figures.revenuePaidCents,
    );
    expect(byPlatform.reduce((sum, platform) => sum + platform.claims, 0)).toBe(figures.claims);
  });

  it("writes each sold piece's platform in the live's sales file, and no author id as a TikTok handle", async () => {
    const response = await call("GET", `/api/admin/exports/lives/${live.id}/sales.csv`);
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = response.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n")
      .map((line) => line.split(";"));
    expect(header?.at(-1)).toBe("Plateforme");
    const column = (name: string) => header?.indexOf(name) ?? -1;
    const byRef = new Map(rows.map((row) => [Number(row[0]), row]));
    const rowOf = (name: string) => byRef.get(pieces[name]?.ref ?? 0) ?? [];
    expect(["robe", "pull", "jupe", "top", "sac"].map((name) => rowOf(name)[column("Plateforme")])).toEqual([
      "TikTok",
      "YouTube",
      "Facebook",
      "Facebook",
      "YouTube",
    ]);
    expect(rowOf("robe")[column("Pseudo TikTok")]).toBe(tiktok);
    expect(rowOf("pull")[column("Pseudo TikTok")]).toBe("");
    expect(response.body).not.toContain(`youtube:${youtube.toLowerCase()}`);
  });

  it("leaves the platforms of a live without comments empty", async () => {
    const quiet = await insertLive(t.db);
    const response = await call("GET", `/api/admin/dashboard/lives/${quiet.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().byPlatform).toEqual([]);
  });
});

describe("the sidebar's manual add for another platform's viewer", () => {
  it("takes a viewer the live heard, named in the live's orders, and refuses an id it never heard", async () => {
    const live = await insertLive(t.db, { isActive: true });
    const piece = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const other = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const heard = await postEvents(t.app, live.ref, [
      chatEvent({
        platform: "facebook",
        tiktokUserId: null,
        uniqueId: "5550001",
        nickname: "Paul Durand",
        comment: "bonsoir",
      }),
    ]);
    expect(heard.statusCode, heard.body).toBe(200);

    const added = await call("POST", "/api/admin/live-sidebar/add", {
      liveId: live.id,
      productId: piece.id,
      handle: "facebook:5550001",
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().order.client).toMatchObject({
      tiktokUsername: "facebook:5550001",
      viewerName: "Paul Durand",
    });

    const ordersBefore = await t.db.$count(orders);
    const refused = await call("POST", "/api/admin/live-sidebar/add", {
      liveId: live.id,
      productId: other.id,
      handle: "youtube:ucneverheard",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: liveSourceMessages.viewerNotInLive("YouTube"),
      fields: { handle: liveSourceMessages.viewerNotInLive("YouTube") },
    });
    expect(await t.db.$count(orders)).toBe(ordersBefore);
  });
});
