import { type LiveClaimsSnapshot, type LiveClaimView } from "@vitrine/domain";
import { and, eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, orderItems, orders, users } from "../src/db/schema";
import { catalogueCallers, type Caller } from "./support/catalogue-fixtures";
import { eventually } from "./support/eventually";
import { insertLive, insertProduct, type LiveRow, type ProductRow } from "./support/factories";
import { chatEvent, postEvents } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let as: { admin: Caller; customer: Caller; anonymous: Caller };
beforeAll(async () => {
  t = await createTestApp();
  as = await catalogueCallers(t);
});
afterAll(async () => t.close());

const suffix = randomBytes(2).toString("hex");
let handles = 0;
const newHandle = () => `c${++handles}_${suffix}`;

const claimsUrl = (liveId: string) => `/api/admin/lives/${liveId}/claims`;

async function activeLive(
  mode: "manuel" | "automatique",
  holdSeconds: number | null = null,
): Promise<LiveRow> {
  const live = await insertLive(t.db, { isActive: true });
  const response = await as.admin("PUT", `${claimsUrl(live.id)}/settings`, { mode, holdSeconds });
  expect(response.statusCode, response.body).toBe(200);
  return live;
}

const productOf = (live: LiveRow) => insertProduct(t.db, { liveId: live.id, colorId: null });

/** Comments posted through the real ingestion route, in this order (one batch). */
async function comment(live: LiveRow, ...said: [handle: string, text: string][]) {
  const response = await postEvents(
    t.app,
    live.ref,
    said.map(([uniqueId, text]) => chatEvent({ uniqueId, comment: text })),
  );
  expect(response.statusCode, response.body).toBeLessThan(300);
}

async function snapshot(live: LiveRow): Promise<LiveClaimsSnapshot> {
  const response = await as.admin("GET", claimsUrl(live.id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LiveClaimsSnapshot>();
}

/** The live's claims once `ready` holds for them (read through the API, as staff see them). */
async function claimsWhen(live: LiveRow, ready: (claims: LiveClaimView[]) => boolean, timeoutMs = 10_000) {
  let claims: LiveClaimView[] = [];
  await eventually(async () => ready((claims = (await snapshot(live)).claims)), timeoutMs);
  return claims;
}

const claimOf = (claims: LiveClaimView[], handle: string, product: ProductRow) =>
  claims.find((claim) => claim.handle === handle && claim.productId === product.id);

/** The order lines holding the product, with their order's buyer and status. */
async function holders(product: ProductRow) {
  return t.db
    .select({ orderId: orders.id, status: orders.status, handle: users.tiktokUsername })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orderItems.productId, product.id), eq(orderItems.isReleased, false)));
}

describe("claims in automatic mode", () => {
  it("give the piece to the first claimer's to-validate order and waitlist the later ones in receive order", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const [first, second, third] = [newHandle(), newHandle(), newHandle()];
    await comment(live, [first, `je prends le ${robe.ref}`], [second, `${robe.ref} pour moi`]);
    await comment(live, [third, `je veux le ${robe.ref} svp`]);

    const claims = await claimsWhen(live, (all) => all.length === 3);
    expect(claimOf(claims, first, robe)).toMatchObject({ state: "in-order", waitlistPosition: null });
    expect(claimOf(claims, second, robe)).toMatchObject({ state: "waitlisted", waitlistPosition: 1 });
    expect(claimOf(claims, third, robe)).toMatchObject({ state: "waitlisted", waitlistPosition: 2 });
    const held = await holders(robe);
    expect(held).toEqual([expect.objectContaining({ status: "to-validate", handle: first })]);
    expect(claimOf(claims, first, robe)?.orderId).toBe(held[0]?.orderId);
    expect(claimOf(claims, first, robe)?.heldUntil).not.toBeNull();
  });
});

describe("claims in manual mode", () => {
  it("wait as pending until staff give the piece with one call, which is audited", async () => {
    const live = await activeLive("manuel");
    const robe = await productOf(live);
    const [first, second] = [newHandle(), newHandle()];
    await comment(live, [first, `je prends le ${robe.ref}`], [second, `je prends le ${robe.ref}`]);
    const claims = await claimsWhen(live, (all) => all.length === 2);
    const pending = claimOf(claims, first, robe);
    expect(pending).toMatchObject({ state: "pending" });
    expect(claimOf(claims, second, robe)).toMatchObject({ state: "waitlisted", waitlistPosition: 1 });
    expect(await holders(robe)).toEqual([]);

    const given = await as.admin("POST", `${claimsUrl(live.id)}/${pending?.id}/give`);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<{ claim: LiveClaimView }>().claim).toMatchObject({ state: "in-order" });
    expect(await holders(robe)).toEqual([expect.objectContaining({ handle: first, status: "to-validate" })]);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "live-claim-given"));
    expect(audit.map((event) => event.details)).toContainEqual(
      expect.objectContaining({ claimId: pending?.id, liveId: live.id }),
    );
  });
});
