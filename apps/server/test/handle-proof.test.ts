import {
  customerOrderMessages,
  type CustomerProfile,
  type LiveClaimsSnapshot,
  type LiveClaimView,
} from "@vitrine/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "../src/db/schema";
import { signInByLink } from "./support/actors";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import {
  insertCustomer,
  insertLive,
  insertLiveViewer,
  insertOrder,
  insertProduct,
  type LiveRow,
} from "./support/factories";
import { chatEvent, postEvents } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

/** The shop shows comment orders only to verified handles here; `off` is a shop as the spec is. */
let t: TestApp;
let off: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  [t, off] = await Promise.all([
    createTestApp({ env: { VERIFIED_HANDLES_ONLY: "true" } }),
    createTestApp({ env: { VERIFIED_HANDLES_ONLY: "false" } }),
  ]);
  kit = apiKitOf(t);
});
afterAll(async () => Promise.all([t.close(), off.close()]));

const PROFILE = "/api/customer/profile";
const ORDERS = "/api/customer/orders";

/** A signed-in customer with a handle, and their calls. */
async function customer(app = t) {
  const row = await insertCustomer(app.db);
  const cookie = await signInByLink(app, row.email ?? "");
  const get = (url: string) => app.app.inject({ method: "GET", url, headers: { cookie } });
  return {
    row,
    handle: row.tiktokUsername ?? "",
    profile: async () => {
      const response = await get(PROFILE);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ profile: CustomerProfile }>().profile;
    },
    get,
    post: (url: string) =>
      app.app.inject({ method: "POST", url, headers: { cookie, origin: app.config.appUrl } }),
  };
}

async function activeLive(app: TestApp, mode: "manuel" | "automatique" = "manuel"): Promise<LiveRow> {
  const live = await insertLive(app.db, { isActive: true });
  const response = await apiKitOf(app).injectAs("admin", {
    method: "PUT",
    url: `/api/admin/lives/${live.id}/claims/settings`,
    payload: { mode, holdSeconds: null },
  });
  expect(response.statusCode, response.body).toBe(200);
  return live;
}

/** Comments through the real ingestion route, in one batch: [handle, text]. */
async function comment(app: TestApp, live: LiveRow, ...said: [string, string][]) {
  const response = await postEvents(
    app.app,
    live.ref,
    said.map(([uniqueId, text]) => chatEvent({ uniqueId, comment: text })),
  );
  expect(response.statusCode, response.body).toBeLessThan(300);
}

async function verifiedAt(userId: string, app = t): Promise<Date | null> {
  const [row] = await app.db.select({ at: users.handleVerifiedAt }).from(users).where(eq(users.id, userId));
  return row?.at ?? null;
}

async function claimsOf(app: TestApp, live: LiveRow): Promise<LiveClaimView[]> {
  const response = await apiKitOf(app).injectAs("admin", {
    method: "GET",
    url: `/api/admin/lives/${live.id}/claims`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LiveClaimsSnapshot>().claims;
}

describe("the profile's code", () => {
  it("is made at the first read, in the shown form, and kept; the handle starts unverified", async () => {
    const julie = await customer();
    expect(julie.row.handleProofCode).toBeNull();
    const first = await julie.profile();
    expect(first.handleProofCode).toMatch(/^VT-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{5}$/);
    expect(first.handleVerified).toBe(false);
    expect((await julie.profile()).handleProofCode).toBe(first.handleProofCode);
    const [row] = await t.db.select().from(users).where(eq(users.id, julie.row.id));
    expect(row?.handleProofCode).toBe(first.handleProofCode);
    // Another account draws its own.
    expect((await (await customer()).profile()).handleProofCode).not.toBe(first.handleProofCode);
  });
});

describe("a comment carrying the code", () => {
  it("of the account's own handle verifies it, written as viewers type it", async () => {
    const julie = await customer();
    const code = (await julie.profile()).handleProofCode;
    const live = await activeLive(t);
    const typed = `coucou mon code ${code.toLowerCase().replace("-", " ")} !`;
    await comment(t, live, [`@${julie.handle.toUpperCase()}`, typed]);
    await eventually(async () => (await verifiedAt(julie.row.id)) !== null);
    expect((await julie.profile()).handleVerified).toBe(true);
  });

  it("verifies nothing when the code is wrong or comes from another viewer's handle", async () => {
    const [julie, marie, witness] = [await customer(), await customer(), await customer()];
    const julieCode = (await julie.profile()).handleProofCode;
    const marieCode = (await marie.profile()).handleProofCode;
    const witnessCode = (await witness.profile()).handleProofCode;
    const live = await activeLive(t);
    const wrong = julieCode.slice(0, -1) + (julieCode.endsWith("A") ? "B" : "A");
    await comment(
      t,
      live,
      [julie.handle, `mon code ${wrong}`],
      [julie.handle, `voici ${marieCode}`],
      [marie.handle, `je donne ${julieCode}`],
      // The same batch's right code: once it is verified, the batch was read.
      [witness.handle, witnessCode],
    );
    await eventually(async () => (await verifiedAt(witness.row.id)) !== null);
    expect(await verifiedAt(julie.row.id)).toBeNull();
    expect(await verifiedAt(marie.row.id)).toBeNull();
    expect((await julie.profile()).handleVerified).toBe(false);
  });
});

describe("a change of handle", () => {
  it("forgets the proof: it was for the old handle (a change of letter case only is the same handle)", async () => {
    const julie = await customer();
    await t.db.update(users).set({ handleVerifiedAt: new Date() }).where(eq(users.id, julie.row.id));
    expect((await julie.profile()).handleVerified).toBe(true);
    await t.db
      .update(users)
      .set({ tiktokUsername: julie.handle.toUpperCase() })
      .where(eq(users.id, julie.row.id));
    expect(await verifiedAt(julie.row.id)).not.toBeNull();

    const renamed = await kit.injectAs("admin", {
      method: "PATCH",
      url: `/api/admin/users/${julie.row.id}`,
      payload: { firstName: "Julie", lastName: "Martin", tiktokUsername: `${julie.handle}_bis` },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().user).toMatchObject({ handleVerified: false });
    expect(await verifiedAt(julie.row.id)).toBeNull();
    expect((await julie.profile()).handleVerified).toBe(false);
  });
});

describe("staff see the verification", () => {
  it("in the users list, the order detail and the claims (null for a handle with no account)", async () => {
    const [julie, marie] = [await customer(), await customer()];
    // A live viewer's row has unpaid holds like anyone, but no account to prove its handle with.
    const viewer = await insertLiveViewer(t.db, { unpaidHolds: 1 });
    await t.db.update(users).set({ handleVerifiedAt: new Date() }).where(eq(users.id, marie.row.id));
    const list = await kit.injectAs("admin", { method: "GET", url: "/api/admin/users" });
    const rows = list.json<{ users: { id: string; handleVerified: boolean }[] }>().users;
    expect(rows.find((row) => row.id === julie.row.id)).toMatchObject({ handleVerified: false });
    expect(rows.find((row) => row.id === marie.row.id)).toMatchObject({ handleVerified: true });

    const order = await insertOrder(t.db, { userId: julie.row.id });
    const detail = await kit.injectAs("admin", { method: "GET", url: `/api/admin/orders/${order.id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().order.client).toMatchObject({ handleVerified: false });
    const viewersOrder = await insertOrder(t.db, { userId: viewer.id });
    const viewersDetail = await kit.injectAs("admin", {
      method: "GET",
      url: `/api/admin/orders/${viewersOrder.id}`,
    });
    expect(viewersDetail.json().order.client).toMatchObject({ handleVerified: null });

    const live = await activeLive(t);
    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    await comment(
      t,
      live,
      [julie.handle, `je prends le ${robe.ref}`],
      [marie.handle, `je prends le ${robe.ref}`],
      ["inconnue_sans_compte", `je prends le ${robe.ref}`],
      [viewer.tiktokUsername ?? "", `je prends le ${robe.ref}`],
    );
    let claims: LiveClaimView[] = [];
    await eventually(async () => (claims = await claimsOf(t, live)).length === 4);
    const byHandle = (handle: string) => claims.find((claim) => claim.handle === handle);
    expect(byHandle(julie.handle)).toMatchObject({ handleVerified: false, unpaidHolds: 0 });
    expect(byHandle(marie.handle)).toMatchObject({ handleVerified: true });
    expect(byHandle("inconnue_sans_compte")).toMatchObject({ handleVerified: null, unpaidHolds: 0 });
    expect(byHandle(viewer.tiktokUsername ?? "")).toMatchObject({ handleVerified: null, unpaidHolds: 1 });
  });
});

/** A customer with one order made from a claim comment, and one made by hand in the back office. */
async function customerWithCommentOrder(app: TestApp) {
  const julie = await customer(app);
  const live = await activeLive(app, "automatique");
  const robe = await insertProduct(app.db, { liveId: live.id, colorId: null });
  await comment(app, live, [julie.handle, `je prends le ${robe.ref}`]);
  let claims: LiveClaimView[] = [];
  await eventually(async () => (claims = await claimsOf(app, live)).some((claim) => claim.orderId !== null));
  const fromComment = claims[0]?.orderId ?? "";
  // Waiting for payment: a form would be issued if the order were shown.
  await app.db.update(orders).set({ status: "to-pay" }).where(eq(orders.id, fromComment));
  const byHand = await insertOrder(app.db, { userId: julie.row.id, status: "to-pay" });
  return { julie, live, fromComment, byHand: byHand.id };
}

const listed = async (who: Awaited<ReturnType<typeof customer>>) => {
  const response = await who.get(ORDERS);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ orders: { id: string }[]; commentOrdersHidden: boolean }>();
};

describe("VERIFIED_HANDLES_ONLY", () => {
  it("hides the orders made from comments from an unverified customer, as if they were not theirs, until the handle is verified", async () => {
    const { julie, live, fromComment, byHand } = await customerWithCommentOrder(t);

    const before = await listed(julie);
    expect(before.orders.map((order) => order.id)).toEqual([byHand]);
    expect(before.commentOrdersHidden).toBe(true);
    const page = await julie.get(`${ORDERS}/${fromComment}`);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ code: "NOT_FOUND", message: customerOrderMessages.notFound });
    expect((await julie.get(`${ORDERS}/${byHand}`)).statusCode).toBe(200);
    const payment = await julie.post(`/api/payments/orders/${fromComment}/form-token`);
    expect(payment.statusCode).toBe(404);
    expect(payment.json()).toEqual({ code: "NOT_FOUND", message: customerOrderMessages.notFound });

    await comment(t, live, [julie.handle, (await julie.profile()).handleProofCode]);
    await eventually(async () => (await verifiedAt(julie.row.id)) !== null);
    const after = await listed(julie);
    expect(after.orders.map((order) => order.id).sort()).toEqual([byHand, fromComment].sort());
    expect(after.commentOrdersHidden).toBe(false);
    expect((await julie.get(`${ORDERS}/${fromComment}`)).statusCode).toBe(200);
  });

  it("when off (the default) changes nothing: an unverified customer sees every order of theirs", async () => {
    expect(off.config.verifiedHandlesOnly).toBe(false);
    const { julie, fromComment, byHand } = await customerWithCommentOrder(off);
    const list = await listed(julie);
    expect(list.orders.map((order) => order.id).sort()).toEqual([byHand, fromComment].sort());
    expect(list.commentOrdersHidden).toBe(false);
    expect((await julie.get(`${ORDERS}/${fromComment}`)).statusCode).toBe(200);
  });
});
