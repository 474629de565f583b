import { NOTICE_BATCH_SECONDS, noticeMailMessages } from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutgoingMail } from "../src/integrations/mail/mailer";
import { createNoticeJobs } from "../src/modules/customer-notices/notices-job";
import { createPushSender } from "../src/modules/customer-notices/push";
import { setOrderStatus } from "../src/modules/orders";
import { customerNotices, liveClaims, orders, users } from "../src/db/schema";
import { apiKitOf, type Actor, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import { insertLive, insertProduct, orderRowOf, type LiveRow, type ProductRow } from "./support/factories";
import { postComments } from "./support/live-kit";
import { payThroughSimulator } from "./support/payment-kit";
import { createTestApp, type TestApp } from "./support/test-app";

/** The reminder goes 18 s before a hold ends: a live with a 30 s hold is reminded 12 s after its give. */
const REMINDER_SECONDS = 18;

let t: TestApp;
let kit: ApiKit;
let customer: Actor;
let other: Actor;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      CLAIM_REMINDER_HOURS: String(REMINDER_SECONDS / 3600),
      // Holds expire here on purpose, again and again for the same customers: the non-payers'
      // rule would hold their later claims for staff (non-payers.test.ts is about it).
      UNPAID_HOLDS_LIMIT: "0",
      PAYMENT_RATE_LIMITS: "formTokenPerCustomer=1000/600,statusCheckPerCustomer=1000/600",
    },
  });
  kit = apiKitOf(t);
  customer = await kit.actor("customer");
  other = await kit.actor("otherCustomer");
});
afterAll(async () => t.close());

async function activeLive(holdSeconds: number): Promise<LiveRow> {
  const live = await insertLive(t.db, { isActive: true });
  const response = await kit.injectAs("admin", {
    method: "PUT",
    url: `/api/admin/lives/${live.id}/claims/settings`,
    payload: { mode: "automatique", holdSeconds },
  });
  expect(response.statusCode, response.body).toBe(200);
  return live;
}

const productsOf = async (live: LiveRow, count: number): Promise<ProductRow[]> => {
  const made: ProductRow[] = [];
  for (let i = 0; i < count; i++) made.push(await insertProduct(t.db, { liveId: live.id, colorId: null }));
  return made;
};

/** Comments through the real ingestion route, in this order (one batch). */
const comment = (live: LiveRow, ...said: [handle: string, text: string][]) =>
  postComments(t.app, live.ref, said);

const handleOf = (actor: Actor) => actor.tiktokUsername ?? "";
const mailsTo = (actor: { email: string }, subject: string, mails: OutgoingMail[] = t.mails) =>
  mails.filter((mail) => mail.to === actor.email && mail.subject === subject);

async function claimsOf(live: LiveRow) {
  return t.db.select().from(liveClaims).where(eq(liveClaims.liveId, live.id));
}

async function claimsWhen(
  live: LiveRow,
  ready: (claims: (typeof liveClaims.$inferSelect)[]) => boolean,
  ms = 10_000,
) {
  let claims: (typeof liveClaims.$inferSelect)[] = [];
  await eventually(async () => ready((claims = await claimsOf(live))), ms);
  return claims;
}

/** Waits until the queue holds no job of that key any more (run and done). */
async function jobDone(key: string) {
  await eventually(async () => {
    const { rows } = await t.db.$client.query<{ n: string }>(
      "SELECT count(*) AS n FROM graphile_worker.jobs WHERE key = $1",
      [key],
    );
    return rows[0]?.n === "0";
  }, 10_000);
}

async function unsentNotices(userId: string) {
  const { rows } = await t.db.$client.query<{ n: string }>(
    "SELECT count(*) AS n FROM customer_notices WHERE user_id = $1 AND sent_at IS NULL",
    [userId],
  );
  return Number(rows[0]?.n);
}

describe("'Réservé pour vous'", () => {
  it("a burst of 10 claims in the window makes one mail naming the 10 pieces, its hold's end and a link to the order", async () => {
    const live = await activeLive(3600);
    const pieces = await productsOf(live, 10);
    const handle = handleOf(customer);
    // Two batches, each its own transaction: without the window the first would be mailed alone.
    await comment(
      live,
      ...pieces.slice(0, 5).map((piece): [string, string] => [handle, `je prends le ${piece.ref}`]),
    );
    await claimsWhen(live, (claims) => claims.filter((claim) => claim.state === "in-order").length === 5);
    await comment(
      live,
      ...pieces.slice(5).map((piece): [string, string] => [handle, `je prends le ${piece.ref}`]),
    );
    const claims = await claimsWhen(
      live,
      (all) => all.filter((claim) => claim.state === "in-order").length === 10,
    );

    await eventually(
      () => mailsTo(customer, "Réservé pour vous").length > 0,
      (NOTICE_BATCH_SECONDS + 10) * 1000,
    );
    await eventually(async () => (await unsentNotices(customer.userId)) === 0);
    const [mail, ...more] = mailsTo(customer, "Réservé pour vous");
    expect(more).toEqual([]);
    for (const piece of pieces) expect(mail?.text).toContain(`n°${piece.ref} · ${piece.name} · `);
    expect(mail?.text).toMatch(/Réservé pour vous jusqu'au \p{L}+ \d{1,2} \p{L}+ à \d\d:\d\d\./u);
    const orderId = claims[0]?.orderId;
    expect(new Set(claims.map((claim) => claim.orderId)).size).toBe(1);
    expect(mail?.text).toContain(`Voir ma commande : http://localhost:3000/customer/order/${orderId}`);
    expect(mail?.html).toContain(`href="http://localhost:3000/customer/order/${orderId}"`);
    // The shop's template first: its body, then the facts.
    expect(mail?.text.indexOf("Bonne nouvelle")).toBeLessThan(mail?.text.indexOf("Vos articles") ?? 0);
  });

  it("is sent once however often its job runs, even by two instances at once", async () => {
    const live = await activeLive(3600);
    const [robe] = await productsOf(live, 1);
    await comment(live, [handleOf(other), `je prends le ${robe?.ref}`]);
    await claimsWhen(live, (claims) => claims[0]?.state === "in-order");
    // Two other instances, each with its own mailer, run the job at once, without waiting for the window.
    const instanceMails: OutgoingMail[][] = [[], []];
    const instances = instanceMails.map((mails) =>
      createNoticeJobs({
        db: t.db,
        mailer: { send: async (mail) => void mails.push(mail) },
        push: createPushSender({ db: t.db, config: t.config, log: () => () => {} }),
        config: t.config,
        batchSeconds: 0,
      }),
    );
    await Promise.all(instances.map((jobs) => jobs.sendNotices({ userId: other.userId })));
    await Promise.all(instances.map((jobs) => jobs.sendNotices({ userId: other.userId })));
    // And the app's own run, once the window is over.
    await jobDone(`customer-notices:${other.userId}`);
    const all = [...t.mails, ...instanceMails.flat()];
    expect(mailsTo(other, "Réservé pour vous", all)).toHaveLength(1);
    expect(await unsentNotices(other.userId)).toBe(0);
  });
});

describe("a piece given and taken back within the window", () => {
  it("is no news: neither 'Réservé pour vous' nor 'Réservation expirée'", async () => {
    const live = await activeLive(3600);
    const [robe, jupe] = await productsOf(live, 2);
    await comment(
      live,
      [handleOf(other), `je prends le ${robe?.ref}`],
      [handleOf(other), `je prends le ${jupe?.ref}`],
    );
    const claims = await claimsWhen(
      live,
      (all) => all.filter((claim) => claim.state === "in-order").length === 2,
    );
    const robeClaim = claims.find((claim) => claim.productId === robe?.id);
    const released = await kit.injectAs("admin", {
      method: "POST",
      url: `/api/admin/lives/${live.id}/claims/${robeClaim?.id}/release`,
    });
    expect(released.statusCode).toBe(200);
    const orderId = robeClaim?.orderId ?? "";
    const ofOrder = (subject: string) =>
      mailsTo(other, subject).filter((mail) => mail.text.includes(orderId));
    await eventually(() => ofOrder("Réservé pour vous").length > 0, (NOTICE_BATCH_SECONDS + 10) * 1000);
    await eventually(async () => (await unsentNotices(other.userId)) === 0);
    const [reserved] = ofOrder("Réservé pour vous");
    expect(reserved?.text).toContain(`n°${jupe?.ref} · `);
    expect(reserved?.text).not.toContain(`n°${robe?.ref} · `);
    expect(ofOrder("Réservation expirée")).toEqual([]);
  });
});

describe("the reminder before a hold ends", () => {
  it("goes once, CLAIM_REMINDER_HOURS before the order's first hold ends, naming the pieces still held", async () => {
    const live = await activeLive(30);
    const [robe] = await productsOf(live, 1);
    await comment(live, [handleOf(customer), `je prends le ${robe?.ref}`]);
    const [claim] = await claimsWhen(live, (claims) => claims[0]?.state === "in-order");
    const heldUntil = claim?.heldUntil?.getTime() ?? 0;
    const orderId = claim?.orderId ?? "";
    const subject = "Votre réservation se termine bientôt";
    const remindedOf = () => mailsTo(customer, subject).filter((mail) => mail.text.includes(orderId));
    await eventually(() => remindedOf().length > 0, 25_000);
    const sentAt = Date.now();
    expect(sentAt).toBeGreaterThanOrEqual(heldUntil - REMINDER_SECONDS * 1000 - 500);
    expect(sentAt).toBeLessThan(heldUntil);
    expect(remindedOf()[0]?.text).toContain(`n°${robe?.ref} · ${robe?.name}`);
    // The mail leaves inside the job's transaction: the mark is there once it commits.
    await eventually(async () => (await orderRowOf(t.db, orderId)).claimReminderSentAt !== null, 5_000);
    // Run again: nothing more.
    await t.db.execute(
      sql`SELECT graphile_worker.add_job('claim_reminder', json_build_object('orderId', ${orderId}::uuid),
                 job_key := 'claim-reminder:' || ${orderId})`,
    );
    await jobDone(`claim-reminder:${orderId}`);
    expect(remindedOf()).toHaveLength(1);
  });

  /** A held piece of `actor` in a live whose hold is long, and its order. */
  async function heldOrder(actor: Actor) {
    const live = await activeLive(3600);
    const [robe] = await productsOf(live, 1);
    await comment(live, [handleOf(actor), `je prends le ${robe?.ref}`]);
    const [claim] = await claimsWhen(live, (claims) => claims[0]?.state === "in-order");
    return claim?.orderId ?? "";
  }

  /** The order's reminder job, run now as if its time had come. */
  async function remindNow(orderId: string) {
    await t.db.execute(
      sql`SELECT graphile_worker.add_job('claim_reminder', json_build_object('orderId', ${orderId}::uuid),
                 job_key := 'claim-reminder:' || ${orderId}, job_key_mode := 'replace')`,
    );
    await jobDone(`claim-reminder:${orderId}`);
  }

  const reminders = (orderId: string) =>
    t.mails.filter(
      (mail) => mail.subject === "Votre réservation se termine bientôt" && mail.text.includes(orderId),
    );

  it("is not sent once the order is paid", async () => {
    const orderId = await heldOrder(customer);
    await setOrderStatus(t.db, orderId, "to-pay");
    const paid = await payThroughSimulator(kit, "customer", orderId);
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    await eventually(async () => (await orderRowOf(t.db, orderId)).status === "paid");
    await remindNow(orderId);
    expect(reminders(orderId)).toEqual([]);
    expect((await orderRowOf(t.db, orderId)).claimReminderSentAt).toBeNull();
  });

  it("is not sent once the order is cancelled, and is sent for an order still to pay", async () => {
    const cancelled = await heldOrder(customer);
    await setOrderStatus(t.db, cancelled, "cancelled-by-customer");
    await remindNow(cancelled);
    expect(reminders(cancelled)).toEqual([]);

    const unpaid = await heldOrder(customer);
    await remindNow(unpaid);
    expect(reminders(unpaid)).toHaveLength(1);
  });
});

describe("a hold that expires", () => {
  it("tells the first customer 'Réservation expirée' and the next one on the waitlist \"C'est à vous !\"", async () => {
    const live = await activeLive(8);
    const [robe] = await productsOf(live, 1);
    await comment(
      live,
      [handleOf(customer), `je prends le ${robe?.ref}`],
      [handleOf(other), `le ${robe?.ref} svp`],
    );
    await claimsWhen(live, (all) => all.some((claim) => claim.state === "in-order"));
    // The next holder's own hold starts when she is given the piece: a long one, to be told of it.
    const longer = await kit.injectAs("admin", {
      method: "PUT",
      url: `/api/admin/lives/${live.id}/claims/settings`,
      payload: { mode: "automatique", holdSeconds: 3600 },
    });
    expect(longer.statusCode).toBe(200);
    const claims = await claimsWhen(
      live,
      (all) =>
        all.some((claim) => claim.releaseReason === "hold-expired") &&
        all.some((c) => c.state === "in-order"),
      20_000,
    );
    const next = claims.find((claim) => claim.state === "in-order");
    expect(next?.handedOverAt).not.toBeNull();
    await eventually(() => mailsTo(customer, "Réservation expirée").length > 0, 15_000);
    await eventually(() => mailsTo(other, "C'est à vous !").length > 0, 15_000);
    expect(mailsTo(customer, "Réservation expirée")[0]?.text).toContain(`n°${robe?.ref} · ${robe?.name}`);
    expect(mailsTo(customer, "Réservation expirée")[0]?.text).not.toContain("jusqu'au");
    // It was the order's only piece: the order is now empty, cancelled, and the mail says so.
    expect(mailsTo(customer, "Réservation expirée")[0]?.text).toContain(noticeMailMessages.orderEmptied);
    expect(mailsTo(customer, "Réservation expirée")[0]?.html).toContain("Votre commande est maintenant vide");
    const handedOver = mailsTo(other, "C'est à vous !")[0];
    expect(handedOver?.text).toContain(`n°${robe?.ref} · ${robe?.name}`);
    expect(handedOver?.text).toContain(`/customer/order/${next?.orderId}`);
    expect(mailsTo(customer, "C'est à vous !")).toEqual([]);
    expect(
      mailsTo(other, "Réservation expirée").filter((mail) => mail.text.includes(`n°${robe?.ref} `)),
    ).toEqual([]);
  });
});

describe("a viewer without an account", () => {
  it("is told nothing: no notice is written, no mail sent", async () => {
    const live = await activeLive(3600);
    const [robe] = await productsOf(live, 1);
    const handle = `viewer_${randomBytes(3).toString("hex")}`;
    const before = t.mails.length;
    await comment(live, [handle, `je prends le ${robe?.ref}`]);
    const [claim] = await claimsWhen(live, (claims) => claims[0]?.state === "in-order");
    const [viewer] = await t.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(orders, eq(orders.userId, users.id))
      .where(eq(orders.id, claim?.orderId ?? ""));
    expect(
      await t.db
        .select()
        .from(customerNotices)
        .where(eq(customerNotices.userId, viewer?.id ?? "")),
    ).toEqual([]);
    expect(t.mails.slice(before).filter((mail) => mail.to.startsWith(handle))).toEqual([]);
  });
});

describe("which claim changes write a notice", () => {
  const noticesOf = async (userId: string, liveId: string) =>
    (
      await t.db.$client.query<{ kind: string }>(
        "SELECT kind FROM customer_notices WHERE user_id = $1 AND live_id = $2 ORDER BY created_at, kind",
        [userId, liveId],
      )
    ).rows.map((row) => row.kind);

  const act = (live: LiveRow, claimId: string | undefined, action: string) =>
    kit.injectAs("admin", { method: "POST", url: `/api/admin/lives/${live.id}/claims/${claimId}/${action}` });

  it("a give, a staff release and a hand-over do; a viewer's un-claim and a cancelled order do not", async () => {
    const live = await activeLive(3600);
    const [robe, jupe, sac] = await productsOf(live, 3);
    const [mine, theirs] = [handleOf(customer), handleOf(other)];
    await comment(live, [mine, `je prends le ${robe?.ref}`], [theirs, `je prends le ${robe?.ref}`]);
    await comment(live, [mine, `je prends le ${jupe?.ref}`], [mine, `je prends le ${sac?.ref}`]);
    let claims = await claimsWhen(
      live,
      (all) => all.filter((claim) => claim.state === "in-order").length === 3,
    );
    expect(await noticesOf(customer.userId, live.id)).toEqual([
      "claim-reserved",
      "claim-reserved",
      "claim-reserved",
    ]);
    expect(await noticesOf(other.userId, live.id)).toEqual([]);

    // Staff take the robe back: it expires for one, and is handed over to the next.
    const robeClaim = claims.find((claim) => claim.productId === robe?.id && claim.state === "in-order");
    expect((await act(live, robeClaim?.id, "release")).statusCode).toBe(200);
    expect(await noticesOf(customer.userId, live.id)).toContain("claim-expired");
    expect(await noticesOf(other.userId, live.id)).toEqual(["claim-handed-over"]);

    // Her own un-claim of the skirt, and the cancellation of her order: nothing to tell her.
    const before = await noticesOf(customer.userId, live.id);
    await comment(live, [mine, `annule le ${jupe?.ref}`]);
    claims = await claimsWhen(live, (all) => all.some((claim) => claim.releaseReason === "un-claimed"));
    const sacClaim = claims.find((claim) => claim.productId === sac?.id);
    await setOrderStatus(t.db, sacClaim?.orderId ?? "", "cancelled-by-customer");
    await claimsWhen(live, (all) => all.some((claim) => claim.releaseReason === "order-cancelled"));
    expect(await noticesOf(customer.userId, live.id)).toEqual(before);
  });

  it('in manual mode, a piece handed over is "C\'est à vous !" when staff give it, however late', async () => {
    const live = await insertLive(t.db, { isActive: true });
    const settings = await kit.injectAs("admin", {
      method: "PUT",
      url: `/api/admin/lives/${live.id}/claims/settings`,
      payload: { mode: "manuel", holdSeconds: 3600 },
    });
    expect(settings.statusCode).toBe(200);
    const [robe] = await productsOf(live, 1);
    await comment(
      live,
      [handleOf(other), `je prends le ${robe?.ref}`],
      [handleOf(customer), `le ${robe?.ref}`],
    );
    let claims = await claimsWhen(live, (all) => all.length === 2);
    const first = claims.find((claim) => claim.state === "pending");
    expect((await act(live, first?.id, "give")).statusCode).toBe(200);
    expect(await noticesOf(other.userId, live.id)).toEqual(["claim-reserved"]);
    expect((await act(live, first?.id, "release")).statusCode).toBe(200);
    claims = await claimsOf(live);
    const next = claims.find((claim) => claim.state === "pending");
    expect(next?.handedOverAt).not.toBeNull();
    expect(await noticesOf(customer.userId, live.id)).toEqual([]);
    expect((await act(live, next?.id, "give")).statusCode).toBe(200);
    expect(await noticesOf(customer.userId, live.id)).toEqual(["claim-handed-over"]);
  });

  it("never calls the notice function for a waitlisted claim, inserted or released", async () => {
    const live = await activeLive(3600);
    const [robe] = await productsOf(live, 1);
    await comment(live, [handleOf(other), `je prends le ${robe?.ref}`]);
    const [held] = await claimsWhen(live, (all) => all[0]?.state === "in-order");
    const client = await t.db.$client.connect();
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL track_functions = 'pl'");
      const calls = async () =>
        Number(
          (
            await client.query<{ calls: string | null }>(
              "SELECT pg_stat_get_xact_function_calls('live_claims_customer_notice'::regproc) AS calls",
            )
          ).rows[0]?.calls ?? 0,
        );
      // Counted from here: since PostgreSQL 15 these counts are the backend's pending ones, which
      // may still hold calls of an earlier transaction on this pooled connection.
      const before = await calls();
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO live_claims (live_id, event_id, seq, handle, product_id, state, queue_rank)
         SELECT live_id, event_id, seq + 1, 'waiting_' || substr(md5(random()::text), 1, 8), product_id, 'waitlisted', seq + 1
           FROM live_claims WHERE id = $1 RETURNING id`,
        [held?.id],
      );
      await client.query(
        "UPDATE live_claims SET state = 'released', release_reason = 'un-claimed' WHERE id = $1",
        [rows[0]?.id],
      );
      expect(await calls()).toBe(before);
      // The check itself can fail: a change that does tell calls it.
      await client.query(
        "UPDATE live_claims SET state = 'released', release_reason = 'staff' WHERE id = $1",
        [held?.id],
      );
      expect(await calls()).toBe(before + 1);
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });
});
