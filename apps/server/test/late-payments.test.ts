import {
  LYRA_TEST_CARDS,
  latePaymentMessages,
  paymentReviewMessages,
  type LiveClaimsSnapshot,
  type LiveClaimView,
  type PaymentReview,
} from "@vitrine/domain";
import { and, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, orderItems, orders, paymentReviews, simulatedPayments, users } from "../src/db/schema";
import { simulatorKeys } from "../src/integrations/payments/simulator-provider";
import { claimRules } from "../src/modules/live-claims";
import { signInByLink } from "./support/actors";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import {
  insertCustomer,
  insertLive,
  insertOrder,
  insertProduct,
  orderRowOf,
  type LiveRow,
  type ProductRow,
} from "./support/factories";
import { postComments } from "./support/live-kit";
import { postPaymentIpn, signedPaymentIpn } from "./support/payment-kit";
import { createTestApp, type TestApp } from "./support/test-app";

const REVIEWS_URL = "/api/admin/payment-reviews";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

const claimsUrl = (liveId: string) => `/api/admin/lives/${liveId}/claims`;
const rules = () => claimRules(t.config);

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
    /** The simulator's card form, paid: it notifies the app as the provider would. */
    async pay(formToken: string): Promise<void> {
      const paid = await inject({
        method: "POST",
        url: "/api/payment-simulator/pay",
        payload: { formToken, cardNumber: LYRA_TEST_CARDS.accepted, expiry: "12/39", securityCode: "123" },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().clientAnswer.orderStatus).toBe("PAID");
    },
  };
}

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

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

async function reviewsOf(orderId: string): Promise<PaymentReview[]> {
  const response = await kit.injectAs("admin", { method: "GET", url: `${REVIEWS_URL}?orderId=${orderId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ reviews: PaymentReview[] }>().reviews;
}

const act = (reviewId: string, action: "refund" | "accept" | "give-back") =>
  kit.injectAs("admin", { method: "POST", url: `${REVIEWS_URL}/${reviewId}/${action}` });

/**
 * A payer and the next viewer claim one piece; the payer's order waits for payment and its form is
 * issued; the form's time runs out before the card is paid, the hold ends and the piece goes to
 * the next viewer. Resolves before the payment arrives.
 */
async function holdEndsWhilePaying() {
  const live = await activeLive();
  const robe = await insertProduct(t.db, { liveId: live.id, colorId: null, priceCents: 2500 });
  const payer = await signedInCustomer();
  const next = await signedInCustomer();
  await comment(live, [payer.handle, `je prends le ${robe.ref}`], [next.handle, `je prends le ${robe.ref}`]);
  const claims = await claimsWhen(live, (all) => all.length === 2);
  const held = claimOf(claims, payer.handle, robe);
  const orderId = held?.orderId ?? "";
  await setStatus(orderId, "to-pay");
  await payer.askForm(orderId);
  await minutesPass(orderId, held?.id ?? "", 16);
  await endHoldNow(held?.id ?? "");
  expect(await expire(held?.id ?? "")).toBe("released");
  const handedOver = await claimsWhen(live, (all) => claimOf(all, next.handle, robe)?.state === "in-order");
  return {
    live,
    robe,
    payer,
    next,
    orderId,
    payerClaimId: held?.id ?? "",
    nextOrderId: claimOf(handedOver, next.handle, robe)?.orderId ?? "",
  };
}

/** A notification as the provider signs it: a card charged this amount for the order. */
async function notify(orderId: string, amountCents: number, transactionId: string) {
  const fields = signedPaymentIpn({
    shopId: "simulator",
    password: simulatorKeys(t.authSecret).password,
    orderId,
    amountCents,
    transactionId,
  });
  return (await postPaymentIpn(t.app, fields)).json<{ outcome: string }>().outcome;
}

/**
 * The payer's card, charged on the form opened before the hold ended (the bank's checks took
 * their time), is notified now: the simulator's book holds the charge, as the provider's would.
 * Resolves to the one review of the order, once the payer's strike was taken back.
 */
async function latePaymentArrives(payer: Customer, orderId: string) {
  const transactionId = randomUUID().replace(/-/g, "");
  await t.db.insert(simulatedPayments).values({
    transactionId,
    orderRef: orderId,
    amountCents: 3100,
    currency: "EUR",
    status: "PAID",
    detailedStatus: "AUTHORISED",
    maskedPan: "497010XXXXXX0055",
  });
  // The hold's end emptied the order, which the engine cancelled: the payment moves nothing.
  expect(await notify(orderId, 3100, transactionId)).toBe("not-payable");
  await eventually(async () => (await unpaidHolds(payer.id)) === 0, 10_000);
  const [review, ...others] = await reviewsOf(orderId);
  expect(others).toEqual([]);
  if (!review) throw new Error("no payment to review");
  return review;
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

describe("a payment that arrives after its hold ended", () => {
  it("counts no strike, is shown to staff as a late payment on a piece given away, and accepting it keeps none", async () => {
    const { robe, payer, next, orderId } = await holdEndsWhilePaying();
    // Counted when the hold ended: nobody knew yet that a payment was on its way.
    expect(await unpaidHolds(payer.id)).toBe(1);

    const review = await latePaymentArrives(payer, orderId);
    expect(review).toMatchObject({
      status: "open",
      amountCents: 3100,
      // Its order, emptied by the hold's end, was cancelled: nothing to pay there any more.
      reason: "not-payable",
      latePayment: {
        pieces: [
          { productId: robe.id, ref: robe.ref, name: robe.name, heldBy: next.handle, heldByPaid: false },
        ],
        giveBackRefusal: null,
      },
    });
    expect(latePaymentMessages.label).toBe("Paiement arrivé après la fin de la réservation");
    // The shop's mail says so too.
    const { orderNumber } = await orderRowOf(t.db, orderId);
    const mail = t.mails.find(
      (sent) =>
        sent.subject.startsWith(paymentReviewMessages.mailSubject) && sent.subject.includes(orderNumber),
    );
    expect(mail?.text).toContain(latePaymentMessages.label);

    const accepted = await act(review.id, "accept");
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<{ review: PaymentReview }>().review.status).toBe("accepted");
    // Accepting pays no order without pieces: the emptied order stays cancelled.
    expect(await orderRowOf(t.db, orderId)).toMatchObject({ status: "cancelled-empty", paymentDate: null });
    // Neither the acceptance nor a second run of the job brings the strike back.
    await t.db.$client.query("SELECT late_payment_take_back_strikes($1)", [review.id]);
    expect(await unpaidHolds(payer.id)).toBe(0);
    expect(await unpaidHolds(next.id)).toBe(0);
  });

  it("'Rendre la pièce' gives the piece back to its payer, whose order is paid, and puts the next viewer back first in line", async () => {
    const { live, robe, payer, next, orderId, payerClaimId, nextOrderId } = await holdEndsWhilePaying();
    const review = await latePaymentArrives(payer, orderId);

    const given = await act(review.id, "give-back");
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<{ review: PaymentReview }>().review).toMatchObject({ status: "accepted" });
    // The order the hold's end emptied and cancelled is reopened with its piece, then paid.
    expect(await orderRowOf(t.db, orderId)).toMatchObject({ status: "paid", totalAmountCents: 3100 });
    expect(await piecesOf(orderId)).toEqual([robe.id]);
    expect(await piecesOf(nextOrderId)).toEqual([]);
    const claims = await claimsWhen(live, (all) => claimOf(all, next.handle, robe)?.state === "waitlisted");
    expect(claims.find((claim) => claim.id === payerClaimId)).toMatchObject({ state: "paid", orderId });
    expect(claimOf(claims, next.handle, robe)).toMatchObject({ waitlistPosition: 1, orderId: null });
    expect(await unpaidHolds(payer.id)).toBe(0);
    expect(await unpaidHolds(next.id)).toBe(0);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "late-payment-given-back"));
    expect(audit).toEqual([
      expect.objectContaining({
        subjectUserId: payer.id,
        details: expect.objectContaining({ reviewId: review.id, piecesGivenBack: [robe.ref] }),
      }),
    ]);

    // Once is all: the review is settled.
    const again = await act(review.id, "give-back");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(paymentReviewMessages.alreadyResolved);
  });

  it("a piece its new holder pays or paid stays theirs: 'Rendre la pièce' is refused in French, changes nothing, and the refund remains", async () => {
    const { robe, payer, next, orderId, nextOrderId } = await holdEndsWhilePaying();
    const review = await latePaymentArrives(payer, orderId);
    // The new holder's payment form is running: a payment in progress wins.
    await setStatus(nextOrderId, "to-pay");
    await next.askForm(nextOrderId);
    const beingPaid = await act(review.id, "give-back");
    expect(beingPaid.statusCode).toBe(409);
    expect(beingPaid.json().message).toBe(latePaymentMessages.giveBackRefused("piece-being-paid", robe.ref));
    await setStatus(nextOrderId, "paid");

    const refusal = latePaymentMessages.giveBackRefused("piece-paid", robe.ref);
    const [listed] = await reviewsOf(orderId);
    expect(listed?.latePayment).toMatchObject({
      pieces: [{ heldBy: next.handle, heldByPaid: true }],
      giveBackRefusal: refusal,
    });
    const refused = await act(review.id, "give-back");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: "CONFLICT", message: refusal });
    const [row] = await t.db.select().from(paymentReviews).where(eq(paymentReviews.id, review.id));
    expect(row?.status).toBe("open");
    expect(await piecesOf(nextOrderId)).toEqual([robe.id]);
    expect(await piecesOf(orderId)).toEqual([]);
    expect((await orderRowOf(t.db, orderId)).status).toBe("cancelled-empty");

    const refunded = await act(review.id, "refund");
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<{ review: PaymentReview }>().review.status).toBe("refunded");
    expect(await unpaidHolds(payer.id)).toBe(0);
  });

  it("a review that is no late payment cannot give a piece back", async () => {
    const payer = await insertCustomer(t.db);
    const product = await insertProduct(t.db, { priceCents: 4000 });
    const { id: orderId } = await insertOrder(t.db, {
      userId: payer.id,
      status: "to-pay",
      products: [product],
    });
    expect(await notify(orderId, 1234, randomUUID())).toBe("wrong-amount");
    const [review] = await reviewsOf(orderId);
    expect(review?.latePayment).toBeNull();
    const refused = await act(review?.id ?? "", "give-back");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(latePaymentMessages.giveBackRefused("not-late", null));
  });

  it("a hold that ends while its order's payment already waits for staff counts nothing", async () => {
    const live = await activeLive();
    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const payer = await signedInCustomer();
    await comment(live, [payer.handle, `je prends le ${robe.ref}`]);
    const held = claimOf(await claimsWhen(live, (all) => all.length === 1), payer.handle, robe);
    const orderId = held?.orderId ?? "";
    await setStatus(orderId, "to-pay");
    const formToken = await payer.askForm(orderId);
    // The payer reopens the order in another tab while the card form pays it: money, no order moved.
    await setStatus(orderId, "to-validate");
    await payer.pay(formToken);
    expect(await reviewsOf(orderId)).toEqual([expect.objectContaining({ reason: "not-payable" })]);

    await minutesPass(orderId, held?.id ?? "", 16);
    await endHoldNow(held?.id ?? "");
    expect(await expire(held?.id ?? "")).toBe("released");
    expect(await unpaidHolds(payer.id)).toBe(0);
    const [review] = await reviewsOf(orderId);
    expect(review?.latePayment).toMatchObject({
      pieces: [{ productId: robe.id, heldBy: null }],
      giveBackRefusal: null,
    });

    // Nobody took the piece since: it goes back, and the order is paid.
    const given = await act(review?.id ?? "", "give-back");
    expect(given.statusCode, given.body).toBe(200);
    expect((await orderRowOf(t.db, orderId)).status).toBe("paid");
    expect(await piecesOf(orderId)).toEqual([robe.id]);
    expect(await unpaidHolds(payer.id)).toBe(0);
  });
});
