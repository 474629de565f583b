import { parcelMessages, paymentReviewMessages, refundMessages, type LiveClaimView } from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { connectDatabase, type DatabaseHandle } from "../src/db/client";
import { orderRefunds, orders } from "../src/db/schema";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import { deliveryAddress, insertLive, insertOrder, insertProduct, orderRowOf } from "./support/factories";
import { fakeLyra, lyraBooks, lyraEnv, postLyraIpn, type FakeLyra } from "./support/fake-lyra";
import { postComments } from "./support/live-kit";
import { testPort } from "./support/ports";
import { startServerProcess, type ServerProcess } from "./support/server-process";
import { createTestApp, type TestApp } from "./support/test-app";

/*
 * Money that moves once: every refund is written before Lyra is asked and settled after, so what
 * Lyra gave back always equals what the app recorded, whatever answers late, twice or never.
 * Lyra here is a fake over real HTTP that keeps books (payments and their refunds) and answers
 * Order/Get from them, as the check job reads it.
 */
const TIMEOUT_MS = 400;

let lyra: FakeLyra;
let books: ReturnType<typeof lyraBooks>;
let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  lyra = fakeLyra();
  t = await createTestApp({
    env: { ...lyraEnv(await lyra.listen()), LYRA_TIMEOUT_MS: String(TIMEOUT_MS), PARCEL_COMBINE_DAYS: "7" },
  });
  kit = apiKitOf(t);
});
afterAll(async () => {
  await t.close();
  await lyra.close();
});
beforeEach(() => {
  lyra.calls.length = 0;
  books = lyraBooks();
  lyra.answer((call) => books.reply(call));
});

const portOf = (fake: FakeLyra) => (fake.server.address() as AddressInfo).port;

const newTransactionId = () => randomUUID().replace(/-/g, "");

/** A 20 € piece + 6 € shipping, to the usual address, paid through a Lyra IPN: the order and its payment. */
async function paidOrder(liveId?: string) {
  const { userId } = await kit.actor("customer");
  const product = await insertProduct(t.db, { priceCents: 2000, ...(liveId ? { liveId } : {}) });
  const order = await insertOrder(t.db, {
    userId,
    status: "to-pay",
    shippingAddress: deliveryAddress,
    products: [product],
  });
  return { ...order, transactionId: await pay(order.id) };
}

/** Pays the order's total through a Lyra IPN, as Lyra posts it: the payment's transaction id. */
async function pay(orderId: string): Promise<string> {
  const transactionId = newTransactionId();
  const { totalAmountCents } = await orderRowOf(t.db, orderId);
  books.pay(orderId, transactionId, totalAmountCents);
  const ipn = await postLyraIpn(t.app, {
    orderId,
    amountCents: totalAmountCents,
    transactionId,
  });
  expect(ipn.json()).toEqual({ outcome: "paid" });
  return transactionId;
}

/** "Annuler et rembourser", on this instance or on another one signed in with the same session. */
async function cancelAndRefund(orderId: string, other?: FastifyInstance) {
  const request = { method: "POST" as const, url: `/api/admin/orders/${orderId}/cancel-and-refund` };
  if (!other) return kit.injectAs("admin", request);
  return other.inject({
    ...request,
    headers: { cookie: await kit.cookieOf("admin"), origin: t.config.appUrl },
  });
}
const setStatus = (orderId: string, status: string) =>
  kit.injectAs("admin", { method: "PUT", url: `/api/admin/orders/${orderId}/status`, payload: { status } });
const combine = (orderIds: string[]) =>
  kit.injectAs("admin", { method: "POST", url: "/api/admin/parcels", payload: { orderIds } });
const split = (orderId: string) =>
  kit.injectAs("admin", { method: "POST", url: `/api/admin/parcels/split/${orderId}` });

const refundsOf = (orderId: string) =>
  t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(orderRefunds.createdAt);

/** What the app recorded as given back on these orders (done refunds), in cents. */
async function appRefunded(...orderIds: string[]): Promise<number> {
  const { rows } = await t.db.execute<{ cents: number }>(sql`
    SELECT coalesce(sum(amount_cents), 0)::int AS cents FROM order_refunds
    WHERE order_id = ANY(${sql.param(orderIds)}::uuid[]) AND state = 'done'`);
  return rows[0]?.cents ?? 0;
}

const refundCalls = () => lyra.calls.filter((call) => call.path.endsWith("/Transaction/CancelOrRefund"));

describe("a refund keyed by what it pays back", () => {
  it("combine, split, combine again: the paid member's fee leaves Lyra once", async () => {
    const lead = await paidOrder();
    const member = await paidOrder();
    expect((await combine([lead.id, member.id])).statusCode).toBe(200);
    expect((await split(member.id)).statusCode).toBe(200);
    const again = await combine([lead.id, member.id]);
    expect(again.statusCode, again.body).toBe(200);

    expect(books.refunded(member.transactionId)).toBe(600);
    expect(await appRefunded(member.id)).toBe(600);
    expect(refundCalls()).toHaveLength(1);
    expect((await orderRowOf(t.db, member.id)).parcelLeadId).toBe(lead.id);
  });

  it("cancelled, paid again, cancelled again: the second payment is refunded and the order follows", async () => {
    const order = await paidOrder();
    expect((await cancelAndRefund(order.id)).statusCode).toBe(200);
    expect((await setStatus(order.id, "to-pay")).statusCode).toBe(200);
    const second = await pay(order.id);
    expect((await orderRowOf(t.db, order.id)).status).toBe("paid");

    const response = await cancelAndRefund(order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect((await orderRowOf(t.db, order.id)).status).toBe("cancelled-by-admin");
    expect(books.refunded(order.transactionId)).toBe(2600);
    expect(books.refunded(second)).toBe(2600);
    expect(await appRefunded(order.id)).toBe(5200);
    expect((await refundsOf(order.id)).map((refund) => refund.transactionId)).toEqual([
      order.transactionId,
      second,
    ]);
  });
});

describe("an answer that does not come in time", () => {
  it("Lyra refunds but answers after the timeout: 'à vérifier', no second refund, then the job settles it and cancels", async () => {
    const order = await paidOrder();
    let answered = false;
    lyra.answer(async (call) => {
      const reply = books.reply(call);
      if (call.path.endsWith("/CancelOrRefund")) {
        await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 2));
        answered = true;
      }
      return reply;
    });
    const response = await cancelAndRefund(order.id);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ code: "PAYMENT_PROVIDER_FAILED", message: refundMessages.toCheck });
    expect(answered).toBe(false);
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ state: "to-check", amountCents: 2600 }),
    ]);
    expect((await orderRowOf(t.db, order.id)).status).toBe("paid");

    // Staff try again while it is checked: refused, and Lyra is not asked again.
    const retry = await cancelAndRefund(order.id);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(refundMessages.inFlight);
    expect(refundCalls()).toHaveLength(1);

    await eventually(async () => (await refundsOf(order.id))[0]?.state === "done", 10_000);
    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({
      state: "done",
      providerReference: books.credits[0]?.uuid,
      kind: "refund",
    });
    expect((await orderRowOf(t.db, order.id)).status).toBe("cancelled-by-admin");
    expect(books.refunded(order.transactionId)).toBe(await appRefunded(order.id));
    expect(refundCalls()).toHaveLength(1);
  });

  it("Lyra never got it: the job finds nothing refunded, the refund is refused and may be asked again", async () => {
    const order = await paidOrder();
    lyra.answer((call) => (call.path.endsWith("/CancelOrRefund") ? "no-answer" : books.reply(call)));
    expect((await cancelAndRefund(order.id)).statusCode).toBe(502);
    await eventually(async () => (await refundsOf(order.id))[0]?.state === "refused", 10_000);
    expect((await refundsOf(order.id))[0]?.error).toBe(refundMessages.notMade);
    expect((await orderRowOf(t.db, order.id)).status).toBe("paid");

    lyra.answer((call) => books.reply(call));
    const again = await cancelAndRefund(order.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(books.refunded(order.transactionId)).toBe(2600);
    expect(await appRefunded(order.id)).toBe(2600);
  });
});

describe("two instances refunding one order at once", () => {
  let second: FastifyInstance;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = connectDatabase(t.databaseUrl, 5);
    second = await buildApp({
      config: t.config,
      db: handle.db,
      mailer: { send: async () => {} },
      authSecret: t.authSecret,
      logger: false,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await handle.close();
  });

  it("a cancellation on each and a parcel's fee: Lyra's total equals the app's, and the order is cancelled", async () => {
    for (let round = 0; round < 5; round++) {
      const lead = await paidOrder();
      const member = await paidOrder();
      lyra.calls.length = 0;
      const answers = await Promise.all([
        cancelAndRefund(member.id),
        cancelAndRefund(member.id, second),
        combine([lead.id, member.id]),
      ]);
      for (const answer of answers) expect([200, 409, 502], answer.body).toContain(answer.statusCode);
      expect(books.refunded(member.transactionId)).toBe(await appRefunded(member.id));
      const row = await orderRowOf(t.db, member.id);
      const cancelled = answers.slice(0, 2).some((answer) => answer.statusCode === 200);
      expect(row.status).toBe(cancelled ? "cancelled-by-admin" : "paid");
      if (cancelled) expect(books.refunded(member.transactionId)).toBe(2600);
    }
  });
});

describe("a slow provider (2 s)", () => {
  // An app that waits longer than the provider takes, beside the one whose Lyra times out fast.
  let patient: TestApp;
  let outer: { t: TestApp; kit: ApiKit };
  beforeAll(async () => {
    patient = await createTestApp({
      env: { ...lyraEnv(`http://127.0.0.1:${portOf(lyra)}`), LYRA_TIMEOUT_MS: "5000" },
    });
    outer = { t, kit };
    t = patient;
    kit = apiKitOf(patient);
  });
  afterAll(async () => {
    t = outer.t;
    kit = outer.kit;
    await patient.close();
  });

  it("never holds the order's lock during the call, and a claim on the same live is decided meanwhile", async () => {
    const live = await insertLive(t.db, { isActive: true });
    const settings = await kit.injectAs("admin", {
      method: "PUT",
      url: `/api/admin/lives/${live.id}/claims/settings`,
      payload: { mode: "automatique", holdSeconds: 3600 },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const order = await paidOrder(live.id);
    const other = await insertProduct(t.db, { liveId: live.id, priceCents: 1500 });
    const customer = await kit.actor("customer");

    let providerAnswered = 0;
    let callReceived = 0;
    lyra.answer(async (call) => {
      const reply = books.reply(call);
      if (call.path.endsWith("/CancelOrRefund")) {
        callReceived = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        providerAnswered = Date.now();
      }
      return reply;
    });

    // Every 5 ms, another connection takes the order's row lock, giving up after waiting 20 ms.
    const probe = await t.db.$client.connect();
    let taken = 0;
    let timedOut = 0;
    let probing = true;
    const probing$ = (async () => {
      await probe.query("SET lock_timeout = '20ms'");
      while (probing) {
        try {
          await probe.query("BEGIN");
          await probe.query("SELECT 1 FROM orders WHERE id = $1 FOR UPDATE", [order.id]);
          taken++;
        } catch {
          timedOut++;
        } finally {
          await probe.query("ROLLBACK");
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();

    try {
      const cancelling = cancelAndRefund(order.id);
      await eventually(async () => callReceived > 0, 5_000);
      await postComments(t.app, live.ref, [[customer.tiktokUsername ?? "", `je prends le ${other.ref}`]]);
      let decidedAt = 0;
      await eventually(async () => {
        const response = await kit.injectAs("admin", {
          method: "GET",
          url: `/api/admin/lives/${live.id}/claims`,
        });
        const claim = (response.json().claims as LiveClaimView[]).find((one) => one.productId === other.id);
        if (claim?.state !== "in-order") return false;
        decidedAt = Date.now();
        return true;
      }, 5_000);
      const response = await cancelling;
      expect(response.statusCode, response.body).toBe(200);
      // The claim was given while the provider was still working on the refund.
      expect(decidedAt).toBeLessThan(providerAnswered);
    } finally {
      probing = false;
      await probing$;
      probe.release();
    }
    // Never held 20 ms at a time, as PostgreSQL itself measures it (lock_timeout).
    expect(timedOut).toBe(0);
    expect(taken).toBeGreaterThan(50);
    expect((await orderRowOf(t.db, order.id)).status).toBe("cancelled-by-admin");
  });
});

describe("a combine whose refund Lyra refuses", () => {
  it("keeps the refused row, combines nothing, and the order's fee is still owed", async () => {
    const lead = await paidOrder();
    const member = await paidOrder();
    lyra.answer((call) =>
      call.path.endsWith("/CancelOrRefund")
        ? {
            status: 200,
            body: { status: "ERROR", answer: { errorCode: "PSP_099", errorMessage: "refused" } },
          }
        : books.reply(call),
    );
    const response = await combine([lead.id, member.id]);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(
      parcelMessages.refundRefused(member.orderNumber, refundMessages.refused),
    );
    expect((await t.db.select().from(orders).where(eq(orders.id, member.id)))[0]?.parcelLeadId).toBeNull();
    expect(await refundsOf(member.id)).toEqual([expect.objectContaining({ state: "refused" })]);
    expect(books.refunded(member.transactionId)).toBe(0);
  });
});

describe("a server killed (SIGKILL) once Lyra has refunded, before it writes the answer", () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "vitrine-refund-kill-"));
  });
  afterAll(async () => {
    server?.child.kill("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  });

  it("leaves the refund 'requested', which settles by itself: done once, the order cancelled", async () => {
    // Beside live-crash's and embedded-stop's servers, which may run at the same time.
    const port = testPort("TEST_SERVER_PORT", 48_000, 1_000, 3);
    server = await startServerProcess({
      port,
      env: {
        ...lyraEnv(`http://127.0.0.1:${portOf(lyra)}`),
        LYRA_TIMEOUT_MS: String(TIMEOUT_MS),
        DATABASE_URL: t.databaseUrl,
        AUTH_SECRET: t.authSecret,
        DATA_DIR: dataDir,
        SEED_DEMO: "false",
        LOG_LEVEL: "error",
      },
    });
    const killed = server;
    const order = await paidOrder();
    lyra.answer((call) => {
      const reply = books.reply(call);
      if (!call.path.endsWith("/CancelOrRefund")) return reply;
      // Lyra has made the refund; the server dies before it reads the answer.
      killed.child.kill("SIGKILL");
      return "no-answer";
    });
    const asked = fetch(`${killed.origin}/api/admin/orders/${order.id}/cancel-and-refund`, {
      method: "POST",
      headers: { cookie: await kit.cookieOf("admin"), origin: killed.origin },
    }).catch(() => null);
    expect(await killed.exited).not.toBe(0);
    expect(await asked).toBeNull();
    expect(books.refunded(order.transactionId)).toBe(2600);
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ state: "requested" })]);
    expect((await orderRowOf(t.db, order.id)).status).toBe("paid");

    // The job written with the refund runs on the instance left (t), once the call has surely ended.
    await eventually(async () => (await refundsOf(order.id))[0]?.state === "done", 15_000);
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ state: "done", providerReference: books.credits[0]?.uuid }),
    ]);
    expect((await orderRowOf(t.db, order.id)).status).toBe("cancelled-by-admin");
    expect(await appRefunded(order.id)).toBe(books.refunded(order.transactionId));
    expect(refundCalls()).toHaveLength(1);
  }, 90_000);
});

describe("a refund in flight whose check job was lost", () => {
  it("is checked again when an instance starts, and settled from what Lyra gave back", async () => {
    const order = await paidOrder();
    // Lyra made the refund; the app has its row, but no job (its worker died holding it).
    books.reply({
      path: "/api-payment/V4/Transaction/CancelOrRefund",
      authorization: undefined,
      body: { uuid: order.transactionId, amount: 2600 },
    });
    await t.db.insert(orderRefunds).values({
      orderId: order.id,
      reason: "order-cancelled",
      state: "to-check",
      amountCents: 2600,
      provider: "lyra",
      transactionId: order.transactionId,
      createdAt: sql`now() - interval '1 minute'`,
    });

    const handle = connectDatabase(t.databaseUrl, 3);
    const starting = await buildApp({
      config: t.config,
      db: handle.db,
      mailer: { send: async () => {} },
      authSecret: t.authSecret,
      logger: false,
    });
    try {
      await starting.ready();
      await eventually(async () => (await refundsOf(order.id))[0]?.state === "done", 10_000);
    } finally {
      await starting.close();
      await handle.close();
    }
    expect((await refundsOf(order.id))[0]?.providerReference).toBe(books.credits[0]?.uuid);
    expect((await orderRowOf(t.db, order.id)).status).toBe("cancelled-by-admin");
  });
});

describe("a payment to review refunded through Lyra", () => {
  /** A to-pay order of 26 € paid 20 € (a form issued before staff added a piece): its review. */
  async function reviewOfStalePayment() {
    const { userId } = await kit.actor("customer");
    const order = await insertOrder(t.db, {
      userId,
      status: "to-pay",
      products: [await insertProduct(t.db, { priceCents: 2000 })],
    });
    const transactionId = newTransactionId();
    books.pay(order.id, transactionId, 2000);
    const ipn = await postLyraIpn(t.app, {
      orderId: order.id,
      amountCents: 2000,
      transactionId,
    });
    expect(ipn.json()).toEqual({ outcome: "wrong-amount" });
    const [review] = (await reviewsOf(order.id)) as { id: string }[];
    if (!review) throw new Error("no review opened");
    return { reviewId: review.id, orderId: order.id, transactionId };
  }
  const reviewsOf = async (orderId: string) =>
    (
      await kit.injectAs("admin", { method: "GET", url: `/api/admin/payment-reviews?orderId=${orderId}` })
    ).json().reviews as {
      id: string;
      status: string;
      refundState: string | null;
      refundError: string | null;
    }[];
  const resolve = (reviewId: string, action: "refund" | "accept") =>
    kit.injectAs("admin", { method: "POST", url: `/api/admin/payment-reviews/${reviewId}/${action}` });
  const reviewRow = async (reviewId: string) =>
    (
      await t.db.execute<{ status: string; refund_state: string | null; refund_reference: string | null }>(
        sql`SELECT status, refund_state, refund_reference FROM payment_reviews WHERE id = ${reviewId}`,
      )
    ).rows[0];

  it("answered late: 'à vérifier', neither refunded again nor accepted meanwhile, then settled by the job", async () => {
    const { reviewId, orderId, transactionId } = await reviewOfStalePayment();
    lyra.answer(async (call) => {
      const reply = books.reply(call);
      if (call.path.endsWith("/CancelOrRefund"))
        await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 2));
      return reply;
    });
    const refund = await resolve(reviewId, "refund");
    expect(refund.statusCode).toBe(502);
    expect(refund.json().message).toBe(paymentReviewMessages.refundToCheck);
    expect((await reviewsOf(orderId))[0]).toMatchObject({ refundState: "to-check" });

    for (const action of ["refund", "accept"] as const) {
      const meanwhile = await resolve(reviewId, action);
      expect(meanwhile.statusCode).toBe(409);
      expect(meanwhile.json().message).toBe(paymentReviewMessages.refundInFlight);
    }
    expect(refundCalls()).toHaveLength(1);

    await eventually(async () => (await reviewRow(reviewId))?.status === "refunded", 10_000);
    expect(await reviewRow(reviewId)).toEqual({
      status: "refunded",
      refund_state: null,
      refund_reference: books.credits[0]?.uuid,
    });
    expect(books.refunded(transactionId)).toBe(2000);
    expect((await orderRowOf(t.db, orderId)).status).toBe("to-pay");
  });
});
