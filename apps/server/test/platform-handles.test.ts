import {
  platformHandleMessages,
  type CustomerProfile,
  type HandlePlatform,
  type LiveIngestEvent,
  type PlatformHandle,
  type StaffLiveAccount,
} from "@vitrine/domain";
import { and, asc, eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, liveClaims, orderItems, orders, userPlatformHandles, users } from "../src/db/schema";
import { signInByLink } from "./support/actors";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import {
  insertCustomer,
  insertLive,
  insertLiveViewer,
  insertProduct,
  type LiveRow,
} from "./support/factories";
import { chatEvent, postEvents, setAutomaticMode } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

/*
 * One customer, one account per platform: named in the profile, proven by a comment carrying the
 * account's code from an author of that name, or linked by staff; claims from any proven account
 * join the customer's one order of the live.
 */
let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

const ACCOUNTS = "/api/customer/profile/live-accounts";
const suffix = () => randomBytes(3).toString("hex");

/** A signed-in customer with a TikTok handle, and their calls. */
async function customer() {
  const row = await insertCustomer(t.db);
  const cookie = await signInByLink(t, row.email ?? "");
  const headers = { cookie, origin: t.config.appUrl };
  const call = (method: "GET" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return {
    row,
    handle: row.tiktokUsername ?? "",
    call,
    code: async () => {
      const response = await call("GET", "/api/customer/profile");
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ profile: CustomerProfile }>().profile.handleProofCode;
    },
    accounts: async () => {
      const response = await call("GET", ACCOUNTS);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ accounts: PlatformHandle[] }>().accounts;
    },
  };
}

async function automaticLive(): Promise<LiveRow> {
  const live = await insertLive(t.db, { isActive: true });
  await setAutomaticMode(kit, live.id);
  return live;
}

/** A comment of another platform's author, as its bridge sends it. */
function platformComment(
  platform: "youtube" | "facebook" | "instagram",
  authorId: string,
  name: string,
  comment: string,
): LiveIngestEvent {
  return chatEvent({
    platform,
    uniqueId: authorId,
    nickname: name,
    tiktokUserId: null,
    avatarUrl: null,
    comment,
  });
}

async function send(live: LiveRow, ...events: LiveIngestEvent[]) {
  const response = await postEvents(t.app, live.ref, events);
  expect(response.statusCode, response.body).toBe(200);
}

async function rowsOf(userId: string) {
  return t.db
    .select({
      platform: userPlatformHandles.platform,
      name: userPlatformHandles.name,
      viewerKey: userPlatformHandles.viewerKey,
    })
    .from(userPlatformHandles)
    .where(eq(userPlatformHandles.userId, userId))
    .orderBy(asc(userPlatformHandles.platform));
}

/** Proofs run after the batch's commit: wait until the account's row says so. */
async function provenKey(userId: string, platform: HandlePlatform) {
  let key: string | null = null;
  await eventually(async () => {
    const [row] = await t.db
      .select({ key: userPlatformHandles.viewerKey })
      .from(userPlatformHandles)
      .where(and(eq(userPlatformHandles.userId, userId), eq(userPlatformHandles.platform, platform)));
    key = row?.key ?? null;
    return key !== null;
  });
  return key;
}

/** Lets every proof of the comments sent so far run: a marker comment of TikTok verified after them. */
async function proofsSettled(live: LiveRow) {
  const marker = await customer();
  await send(live, chatEvent({ uniqueId: marker.handle, comment: await marker.code() }));
  await eventually(async () => {
    const [row] = await t.db
      .select({ at: users.handleVerifiedAt })
      .from(users)
      .where(eq(users.id, marker.row.id));
    return Boolean(row?.at);
  });
}

describe("the profile's live accounts", () => {
  it("are added, renamed and deleted, and bad input changes nothing", async () => {
    const lea = await customer();
    expect(await lea.accounts()).toEqual([]);

    const added = await lea.call("PUT", `${ACCOUNTS}/youtube`, { name: "  @Léa   Martin " });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().accounts).toEqual([{ platform: "youtube", name: "Léa Martin", verified: false }]);
    await lea.call("PUT", `${ACCOUNTS}/instagram`, { name: "lea.martin" });

    const refusals: [string, object, string][] = [
      [`${ACCOUNTS}/youtube`, { name: "   " }, platformHandleMessages.nameRequired],
      [`${ACCOUNTS}/youtube`, { name: "@" }, platformHandleMessages.nameRequired],
      [`${ACCOUNTS}/youtube`, { name: "L".repeat(101) }, platformHandleMessages.nameTooLong],
      [`${ACCOUNTS}/youtube`, {}, platformHandleMessages.nameRequired],
      [`${ACCOUNTS}/facebook`, { name: "Léa\u0000" }, platformHandleMessages.nameUnstorable],
    ];
    for (const [url, body, message] of refusals) {
      const response = await lea.call("PUT", url, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", message });
    }
    // TikTok's handle is the account's own field; an unknown platform is none of the list.
    for (const platform of ["tiktok", "twitch"]) {
      const response = await lea.call("PUT", `${ACCOUNTS}/${platform}`, { name: "Léa" });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: "VALIDATION_FAILED",
        message: platformHandleMessages.platformUnknown,
      });
    }
    const missing = await lea.call("DELETE", `${ACCOUNTS}/facebook`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: "NOT_FOUND", message: platformHandleMessages.notFound });
    expect(await lea.accounts()).toEqual([
      { platform: "youtube", name: "Léa Martin", verified: false },
      { platform: "instagram", name: "lea.martin", verified: false },
    ]);

    const renamed = await lea.call("PUT", `${ACCOUNTS}/youtube`, { name: "Léa M." });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const deleted = await lea.call("DELETE", `${ACCOUNTS}/instagram`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().accounts).toEqual([{ platform: "youtube", name: "Léa M.", verified: false }]);

    // Someone else's list is their own.
    expect(await (await customer()).accounts()).toEqual([]);
  });

  it("are the signed-in customer's only", async () => {
    const response = await t.app.inject({ method: "GET", url: ACCOUNTS });
    expect(response.statusCode).toBe(401);
  });
});

describe("a comment of another platform carrying the account's code", () => {
  it("proves the account named like its author, and the customer's claims from both platforms make one order", async () => {
    const lea = await customer();
    const code = await lea.code();
    const channel = `UCLea${suffix()}`;
    await lea.call("PUT", `${ACCOUNTS}/youtube`, { name: "Léa Martin" });
    const live = await automaticLive();
    // Proven on TikTok, then on YouTube (the name as YouTube shows it, whatever its case).
    await send(
      live,
      chatEvent({ uniqueId: lea.handle, comment: `mon code ${code}` }),
      platformComment("youtube", channel, "@léa martin", `coucou ${code}`),
    );
    expect(await provenKey(lea.row.id, "youtube")).toBe(`youtube:${channel.toLowerCase()}`);
    expect(await lea.accounts()).toEqual([{ platform: "youtube", name: "Léa Martin", verified: true }]);

    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const jupe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    await send(live, chatEvent({ uniqueId: lea.handle, comment: `je prends le ${robe.ref}` }));
    await send(live, platformComment("youtube", channel, "Léa Martin", `je prends le ${jupe.ref}`));

    let claims: { handle: string; state: string; orderId: string | null }[] = [];
    await eventually(async () => {
      claims = await t.db
        .select({ handle: liveClaims.handle, state: liveClaims.state, orderId: liveClaims.orderId })
        .from(liveClaims)
        .where(eq(liveClaims.liveId, live.id))
        .orderBy(asc(liveClaims.seq));
      return claims.length === 2 && claims.every((claim) => claim.orderId !== null);
    });
    expect(claims.map(({ handle, state }) => ({ handle, state }))).toEqual([
      { handle: lea.handle, state: "in-order" },
      { handle: `youtube:${channel.toLowerCase()}`, state: "in-order" },
    ]);
    const liveOrders = await t.db
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(eq(orders.liveId, live.id));
    expect(liveOrders).toEqual([{ id: claims[0]?.orderId, userId: lea.row.id }]);
    const lines = await t.db
      .select({ productId: orderItems.productId })
      .from(orderItems)
      .where(eq(orderItems.orderId, liveOrders[0]?.id ?? ""));
    expect(lines.map((line) => line.productId).sort()).toEqual([robe.id, jupe.id].sort());

    // The customer sees it as one order in 'Mes commandes'.
    const mine = await lea.call("GET", "/api/customer/orders");
    const listed = mine.json<{ orders: { id: string }[] }>().orders.map((order) => order.id);
    expect(listed).toEqual([liveOrders[0]?.id]);
  });

  it("proves nothing from an author the customer did not name, nor from another platform", async () => {
    const lea = await customer();
    const code = await lea.code();
    await lea.call("PUT", `${ACCOUNTS}/youtube`, { name: "Léa Martin" });
    const live = await automaticLive();
    await send(
      live,
      platformComment("youtube", `UCother${suffix()}`, "Quelqu'un d'autre", code),
      platformComment("facebook", `10${suffix()}`, "Léa Martin", code),
    );
    await proofsSettled(live);
    expect(await rowsOf(lea.row.id)).toEqual([{ platform: "youtube", name: "Léa Martin", viewerKey: null }]);
    expect(await lea.accounts()).toEqual([{ platform: "youtube", name: "Léa Martin", verified: false }]);
  });

  it("never takes a key another account has proven", async () => {
    const first = await customer();
    const second = await customer();
    const channel = `UCsame${suffix()}`;
    const key = `youtube:${channel.toLowerCase()}`;
    await first.call("PUT", `${ACCOUNTS}/youtube`, { name: "Camille" });
    await second.call("PUT", `${ACCOUNTS}/youtube`, { name: "Camille" });
    const live = await automaticLive();
    await send(live, platformComment("youtube", channel, "Camille", await first.code()));
    expect(await provenKey(first.row.id, "youtube")).toBe(key);

    await send(live, platformComment("youtube", channel, "Camille", await second.code()));
    await proofsSettled(live);
    expect(await rowsOf(second.row.id)).toEqual([{ platform: "youtube", name: "Camille", viewerKey: null }]);
    expect(await rowsOf(first.row.id)).toEqual([{ platform: "youtube", name: "Camille", viewerKey: key }]);
  });

  it("is forgotten when the customer renames the account", async () => {
    const lea = await customer();
    const channel = `UCrename${suffix()}`;
    await lea.call("PUT", `${ACCOUNTS}/youtube`, { name: "Léa" });
    const live = await automaticLive();
    await send(live, platformComment("youtube", channel, "Léa", await lea.code()));
    await provenKey(lea.row.id, "youtube");
    // Another case of the same name keeps the proof; another name forgets it.
    await lea.call("PUT", `${ACCOUNTS}/youtube`, { name: "LÉA" });
    expect(await lea.accounts()).toEqual([{ platform: "youtube", name: "LÉA", verified: true }]);
    await lea.call("PUT", `${ACCOUNTS}/youtube`, { name: "Léa B." });
    expect(await rowsOf(lea.row.id)).toEqual([{ platform: "youtube", name: "Léa B.", viewerKey: null }]);
  });
});

describe("staff linking a live account by hand", () => {
  const linkUrl = (userId: string) => `/api/admin/users/${userId}/live-accounts`;

  async function auditOf(userId: string) {
    return t.db
      .select({ action: auditEvents.action, actor: auditEvents.actorUserId, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, userId))
      .orderBy(asc(auditEvents.createdAt));
  }

  it("links a viewer as proven, audited, and its claims join the user's order; unlinks it, audited", async () => {
    const lea = await customer();
    const admin = await kit.actor("admin");
    const author = `1029${suffix()}`;
    const link = await kit.injectAs("admin", {
      method: "POST",
      url: linkUrl(lea.row.id),
      payload: { platform: "facebook", viewer: author },
    });
    expect(link.statusCode, link.body).toBe(200);
    const [linked] = link.json<{ accounts: StaffLiveAccount[] }>().accounts;
    expect(linked).toMatchObject({
      platform: "facebook",
      name: author,
      viewerKey: `facebook:${author}`,
      linkedByStaff: true,
    });
    expect(linked?.verifiedAt).not.toBeNull();
    expect(await auditOf(lea.row.id)).toEqual([
      {
        action: "live-account-linked",
        actor: admin.userId,
        details: { platform: "facebook", viewerKey: `facebook:${author}` },
      },
    ]);
    expect(await lea.accounts()).toEqual([{ platform: "facebook", name: author, verified: true }]);

    const live = await automaticLive();
    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    await send(live, platformComment("facebook", author, "Léa Martin", `je prends le ${robe.ref}`));
    await eventually(async () => {
      const held = await t.db
        .select({ userId: orders.userId })
        .from(liveClaims)
        .innerJoin(orders, eq(orders.id, liveClaims.orderId))
        .where(eq(liveClaims.liveId, live.id));
      return held.length === 1 && held[0]?.userId === lea.row.id;
    });

    const unlink = await kit.injectAs("admin", { method: "DELETE", url: `${linkUrl(lea.row.id)}/facebook` });
    expect(unlink.statusCode, unlink.body).toBe(200);
    expect(unlink.json().accounts).toEqual([]);
    expect((await auditOf(lea.row.id)).map((event) => [event.action, event.details])).toEqual([
      ["live-account-linked", { platform: "facebook", viewerKey: `facebook:${author}` }],
      ["live-account-unlinked", { platform: "facebook", viewerKey: `facebook:${author}`, name: author }],
    ]);
    const again = await kit.injectAs("admin", { method: "DELETE", url: `${linkUrl(lea.row.id)}/facebook` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(platformHandleMessages.notFound);
  });

  it("takes a key as the live shows it, and refuses one of another user or platform, changing nothing", async () => {
    const first = await customer();
    const second = await customer();
    const channel = `UCstaff${suffix()}`;
    const key = `youtube:${channel.toLowerCase()}`;
    const linked = await kit.injectAs("admin", {
      method: "POST",
      url: linkUrl(first.row.id),
      payload: { platform: "youtube", viewer: ` ${key.toUpperCase()} ` },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().accounts[0].viewerKey).toBe(key);

    const refusals: [object, number, string][] = [
      [{ platform: "youtube", viewer: channel }, 409, platformHandleMessages.viewerTaken],
      [{ platform: "youtube", viewer: key }, 409, platformHandleMessages.viewerTaken],
      [
        { platform: "youtube", viewer: "facebook:1234" },
        400,
        platformHandleMessages.viewerOtherPlatform("youtube"),
      ],
      [{ platform: "youtube", viewer: "   " }, 400, platformHandleMessages.viewerRequired],
      [{ platform: "tiktok", viewer: "lea" }, 400, platformHandleMessages.platformUnknown],
    ];
    for (const [payload, status, message] of refusals) {
      const response = await kit.injectAs("admin", { method: "POST", url: linkUrl(second.row.id), payload });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect(await rowsOf(second.row.id)).toEqual([]);
    expect(await auditOf(second.row.id)).toEqual([]);

    // A second YouTube key for the first user: unlink the first one before.
    const other = await kit.injectAs("admin", {
      method: "POST",
      url: linkUrl(first.row.id),
      payload: { platform: "youtube", viewer: `UCnew${suffix()}` },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(platformHandleMessages.alreadyLinked("youtube"));
    expect(await rowsOf(first.row.id)).toEqual([
      { platform: "youtube", name: channel.toLowerCase(), viewerKey: key },
    ]);
  });

  it("proves the account the customer named and had not proven yet", async () => {
    const lea = await customer();
    await lea.call("PUT", `${ACCOUNTS}/instagram`, { name: "lea.martin" });
    const response = await kit.injectAs("admin", {
      method: "POST",
      url: linkUrl(lea.row.id),
      payload: { platform: "instagram", viewer: "17841400123" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await lea.accounts()).toEqual([{ platform: "instagram", name: "lea.martin", verified: true }]);
  });

  it("goes with a live viewer's row to the customer who takes its TikTok handle", async () => {
    const viewer = await insertLiveViewer(t.db);
    const linked = await kit.injectAs("admin", {
      method: "POST",
      url: linkUrl(viewer.id),
      payload: { platform: "youtube", viewer: `UCviewer${suffix()}` },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const key = linked.json<{ accounts: StaffLiveAccount[] }>().accounts[0]?.viewerKey;
    const row = await insertCustomer(t.db, { tiktokUsername: null });
    const cookie = await signInByLink(t, row.email ?? "");
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/customer/profile",
      headers: { cookie },
      payload: { firstName: "Léa", lastName: "Martin", tiktokUsername: viewer.tiktokUsername },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowsOf(row.id)).toEqual([
      { platform: "youtube", name: key?.slice("youtube:".length), viewerKey: key },
    ]);
  });

  it("is refused to a customer, with nothing linked", async () => {
    const lea = await customer();
    for (const request of [
      { method: "POST" as const, url: linkUrl(lea.row.id), payload: { platform: "youtube", viewer: "UCme" } },
      { method: "GET" as const, url: linkUrl(lea.row.id) },
    ]) {
      const response = await kit.injectAs("customer", request);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("FORBIDDEN");
    }
    expect(await rowsOf(lea.row.id)).toEqual([]);
  });
});
