import {
  needsStaffToGive,
  type AdminUser,
  type LiveClaimsSnapshot,
  type LiveClaimView,
} from "@vitrine/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { claimRules } from "../src/modules/live-claims";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import {
  insertCustomer,
  insertLive,
  insertLiveViewer,
  insertProduct,
  type LiveRow,
  type ProductRow,
} from "./support/factories";
import { postComments } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp({ env: { UNPAID_HOLDS_LIMIT: "2" } });
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

const claimsUrl = (liveId: string) => `/api/admin/lives/${liveId}/claims`;
const rules = () => claimRules(t.config);

async function settings(live: LiveRow, mode: "manuel" | "automatique", holdSeconds: number | null = null) {
  const response = await kit.injectAs("admin", {
    method: "PUT",
    url: `${claimsUrl(live.id)}/settings`,
    payload: { mode, holdSeconds },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function activeLive(mode: "manuel" | "automatique", holdSeconds: number | null = null) {
  const live = await insertLive(t.db, { isActive: true });
  await settings(live, mode, holdSeconds);
  return live;
}

const productOf = (live: LiveRow) => insertProduct(t.db, { liveId: live.id, colorId: null });

/** Comments through the real ingestion route, in this order (one batch). */
const comment = (live: LiveRow, ...said: [handle: string, text: string][]) =>
  postComments(t.app, live.ref, said);

async function claimsWhen(live: LiveRow, ready: (claims: LiveClaimView[]) => boolean, timeoutMs = 10_000) {
  let claims: LiveClaimView[] = [];
  await eventually(async () => {
    const response = await kit.injectAs("admin", { method: "GET", url: claimsUrl(live.id) });
    claims = response.json<LiveClaimsSnapshot>().claims;
    return ready(claims);
  }, timeoutMs);
  return claims;
}

const claimOf = (claims: LiveClaimView[], handle: string, product: ProductRow) =>
  claims.find((claim) => claim.handle === handle && claim.productId === product.id);

async function unpaidHolds(userId: string): Promise<number | undefined> {
  const [row] = await t.db.select({ count: users.unpaidHolds }).from(users).where(eq(users.id, userId));
  return row?.count;
}

/** A live viewer (no account) with this many holds that expired unpaid. */
async function viewerWith(count: number) {
  const viewer = await insertLiveViewer(t.db, { unpaidHolds: count });
  return { id: viewer.id, handle: viewer.tiktokUsername ?? "" };
}

describe("the limit's comparison", () => {
  it("is the same in SQL as in the domain's needsStaffToGive", async () => {
    const cases: [number, number][] = [];
    for (let holds = 0; holds <= 4; holds += 1)
      for (let limit = 0; limit <= 3; limit += 1) cases.push([holds, limit]);
    const { rows } = await t.db.$client.query<{ holds: number; limit: number; waits: boolean }>(
      `SELECT c.holds, c.lim AS limit, live_claim_needs_staff(c.holds, c.lim) AS waits
         FROM unnest($1::int[], $2::int[]) AS c(holds, lim)`,
      [cases.map(([holds]) => holds), cases.map(([, limit]) => limit)],
    );
    expect(rows).toHaveLength(cases.length);
    for (const row of rows)
      expect(row.waits, `${row.holds} / ${row.limit}`).toBe(needsStaffToGive(row.holds, row.limit));
  });
});

describe("holds that expire unpaid", () => {
  it("count once per claim against the customer whose order held them, not again on a second run of the job", async () => {
    const live = await activeLive("automatique", 1);
    const [robe, jupe] = [await productOf(live), await productOf(live)];
    const viewer = await viewerWith(0);
    const other = await viewerWith(0);
    await comment(live, [viewer.handle, `je prends le ${robe.ref} et le ${jupe.ref}`]);
    const claims = await claimsWhen(
      live,
      (all) => all.length === 2 && all.every((claim) => claim.releaseReason === "hold-expired"),
      20_000,
    );
    expect(await unpaidHolds(viewer.id)).toBe(2);
    expect(await unpaidHolds(other.id)).toBe(0);

    // The job runs again (a retry, the sweep's backstop): nothing more is counted.
    for (const claim of claims) {
      const { rows } = await t.db.$client.query<{ outcome: { outcome: string } }>(
        "SELECT live_claim_expire($1, $2::jsonb) AS outcome",
        [claim.id, rules()],
      );
      expect(rows[0]?.outcome.outcome).toBe("none");
    }
    expect(await unpaidHolds(viewer.id)).toBe(2);
  });

  it("count only the expiry: a piece staff release or the viewer un-claims counts nothing", async () => {
    const live = await activeLive("automatique");
    const [robe, jupe, sac] = [await productOf(live), await productOf(live), await productOf(live)];
    const viewer = await viewerWith(0);
    await comment(live, [viewer.handle, `je prends le ${robe.ref}, le ${jupe.ref} et le ${sac.ref}`]);
    const claims = await claimsWhen(
      live,
      (all) => all.filter((claim) => claim.state === "in-order").length === 3,
    );
    const released = await kit.injectAs("admin", {
      method: "POST",
      url: `${claimsUrl(live.id)}/${claimOf(claims, viewer.handle, robe)?.id}/release`,
    });
    expect(released.statusCode, released.body).toBe(200);
    await comment(live, [viewer.handle, `je passe le ${jupe.ref}`]);
    await claimsWhen(live, (all) => claimOf(all, viewer.handle, jupe)?.state === "released");
    const expiring = claimOf(claims, viewer.handle, sac)?.id;
    await t.db.$client.query(
      "UPDATE live_claims SET held_until = now() - interval '1 second' WHERE id = $1",
      [expiring],
    );
    await t.db.$client.query("SELECT live_claim_expire($1, $2::jsonb)", [expiring, rules()]);
    const after = await claimsWhen(live, (all) => all.every((claim) => claim.state === "released"));
    expect(after.map((claim) => claim.releaseReason).sort()).toEqual(["hold-expired", "staff", "un-claimed"]);
    expect(await unpaidHolds(viewer.id)).toBe(1);
  });
});

describe("at UNPAID_HOLDS_LIMIT", () => {
  it("a claim in automatic mode waits as pending, shown as waiting for staff; below the limit it is given", async () => {
    expect(t.config.unpaidHoldsLimit).toBe(2);
    const live = await activeLive("automatique");
    const [robe, jupe] = [await productOf(live), await productOf(live)];
    const [atLimit, below] = [await viewerWith(2), await viewerWith(1)];
    await comment(
      live,
      [atLimit.handle, `je prends le ${robe.ref}`],
      [below.handle, `je prends le ${jupe.ref}`],
    );
    const claims = await claimsWhen(live, (all) => all.length === 2);
    expect(claimOf(claims, atLimit.handle, robe)).toMatchObject({
      state: "pending",
      orderId: null,
      unpaidHolds: 2,
      waitsForStaff: true,
    });
    expect(claimOf(claims, below.handle, jupe)).toMatchObject({
      state: "in-order",
      unpaidHolds: 1,
      waitsForStaff: false,
    });

    // Staff's give still gives.
    const given = await kit.injectAs("admin", {
      method: "POST",
      url: `${claimsUrl(live.id)}/${claimOf(claims, atLimit.handle, robe)?.id}/give`,
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<{ claim: LiveClaimView }>().claim).toMatchObject({
      state: "in-order",
      waitsForStaff: false,
    });
  });

  it("the hand-over to the next claimer leaves their claim pending", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const [first, second] = [await viewerWith(0), await viewerWith(3)];
    await comment(
      live,
      [first.handle, `je prends le ${robe.ref}`],
      [second.handle, `je prends le ${robe.ref}`],
    );
    const claims = await claimsWhen(live, (all) => all.length === 2);
    expect(claimOf(claims, second.handle, robe)).toMatchObject({ state: "waitlisted", waitsForStaff: false });
    const released = await kit.injectAs("admin", {
      method: "POST",
      url: `${claimsUrl(live.id)}/${claimOf(claims, first.handle, robe)?.id}/release`,
    });
    expect(released.statusCode, released.body).toBe(200);
    const after = await claimsWhen(live, (all) => claimOf(all, second.handle, robe)?.state !== "waitlisted");
    expect(claimOf(after, second.handle, robe)).toMatchObject({ state: "pending", waitsForStaff: true });
  });

  it("the switch to automatic gives the others' pending claims and leaves the non-payer's", async () => {
    const live = await activeLive("manuel");
    const [robe, jupe] = [await productOf(live), await productOf(live)];
    const [atLimit, payer] = [await viewerWith(2), await viewerWith(0)];
    await comment(
      live,
      [atLimit.handle, `je prends le ${robe.ref}`],
      [payer.handle, `je prends le ${jupe.ref}`],
    );
    await claimsWhen(live, (all) => all.length === 2);
    await settings(live, "automatique");
    const claims = await claimsWhen(live, (all) => all.some((claim) => claim.state === "in-order"));
    expect(claimOf(claims, payer.handle, jupe)).toMatchObject({ state: "in-order" });
    expect(claimOf(claims, atLimit.handle, robe)).toMatchObject({ state: "pending", waitsForStaff: true });
  });
});

describe("staff see the count", () => {
  it("in the users list", async () => {
    const customer = await insertCustomer(t.db, { unpaidHolds: 3 });
    const response = await kit.injectAs("admin", { method: "GET", url: "/api/admin/users" });
    expect(response.statusCode).toBe(200);
    const row = response.json<{ users: AdminUser[] }>().users.find((user) => user.id === customer.id);
    expect(row).toMatchObject({ unpaidHolds: 3, handleVerified: false });
  });
});

describe("a merge of two users", () => {
  it("adds the source's unpaid holds to the destination's; each keeps its own handle's proof", async () => {
    const verifiedAt = new Date();
    const destination = await insertCustomer(t.db, { unpaidHolds: 1, handleVerifiedAt: verifiedAt });
    const source = await viewerWith(1);
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    await comment(live, [source.handle, `je prends le ${robe.ref}`]);
    await claimsWhen(live, (all) => all.some((claim) => claim.state === "in-order"));
    const merged = await kit.injectAs("admin", {
      method: "POST",
      url: "/api/admin/user-merge",
      payload: { sourceUserId: source.id, destinationUserId: destination.id },
    });
    expect(merged.statusCode, merged.body).toBeLessThan(300);
    const [kept] = await t.db.select().from(users).where(eq(users.id, destination.id));
    expect(kept).toMatchObject({ unpaidHolds: 2, tiktokUsername: destination.tiktokUsername });
    expect(kept?.handleVerifiedAt).not.toBeNull();
    expect(await unpaidHolds(source.id)).toBe(0);
  });
});
