import {
  handleProofMessages,
  SHIPPING_COUNTRY,
  type CustomerProfile,
  type LiveClaimsSnapshot,
  type LiveClaimView,
  type ShippingAddress,
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
import { payThroughSimulator } from "./support/payment-kit";
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
    put: (url: string, payload: object) =>
      app.app.inject({ method: "PUT", url, payload, headers: { cookie, origin: app.config.appUrl } }),
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

/** An order made from a claim comment of `handle`, on a live of its own (one order per live). */
async function commentOrder(app: TestApp, handle: string): Promise<{ live: LiveRow; orderId: string }> {
  const live = await activeLive(app, "automatique");
  const robe = await insertProduct(app.db, { liveId: live.id, colorId: null });
  await comment(app, live, [handle, `je prends le ${robe.ref}`]);
  let claims: LiveClaimView[] = [];
  await eventually(async () => (claims = await claimsOf(app, live)).some((claim) => claim.orderId !== null));
  return { live, orderId: claims[0]?.orderId ?? "" };
}

const address = {
  first_name: "Julie",
  last_name: "Martin",
  street: "12 rue des Lilas",
  zip: "69001",
  city: "Lyon",
  email: "julie.martin@example.com",
  phone: "06 12 34 56 78",
};
/** The address staff took from the viewer who commented, in the back office. */
const viewersAddress: ShippingAddress = {
  ...address,
  first_name: "Inès",
  last_name: "Roux",
  street: "3 place Bellecour",
  state: "",
  country: SHIPPING_COUNTRY,
};

async function orderRow(app: TestApp, id: string) {
  const [row] = await app.db
    .select({ status: orders.status, shippingAddress: orders.shippingAddress })
    .from(orders)
    .where(eq(orders.id, id));
  return row;
}

type Order = { id: string; status: string; changesNeedHandleProof: boolean };

describe("VERIFIED_HANDLES_ONLY", () => {
  it("lets an unproven customer read, validate and pay the orders from their handle's comments, and tells them of their holds", async () => {
    const me = await kit.actor("customer");
    const before = t.mails.length;
    const { orderId } = await commentOrder(t, me.tiktokUsername ?? "");

    const list = await kit.injectAs("customer", { method: "GET", url: ORDERS });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ orders: { id: string }[] }>().orders.map((order) => order.id)).toContain(orderId);
    const page = await kit.injectAs("customer", { method: "GET", url: `${ORDERS}/${orderId}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ order: Order }>().order).toMatchObject({
      status: "to-validate",
      changesNeedHandleProof: true,
    });

    const validated = await kit.injectAs("customer", {
      method: "PUT",
      url: `${ORDERS}/${orderId}/address`,
      payload: address,
    });
    expect(validated.statusCode, validated.body).toBe(200);
    const paid = await payThroughSimulator(kit, "customer", orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    await eventually(async () => (await orderRow(t, orderId))?.status === "paid");
    // Their holds are theirs to pay: the notices' mail reaches them before any proof.
    await eventually(
      async () =>
        t.mails.slice(before).some((mail) => mail.to === me.email && mail.subject === "Réservé pour vous"),
      15_000,
    );
  });

  it("refuses an unproven customer every change to a comment order in French, changing nothing, and allows them once the handle is proven", async () => {
    const julie = await customer();
    const code = (await julie.profile()).handleProofCode;
    const refusal = { code: "HANDLE_NOT_PROVEN", message: handleProofMessages.changeNeedsProof(code) };
    const { live, orderId } = await commentOrder(t, julie.handle);
    await t.db.update(orders).set({ shippingAddress: viewersAddress }).where(eq(orders.id, orderId));
    const byHand = await insertOrder(t.db, { userId: julie.row.id, status: "to-pay" });

    // Sent elsewhere than the address the order has: refused, the order as it was.
    const elsewhere = await julie.put(`${ORDERS}/${orderId}/address`, address);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual(refusal);
    expect(await orderRow(t, orderId)).toEqual({ status: "to-validate", shippingAddress: viewersAddress });
    // Validated to the address it has: that is paying it.
    const validated = await julie.put(`${ORDERS}/${orderId}/address`, viewersAddress);
    expect(validated.statusCode, validated.body).toBe(200);
    // 'Modifier' would send it elsewhere next: refused too.
    const reopened = await julie.post(`${ORDERS}/${orderId}/reopen`);
    expect(reopened.statusCode).toBe(403);
    expect(reopened.json()).toEqual(refusal);
    expect(await orderRow(t, orderId)).toEqual({ status: "to-pay", shippingAddress: viewersAddress });
    // An order made by hand is not from comments: nothing waits for the proof.
    const mine = await julie.post(`${ORDERS}/${byHand.id}/reopen`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<{ order: Order }>().order).toMatchObject({
      status: "to-validate",
      changesNeedHandleProof: false,
    });

    await comment(t, live, [julie.handle, code]);
    await eventually(async () => (await verifiedAt(julie.row.id)) !== null);
    const proven = await julie.post(`${ORDERS}/${orderId}/reopen`);
    expect(proven.statusCode, proven.body).toBe(200);
    expect(proven.json<{ order: Order }>().order).toMatchObject({
      status: "to-validate",
      changesNeedHandleProof: false,
    });
    const moved = await julie.put(`${ORDERS}/${orderId}/address`, address);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await orderRow(t, orderId))?.shippingAddress).toMatchObject({ street: address.street });
  });

  it("when off (the default outside production) keeps nothing for proven handles", async () => {
    expect(off.config.verifiedHandlesOnly).toBe(false);
    const julie = await customer(off);
    const { orderId } = await commentOrder(off, julie.handle);
    await off.db.update(orders).set({ shippingAddress: viewersAddress }).where(eq(orders.id, orderId));
    const page = await julie.get(`${ORDERS}/${orderId}`);
    expect(page.json<{ order: Order }>().order).toMatchObject({ changesNeedHandleProof: false });
    const elsewhere = await julie.put(`${ORDERS}/${orderId}/address`, address);
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const reopened = await julie.post(`${ORDERS}/${orderId}/reopen`);
    expect(reopened.statusCode, reopened.body).toBe(200);
  });
});
