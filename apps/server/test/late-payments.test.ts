import { type LiveClaimsSnapshot, type LiveClaimView } from "@vitrine/domain";
import { and, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, users } from "../src/db/schema";
import { claimRules } from "../src/modules/live-claims";
import { signInByLink } from "./support/actors";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import {
  insertCustomer,
  insertLive,
  insertProduct,
  type LiveRow,
  type ProductRow,
} from "./support/factories";
import { postComments } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

const claimsUrl = (liveId: string) => `/api/admin/lives/${liveId}/claims`;
const rules = () => claimRules(t.config.claimHoldSeconds, t.config.unpaidHoldsLimit);

/** A live giving pieces at once, each held an hour. */
async function activeLive(): Promise<LiveRow> {
  const live = await insertLive(t.db, { isActive: true });
  const response = await kit.injectAs("admin", {
    method: "PUT",
    url: `${claimsUrl(live.id)}/settings`,
    payload: { mode: "automatique", holdSeconds: 3600 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return live;
}

const comment = (live: LiveRow, ...said: [handle: string, text: string][]) =>
  postComments(t.app, live.ref, said);

async function claimsWhen(live: LiveRow, ready: (claims: LiveClaimView[]) => boolean) {
  let claims: LiveClaimView[] = [];
  await eventually(async () => {
    const response = await kit.injectAs("admin", { method: "GET", url: claimsUrl(live.id) });
    claims = response.json<LiveClaimsSnapshot>().claims;
    return ready(claims);
  }, 10_000);
  return claims;
}

const claimOf = (claims: LiveClaimView[], handle: string, product: ProductRow) =>
  claims.find((claim) => claim.handle === handle && claim.productId === product.id);

async function unpaidHolds(userId: string): Promise<number | undefined> {
  const [row] = await t.db.select({ count: users.unpaidHolds }).from(users).where(eq(users.id, userId));
  return row?.count;
}

/** A customer with an account, signed in on their own (each test counts its own customers' holds). */
async function signedInCustomer() {
  const user = await insertCustomer(t.db);
  const cookie = await signInByLink(t, user.email ?? "");
  const origin = new URL(t.config.appUrl).origin;
  const inject = (request: InjectOptions) =>
    t.app.inject({ ...request, headers: { ...request.headers, cookie, origin } });
  return {
    id: user.id,
    handle: user.tiktokUsername ?? "",
    async askForm(orderId: string): Promise<string> {
      const form = await inject({ method: "POST", url: `/api/payments/orders/${orderId}/form-token` });
      expect(form.statusCode, form.body).toBe(200);
      return form.json().payment.formToken as string;
    },
  };
}

async function expire(claimId: string): Promise<string | undefined> {
  const { rows } = await t.db.$client.query<{ outcome: { outcome: string } }>(
    "SELECT live_claim_expire($1, $2::jsonb) AS outcome",
    [claimId, rules()],
  );
  return rows[0]?.outcome.outcome;
}

/** Time passes for the order's payment forms and the claim's hold: both are moved back. */
async function minutesPass(orderId: string, claimId: string, minutes: number) {
  await t.db.$client.query(
    "UPDATE orders SET payment_started_at = payment_started_at - make_interval(mins => $2) WHERE id = $1",
    [orderId, minutes],
  );
  await t.db.$client.query(
    "UPDATE live_claims SET held_until = held_until - make_interval(mins => $2) WHERE id = $1",
    [claimId, minutes],
  );
}

const endHoldNow = (claimId: string) =>
  t.db.$client.query("UPDATE live_claims SET held_until = now() WHERE id = $1", [claimId]);

const setStatus = (orderId: string, status: "to-pay" | "to-validate" | "paid") =>
  t.db.update(orders).set({ status }).where(eq(orders.id, orderId));

/** The order's lines still holding their piece. */
async function piecesOf(orderId: string): Promise<string[]> {
  const lines = await t.db
    .select({ productId: orderItems.productId })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.isReleased, false)));
  return lines.map((line) => line.productId);
}

describe("a payment form defers a hold once", () => {
  it("forms asked every 14 minutes end at the first form's end: the next viewer gets the piece, and the hold counts", async () => {
    const live = await activeLive();
    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const payer = await signedInCustomer();
    const next = await signedInCustomer();
    await comment(
      live,
      [payer.handle, `je prends le ${robe.ref}`],
      [next.handle, `je prends le ${robe.ref}`],
    );
    const claims = await claimsWhen(live, (all) => all.length === 2);
    const held = claimOf(claims, payer.handle, robe);
    const claimId = held?.id ?? "";
    const orderId = held?.orderId ?? "";
    await setStatus(orderId, "to-pay");

    // The hold comes to its end while the first form runs: it waits for that form's end.
    await payer.askForm(orderId);
    await endHoldNow(claimId);
    expect(await expire(claimId)).toBe("deferred");
    // Every 14 minutes a new form, each still running when the one before it ends.
    for (let form = 2; form <= 3; form += 1) {
      await minutesPass(orderId, claimId, 14);
      await payer.askForm(orderId);
      await minutesPass(orderId, claimId, 1);
      const outcome = await expire(claimId);
      if (outcome === "released") break;
      expect(outcome, `the hold moved again for form ${form}`).toBe("released");
    }

    const after = await claimsWhen(live, (all) => claimOf(all, next.handle, robe)?.state === "in-order");
    expect(claimOf(after, payer.handle, robe)).toMatchObject({
      state: "released",
      releaseReason: "hold-expired",
    });
    expect(await piecesOf(orderId)).toEqual([]);
    expect(await unpaidHolds(payer.id)).toBe(1);

    // The next viewer's hold is a new one: their own first form defers it.
    const handedOver = claimOf(after, next.handle, robe);
    await setStatus(handedOver?.orderId ?? "", "to-pay");
    await next.askForm(handedOver?.orderId ?? "");
    await endHoldNow(handedOver?.id ?? "");
    expect(await expire(handedOver?.id ?? "")).toBe("deferred");
  });
});
