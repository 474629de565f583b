import {
  liveFiguresDetailSchema,
  liveFiguresOverviewSchema,
  type LiveClaimsSnapshot,
  type LiveFiguresDetail,
} from "@vitrine/domain";
import { eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../src/db/schema";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import { insertLive, insertProduct, orderRowOf, type LiveRow } from "./support/factories";
import { postComments } from "./support/live-kit";
import { payThroughSimulator } from "./support/payment-kit";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp({
    env: { PAYMENT_RATE_LIMITS: "formTokenPerCustomer=1000/600,statusCheckPerCustomer=1000/600" },
  });
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

const suffix = randomBytes(2).toString("hex");
const json = (payload: unknown) => ({
  payload: JSON.stringify(payload),
  headers: { "content-type": "application/json" },
});

async function snapshot(live: LiveRow): Promise<LiveClaimsSnapshot> {
  const response = await kit.injectAs("admin", { method: "GET", url: `/api/admin/lives/${live.id}/claims` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LiveClaimsSnapshot>();
}

async function figuresOf(liveId: string): Promise<LiveFiguresDetail> {
  const response = await kit.injectAs("admin", {
    method: "GET",
    url: `/api/admin/dashboard/lives/${liveId}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return liveFiguresDetailSchema.parse(response.json());
}

/** Pays an order of the signed-in customer through the payment form and the simulator. */
async function pay(orderId: string) {
  await t.db.update(orders).set({ status: "to-pay" }).where(eq(orders.id, orderId));
  const paid = await payThroughSimulator(kit, "customer", orderId);
  expect(paid.statusCode, paid.body).toBeLessThan(300);
  await eventually(async () => (await orderRowOf(t.db, orderId)).status === "paid");
}

describe("a live's figures", () => {
  let full: LiveRow;
  let empty: LiveRow;

  it("are read from its comments, claims, orders and payments, number by number", async () => {
    const customer = await kit.actor("customer");
    const handle = customer.tiktokUsername ?? "";
    full = await insertLive(t.db, { isActive: true, liveDate: new Date(Date.now() - 2 * 3_600_000) });
    const settings = await kit.injectAs("admin", {
      method: "PUT",
      url: `/api/admin/lives/${full.id}/claims/settings`,
      ...json({ mode: "automatique", holdSeconds: 3600 }),
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const robe = await insertProduct(t.db, { liveId: full.id, priceCents: 2500, colorId: null });
    const pull = await insertProduct(t.db, { liveId: full.id, priceCents: 1990, colorId: null });
    const jupe = await insertProduct(t.db, { liveId: full.id, priceCents: 990, colorId: null });
    const top = await insertProduct(t.db, { liveId: full.id, priceCents: 1500, colorId: null });
    const [late, expired, holder] = [`late_${suffix}`, `expired_${suffix}`, `holder_${suffix}`];

    await postComments(t.app, full.ref, [
      [handle, `je prends le ${robe.ref}`],
      [handle, `je prends le ${pull.ref}`],
      [late, `je prends le ${robe.ref}`],
      [expired, `je prends le ${jupe.ref}`],
      [holder, `je prends le ${top.ref}`],
      [holder, "trop belle cette robe"],
    ]);
    let claims = (await snapshot(full)).claims;
    await eventually(async () => (claims = (await snapshot(full)).claims).length === 5, 10_000);
    // The live's last event, after every claim: the per-minute series runs to its minute.
    await postComments(t.app, full.ref, [[late, "merci à ce soir"]]);

    const customerOrder = claims.find((claim) => claim.handle === handle)?.orderId ?? "";
    await pay(customerOrder);

    // The jupe's hold comes to its end unpaid: released 'hold-expired'.
    const jupeClaim = claims.find((claim) => claim.handle === expired);
    await t.db.$client.query(
      `WITH due AS (UPDATE live_claims SET held_until = now() WHERE id = $1 RETURNING id)
       SELECT graphile_worker.add_job('claim_hold_expired', json_build_object('claimId', id),
                                      run_at := now(), job_key := 'claim-hold:' || id) FROM due`,
      [jupeClaim?.id],
    );
    await eventually(
      async () =>
        (await snapshot(full)).claims.find((claim) => claim.id === jupeClaim?.id)?.state === "released",
      20_000,
    );
    await eventually(async () => (await snapshot(full)).counters.comments === 7, 10_000);

    const { figures, perMinute } = await figuresOf(full.id);
    expect(figures).toEqual({
      liveId: full.id,
      title: full.title,
      ref: full.ref,
      liveDate: full.liveDate.toISOString(),
      comments: 7,
      claims: 5,
      paidClaims: 2,
      paidClaimsPercent: 40,
      // The customer's (paid) and the holder's: the expired viewer's, emptied, was cancelled.
      orders: 2,
      revenueHeldCents: 1500,
      revenuePaidCents: 2500 + 1990,
      piecesSold: 2,
      unpaidReleases: 1,
      gaps: 0,
    });
    expect(perMinute.length).toBeGreaterThan(0);
    const minutes = perMinute.map((entry) => Date.parse(entry.minute));
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    for (const [index, minute] of minutes.entries()) {
      if (index > 0) expect(minute - (minutes[index - 1] ?? 0)).toBe(60_000);
    }
    expect(perMinute.reduce((sum, entry) => sum + entry.paidCents, 0)).toBe(4490);
    expect(perMinute.reduce((sum, entry) => sum + entry.heldCents, 0)).toBe(1500);
  });

  it("of a live without anything are zeros, not errors", async () => {
    empty = await insertLive(t.db, { liveDate: new Date(Date.now() - 3_600_000) });
    const { figures, perMinute } = await figuresOf(empty.id);
    expect(figures).toMatchObject({
      comments: 0,
      claims: 0,
      paidClaims: 0,
      paidClaimsPercent: 0,
      orders: 0,
      revenueHeldCents: 0,
      revenuePaidCents: 0,
      piecesSold: 0,
      unpaidReleases: 0,
      gaps: 0,
    });
    expect(perMinute).toEqual([]);
  });

  it("are compared over the last lives that started, oldest first, the latest one shown first", async () => {
    await insertLive(t.db, { liveDate: new Date(Date.now() + 86_400_000), title: "Live de demain" });
    const response = await kit.injectAs("admin", { method: "GET", url: "/api/admin/dashboard/lives" });
    expect(response.statusCode, response.body).toBe(200);
    const overview = liveFiguresOverviewSchema.parse(response.json());
    expect(overview.defaultLiveId).toBe(empty.id);
    expect(overview.comparison.map((live) => live.liveId)).toEqual([full.id, empty.id]);
    expect(overview.comparison[0]).toEqual((await figuresOf(full.id)).figures);
    expect(overview.lives.map((live) => live.title)).toContain("Live de demain");
  });

  it("answer an unknown live in French and are for administrators only", async () => {
    const unknown = await kit.injectAs("admin", {
      method: "GET",
      url: "/api/admin/dashboard/lives/00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Live introuvable");
    for (const url of ["/api/admin/dashboard/lives", `/api/admin/dashboard/lives/${full.id}`]) {
      for (const role of ["anonymous", "customer", "adminByMagicLink"] as const) {
        const response = await kit.injectAs(role, { method: "GET", url });
        expect(response.statusCode, `${role} ${url}`).toBe(role === "anonymous" ? 401 : 403);
      }
    }
  });
});
