import {
  liveClaimMessages,
  requestDiffers,
  type CustomerLiveSnapshot,
  type LiveClaimsSnapshot,
  type LiveClaimView,
} from "@vitrine/domain";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setOrderStatus } from "../src/modules/orders";
import { createClaimsRelay } from "../src/modules/live-feed/claims-relay";
import { createSilentLiveHub } from "../src/realtime/live-hub";
import { signInAsAdmin, signInByLink } from "./support/actors";
import { eventually } from "./support/eventually";
import {
  insertCustomer,
  insertLive,
  insertOrder,
  insertProduct,
  type LiveRow,
  type ProductRow,
} from "./support/factories";
import { postComments } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

/*
 * Every piece's real state in the claims (decision 041), on PostgreSQL, through the real ingestion,
 * reader and engine: a piece sold outside claims answers its claims as sold, a reference that is no
 * piece of the live is kept and counted, and a piece that is not what the comment asked is shown as
 * it is (and, in automatic mode, waits for staff).
 */

let t: TestApp;
let adminCookie: string;
const colours = new Map<string, string>();

const suffix = randomBytes(2).toString("hex");
let handles = 0;
const newHandle = () => `s${++handles}_${suffix}`;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await signInAsAdmin(t);
  // Before any comment: the engine reads the shop's colour names with the first ones.
  for (const name of ["Noir", "Blanc"]) {
    const { rows } = await t.db.$client.query<{ id: string }>(
      `INSERT INTO product_colors (name, hex_code) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      [name, name === "Noir" ? "#000000" : "#FFFFFF"],
    );
    colours.set(name, rows[0]?.id ?? "");
  }
});
afterAll(async () => t.close());

const claimsUrl = (liveId: string) => `/api/admin/lives/${liveId}/claims`;

function asAdmin(method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: adminCookie, ...(payload ? { "content-type": "application/json" } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

async function activeLive(mode: "manuel" | "automatique"): Promise<LiveRow> {
  const live = await insertLive(t.db, { isActive: true });
  const response = await asAdmin("PUT", `${claimsUrl(live.id)}/settings`, { mode, holdSeconds: null });
  expect(response.statusCode, response.body).toBe(200);
  return live;
}

const pieceOf = (live: LiveRow, look: { size?: string | null; color?: string | null } = {}) =>
  insertProduct(t.db, {
    liveId: live.id,
    size: look.size === undefined ? "M" : look.size,
    colorId: look.color ? (colours.get(look.color) ?? null) : null,
  });

const comment = (live: LiveRow, ...said: [handle: string, text: string][]) =>
  postComments(t.app, live.ref, said);

async function snapshot(live: LiveRow): Promise<LiveClaimsSnapshot> {
  const response = await asAdmin("GET", claimsUrl(live.id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LiveClaimsSnapshot>();
}

async function snapshotWhen(live: LiveRow, ready: (snapshot: LiveClaimsSnapshot) => boolean) {
  let read: LiveClaimsSnapshot | undefined;
  await eventually(async () => ready((read = await snapshot(live))), 10_000);
  return read as LiveClaimsSnapshot;
}

const claimOf = (claims: LiveClaimView[], handle: string, product: ProductRow) =>
  claims.find((claim) => claim.handle === handle && claim.productId === product.id);

/** A piece added to a viewer's order by reference from the sidebar: sold outside claims. */
async function sellByReference(live: LiveRow, product: ProductRow, handle: string): Promise<string> {
  const added = await asAdmin("POST", "/api/admin/live-sidebar/add", {
    liveId: live.id,
    productId: product.id,
    handle,
  });
  expect(added.statusCode, added.body).toBe(201);
  const { rows } = await t.db.$client.query<{ order_id: string }>(
    "SELECT order_id FROM order_items WHERE product_id = $1 AND NOT is_released",
    [product.id],
  );
  return rows[0]?.order_id ?? "";
}

/** A customer with an account and the handle, signed in: their e-mail and session cookie. */
async function customerOf(handle: string): Promise<{ email: string; cookie: string }> {
  const row = await insertCustomer(t.db, { tiktokUsername: handle });
  const email = row.email ?? "";
  return { email, cookie: await signInByLink(t, email) };
}

async function customerLive(cookie: string): Promise<CustomerLiveSnapshot> {
  const response = await t.app.inject({ method: "GET", url: "/api/customer/live", headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CustomerLiveSnapshot>();
}

describe("a piece sold outside claims", () => {
  it("answers its claims at once as sold: counted, never queued, and reads 'Vendue' with its order and payment", async () => {
    const live = await activeLive("automatique");
    const robe = await pieceOf(live);
    const [buyer, late, later, asking] = [newHandle(), newHandle(), newHandle(), newHandle()];
    const orderId = await sellByReference(live, robe, buyer);

    await comment(live, [late, `je prends le ${robe.ref}`], [later, `${robe.ref} pour moi`]);
    await comment(
      live,
      [late, `je prends le ${robe.ref} svp`],
      [asking, `possible d'avoir le ${robe.ref} ?`],
    );
    const read = await snapshotWhen(
      live,
      (all) => all.counters.comments === 4 && all.claims.length === 3 && all.counters.soldClaims === 3,
    );

    // A doubtful comment is answered the same: nothing for staff to confirm.
    expect(
      read.claims.map((claim) => [claim.handle, claim.state, claim.releaseReason, claim.toConfirm]),
    ).toEqual([
      [late, "released", "sold", false],
      [later, "released", "sold", false],
      [asking, "released", "sold", false],
    ]);
    expect(read.claims.every((claim) => claim.waitlistPosition === null)).toBe(true);
    // A viewer asking again is answered again, not counted again.
    expect(read.counters.soldClaims).toBe(3);
    const { rows } = await t.db.$client.query<{ order_number: string }>(
      "SELECT order_number FROM orders WHERE id = $1",
      [orderId],
    );
    expect(claimOf(read.claims, late, robe)?.pieceSale).toEqual({
      orderId,
      orderNumber: rows[0]?.order_number,
      paid: false,
    });

    await setOrderStatus(t.db, orderId, "paid");
    expect(claimOf((await snapshot(live)).claims, late, robe)?.pieceSale?.paid).toBe(true);
  });

  it("answers the claims that were waiting for it as sold, and their customer's live page says so", async () => {
    const live = await activeLive("manuel");
    const robe = await pieceOf(live);
    const [first, waiting] = [newHandle(), newHandle()];
    const { cookie } = await customerOf(waiting);
    await comment(live, [first, `je prends le ${robe.ref}`], [waiting, `je prends le ${robe.ref}`]);
    await snapshotWhen(live, (all) => all.claims.length === 2);

    // Sold in an order of its own (by reference, an older order) while both claims wait.
    await insertOrder(t.db, { liveId: live.id, products: [robe] });
    // The counters are read beside the claims, not in the same transaction: both are waited for.
    const read = await snapshotWhen(
      live,
      (all) => all.claims.every((claim) => claim.state === "released") && all.counters.soldClaims === 2,
    );
    expect(read.claims.map((claim) => claim.releaseReason)).toEqual(["sold", "sold"]);
    expect(read.counters.soldClaims).toBe(2);
    expect(read.claims[0]?.pieceSale).toMatchObject({ paid: false });

    const page = await customerLive(cookie);
    expect(page.claims).toEqual([
      expect.objectContaining({ ref: robe.ref, state: "sold", waitlistPosition: null }),
    ]);

    // 'Donner' on such a claim is refused, and nothing is given.
    const refused = await asAdmin("POST", `${claimsUrl(live.id)}/${read.claims[1]?.id}/give`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: "CONFLICT", message: liveClaimMessages.claimNotWaiting });
  });

  it("is not 'sold' while a claim holds it: later claims wait as before", async () => {
    const live = await activeLive("automatique");
    const robe = await pieceOf(live);
    const [first, second] = [newHandle(), newHandle()];
    await comment(live, [first, `je prends le ${robe.ref}`], [second, `je prends le ${robe.ref}`]);
    const read = await snapshotWhen(live, (all) => all.claims.length === 2);
    expect(claimOf(read.claims, first, robe)).toMatchObject({ state: "in-order", pieceSale: null });
    expect(claimOf(read.claims, second, robe)).toMatchObject({ state: "waitlisted", pieceSale: null });
    expect(read.counters.soldClaims).toBe(0);
  });
});

describe("a claim of a reference that is not in the live", () => {
  it("is kept on its comment, counted for staff and carried by the claims stream", async () => {
    const live = await activeLive("automatique");
    const robe = await pieceOf(live);
    const viewer = newHandle();
    const relay = createClaimsRelay({ db: t.db, liveHub: createSilentLiveHub() });
    try {
      const before = (await snapshot(live)).version;
      await comment(live, [viewer, "je prends le 54"], [viewer, `le ${robe.ref} et le 55 pour moi`]);
      const read = await snapshotWhen(
        live,
        (all) =>
          all.counters.comments === 2 && all.unknownRefs.length === 2 && all.counters.unknownRefs === 2,
      );

      expect(read.unknownRefs.map((unknown) => [unknown.handle, unknown.ref])).toEqual([
        [viewer, 54],
        [viewer, 55],
      ]);
      expect(read.counters.unknownRefs).toBe(2);
      expect(read.claims.map((claim) => claim.ref)).toEqual([robe.ref]);
      expect(liveClaimMessages.unknownRef(54)).toBe("Réf 54 · introuvable dans ce live");

      const change = await relay.readSince(live.id, before);
      expect(change.unknownRefs.map((unknown) => unknown.ref)).toEqual([54, 55]);
      // The stream resumes after the newest of them, as after a claim.
      const newest = Math.max(...[...read.claims, ...read.unknownRefs].map((item) => item.version));
      expect(change.version).toBe(newest);
    } finally {
      relay.close();
    }
  });
});

describe("a piece that is not what the comment asked for", () => {
  it("in automatic mode waits for staff as a doubt, and the customer sees the piece as it is", async () => {
    const live = await activeLive("automatique");
    const tee = await pieceOf(live, { size: null, color: "Blanc" });
    const viewer = newHandle();
    const { email, cookie } = await customerOf(viewer);
    await comment(live, [viewer, `je prends le ${tee.ref} en L noir`]);
    const read = await snapshotWhen(live, (all) => all.claims.length === 1);

    expect(read.claims[0]).toMatchObject({
      state: "pending",
      toConfirm: true,
      doubtReason: "mismatch",
      sizeRead: "L",
      colorRead: "Noir",
      sizeDiffers: true,
      colorDiffers: true,
      orderId: null,
    });
    const page = await customerLive(cookie);
    expect(page.claims[0]).toMatchObject({
      state: "to-confirm",
      size: null,
      color: "Blanc",
      sizeRead: "L",
      colorRead: "Noir",
    });

    // Staff's 'Confirmer' gives it.
    const confirmed = await asAdmin("POST", `${claimsUrl(live.id)}/${read.claims[0]?.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ claim: LiveClaimView }>().claim.state).toBe("in-order");
    // The engine's doubt teaches the reader nothing: the answers file leaves it out.
    const answers = await asAdmin("GET", `${claimsUrl(live.id)}/doubt-answers`);
    expect(answers.statusCode, answers.body).toBe(200);
    expect(answers.body.trim()).toBe("");
    // Their 'Réservé pour vous' names the piece as it is, and says what differs from the request.
    const reserved = () => t.mails.find((sent) => sent.to === email && sent.subject === "Réservé pour vous");
    await eventually(async () => reserved() !== undefined, 15_000);
    const mail = reserved();
    expect(mail?.text).toMatch(
      new RegExp(`n°${tee.ref} · Robe fleurie · 25,00\\s€ · Taille unique · Couleur\u00a0: Blanc`),
    );
    expect(mail?.text).toContain("Vous avez demandé L noir\u00a0: cette pièce est blanche, taille unique");
  });

  it("in automatic mode, as asked, is given at once; in manual mode a different one waits as any claim", async () => {
    const auto = await activeLive("automatique");
    const robe = await pieceOf(auto, { size: "M", color: "Noir" });
    const viewer = newHandle();
    await comment(auto, [viewer, `je prends le ${robe.ref} en M noir`]);
    const given = await snapshotWhen(auto, (all) => all.claims.length === 1);
    expect(given.claims[0]).toMatchObject({ state: "in-order", toConfirm: false, doubtReason: null });

    const manual = await activeLive("manuel");
    const tee = await pieceOf(manual, { size: null, color: "Blanc" });
    await comment(manual, [viewer, `je prends le ${tee.ref} en L`]);
    const waiting = await snapshotWhen(manual, (all) => all.claims.length === 1);
    expect(waiting.claims[0]).toMatchObject({ state: "pending", toConfirm: false, sizeDiffers: true });
  });

  it("is found by the SQL as by the domain's rule", async () => {
    const live = await insertLive(t.db);
    const cases: {
      size: string | null;
      color: string | null;
      sizeRead: string | null;
      colorRead: string | null;
    }[] = [
      { size: null, color: "Blanc", sizeRead: "L", colorRead: "Noir" },
      { size: null, color: "Blanc", sizeRead: "TU", colorRead: null },
      { size: "T.U.", color: null, sizeRead: null, colorRead: "Noir" },
      { size: "M", color: "Noir", sizeRead: "m", colorRead: "noir" },
      { size: "M", color: "Noir", sizeRead: "XL", colorRead: null },
      { size: "Taille unique", color: "Noir", sizeRead: "TU", colorRead: "Blanc" },
      { size: "M", color: null, sizeRead: null, colorRead: null },
    ];
    for (const given of cases) {
      const product = await pieceOf(live, { size: given.size, color: given.color });
      const { rows } = await t.db.$client.query<{ differs: boolean }>(
        "SELECT live_claim_request_differs($1, $2, $3) AS differs",
        [product.id, given.sizeRead, given.colorRead],
      );
      expect(rows[0]?.differs, JSON.stringify(given)).toBe(requestDiffers(given, given));
    }
  });
});
