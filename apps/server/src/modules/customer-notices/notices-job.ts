import {
  EMPTIED_ORDER_STATUS,
  customerNoticeLabels,
  isRealEmail,
  ITEMS_EDITABLE_STATUSES,
  laPosteTrackingUrl,
  MAILED_ORDER_STATUSES,
  noticeMailMessages,
  NOTICE_BATCH_SECONDS,
  noticePushBody,
  type CustomerNoticeKind,
  type MailedOrderStatus,
  type NoticePiece,
  type OrderStatus,
} from "@vitrine/domain";
import { sql, type SQL } from "drizzle-orm";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/client";
import type { Mailer } from "../../integrations/mail/mailer";
import { noticeMail, orderStatusMail } from "../../integrations/mail/template-mails";
import { markClaimReminderSent } from "../orders";
import type { PushSender } from "./push";

export const NOTICES_TASK = "customer_notices";
export const REMINDER_TASK = "claim_reminder";
/** A mail that fails is tried again with the queue's growing delays, for about an hour and a half. */
const MAIL_JOB_ATTEMPTS = 8;
/** A push about a piece no longer held is still worth a day; one about a hold, until its end. */
const EXPIRED_PUSH_TTL_SECONDS = 24 * 60 * 60;

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Transaction;

interface Customer {
  email: string | null;
  authId: string | null;
}

interface ClaimFact extends NoticePiece {
  claimId: string;
  state: string;
  heldUntil: Date | null;
}

/** A mail and a push ready to go: one per kind and order. */
interface Notice {
  kind: CustomerNoticeKind;
  orderId: string;
  pieces: NoticePiece[];
  heldUntil: Date | null;
  /** The pieces' end left the order empty and the engine cancelled it. */
  orderEmptied?: boolean;
}

/** A notice of an order's own move (paid, shipped), not of a claim. */
const isOrderStatusNotice = (kind: string): kind is MailedOrderStatus =>
  (MAILED_ORDER_STATUSES as readonly string[]).includes(kind);

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

function payloadField(payload: unknown, field: string): string | undefined {
  if (typeof payload !== "object" || payload === null || !(field in payload)) return undefined;
  const value: unknown = (payload as Record<string, unknown>)[field];
  return typeof value === "string" ? value : undefined;
}

async function rowsOf<Row extends Record<string, unknown>>(db: Executor, query: SQL) {
  return (await db.execute<Row>(query)).rows;
}

export interface NoticeJobsDeps {
  db: Database;
  mailer: Mailer;
  push: PushSender;
  config: Pick<AppConfig, "appUrl" | "claimReminderSeconds">;
  /** The batch window (NOTICE_BATCH_SECONDS); tests that are not about batching shorten it. */
  batchSeconds?: number;
}

/**
 * The two tasks that tell customers of their claims: `customer_notices` (the notices the claims'
 * triggers wrote, batched per customer, one mail and one push per kind and order) and
 * `claim_reminder` (one per order, before its first hold ends).
 */
export function createNoticeJobs({
  db,
  mailer,
  push,
  config,
  batchSeconds = NOTICE_BATCH_SECONDS,
}: NoticeJobsDeps) {
  const orderUrl = (orderId: string) => `${config.appUrl}/customer/order/${orderId}`;

  async function customerOf(tx: Executor, userId: string): Promise<Customer | undefined> {
    const [row] = await rowsOf<{ email: string | null; auth_id: string | null }>(
      tx,
      sql`SELECT email, auth_id FROM users WHERE id = ${userId}`,
    );
    return row && { email: row.email, authId: row.auth_id };
  }

  /**
   * Told of their claims: an account and a mailbox of their own. A handle not proven yet is told
   * too: its orders from comments are theirs to pay (mayChangeCommentOrders keeps only changes).
   */
  function isTold(customer: Customer | undefined): customer is Customer & { email: string } {
    return customer !== undefined && customer.authId !== null && isRealEmail(customer.email);
  }

  /** The order as it stands when told: an expiry's mail says whether nothing is left in it. */
  async function orderStatusOf(tx: Executor, orderId: string): Promise<OrderStatus | undefined> {
    const [row] = await rowsOf<{ status: OrderStatus }>(
      tx,
      sql`SELECT status FROM orders WHERE id = ${orderId}`,
    );
    return row?.status;
  }

  async function claimFacts(tx: Executor, where: SQL): Promise<ClaimFact[]> {
    const rows = await rowsOf<{
      id: string;
      state: string;
      held_until: Date | string | null;
      ref: number;
      name: string;
      price_cents: number;
      size: string | null;
      color: string | null;
      size_read: string | null;
      color_read: string | null;
    }>(
      tx,
      sql`SELECT c.id, c.state, c.held_until, p.ref, p.name, p.price_cents, p.size, pc.name AS color,
                 c.size_read, c.color_read
            FROM live_claims c JOIN products p ON p.id = c.product_id
            LEFT JOIN product_colors pc ON pc.id = p.color_id
           WHERE ${where} ORDER BY p.ref`,
    );
    return rows.map((row) => ({
      claimId: row.id,
      state: row.state,
      heldUntil: toDate(row.held_until),
      ref: row.ref,
      name: row.name,
      priceCents: row.price_cents,
      look: { size: row.size, color: row.color },
      request: { sizeRead: row.size_read, colorRead: row.color_read },
    }));
  }

  async function templateOf(tx: Executor, kind: CustomerNoticeKind) {
    const [template] = await rowsOf<{ title: string; body: string }>(
      tx,
      sql`SELECT title, body FROM message_templates WHERE type = ${kind}`,
    );
    return template;
  }

  /** The mail of a notice, when the shop has a template of its kind (it may have deleted it). */
  async function mail(tx: Executor, email: string, notice: Notice): Promise<string> {
    const template = await templateOf(tx, notice.kind);
    if (template) {
      await mailer.send(
        noticeMail(email, template, {
          pieces: notice.pieces,
          heldUntil: notice.heldUntil,
          orderUrl: orderUrl(notice.orderId),
          orderEmptied: notice.orderEmptied,
        }),
      );
    }
    return template?.title ?? customerNoticeLabels[notice.kind];
  }

  /**
   * The order's mail of its payment or shipment, when the shop has that template (it may have
   * deleted it): the order's number, the customer's first name, and the parcel's number and link.
   */
  async function mailOrderStatus(tx: Executor, email: string, kind: MailedOrderStatus, orderId: string) {
    const [order] = await rowsOf<{
      order_number: string;
      tracking_id: string | null;
      first_name: string | null;
    }>(
      tx,
      sql`SELECT o.order_number, o.tracking_id, u.first_name
            FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = ${orderId}`,
    );
    const [template] = await rowsOf<{ title: string; body: string }>(
      tx,
      sql`SELECT title, body FROM message_templates WHERE type = ${kind}`,
    );
    if (!order || !template) return;
    const trackingUrl = order.tracking_id ? laPosteTrackingUrl(order.tracking_id) : "";
    const link =
      kind === "shipped" && trackingUrl
        ? { url: trackingUrl, label: noticeMailMessages.followParcel }
        : { url: orderUrl(orderId), label: noticeMailMessages.seeOrder };
    await mailer.send(
      orderStatusMail(
        email,
        template,
        {
          numero_commande: order.order_number,
          suivi: order.tracking_id ?? "",
          lien_suivi: trackingUrl,
          prenom: order.first_name?.trim() ?? "",
        },
        link,
      ),
    );
  }

  async function pushNotice(userId: string, title: string, notice: Notice) {
    const untilEnd = notice.heldUntil
      ? (notice.heldUntil.getTime() - Date.now()) / 1000
      : EXPIRED_PUSH_TTL_SECONDS;
    await push.send(
      userId,
      {
        title,
        body: noticePushBody(notice.kind, notice.pieces, notice.heldUntil, notice.orderEmptied),
        url: orderUrl(notice.orderId),
        tag: `${notice.kind}:${notice.orderId}`,
      },
      untilEnd,
    );
  }

  const earliest = (facts: ClaimFact[]) =>
    facts.reduce<Date | null>(
      (first, fact) => (fact.heldUntil && (!first || fact.heldUntil < first) ? fact.heldUntil : first),
      null,
    );

  /** The order's reminder, at its first hold's end minus CLAIM_REMINDER_HOURS (none if past). */
  async function scheduleReminder(tx: Executor, orderId: string) {
    if (config.claimReminderSeconds <= 0) return;
    await tx.execute(sql`
      SELECT graphile_worker.add_job(${REMINDER_TASK}, json_build_object('orderId', ${orderId}::uuid),
               run_at := r.at, max_attempts := ${MAIL_JOB_ATTEMPTS},
               job_key := 'claim-reminder:' || ${orderId}, job_key_mode := 'replace')
        FROM (SELECT min(c.held_until) - make_interval(secs => ${config.claimReminderSeconds}) AS at
                FROM live_claims c WHERE c.order_id = ${orderId} AND c.state = 'in-order') r
       WHERE r.at > now()`);
  }

  /** A graphile-worker task (it reads only its payload). */
  const sendNotices = async (payload: unknown): Promise<void> => {
    const userId = payloadField(payload, "userId");
    if (!userId) return;
    // Notices that come within the window of the first one go together: a burst is one mail.
    const [batch] = await rowsOf<{ due: boolean; run_at: Date | string | null }>(
      db,
      sql`SELECT min(created_at) + make_interval(secs => ${batchSeconds}) <= now() AS due,
                 min(created_at) + make_interval(secs => ${batchSeconds}) AS run_at
            FROM customer_notices WHERE user_id = ${userId} AND sent_at IS NULL`,
    );
    if (!batch?.run_at) return;
    if (!batch.due) {
      await db.execute(sql`
        SELECT graphile_worker.add_job(${NOTICES_TASK}, json_build_object('userId', ${userId}::uuid),
                 run_at := ${toDate(batch.run_at)?.toISOString()}::timestamptz, max_attempts := ${MAIL_JOB_ATTEMPTS},
                 job_key := 'customer-notices:' || ${userId}, job_key_mode := 'replace')`);
      return;
    }
    const sent: { title: string; notice: Notice }[] = [];
    await db.transaction(async (tx) => {
      // Another run (another instance) holding them sends them; this one takes what is left.
      const notices = await rowsOf<{
        id: string;
        kind: CustomerNoticeKind | MailedOrderStatus;
        order_id: string | null;
        claim_id: string | null;
      }>(
        tx,
        sql`SELECT id, kind, order_id, claim_id FROM customer_notices
             WHERE user_id = ${userId} AND sent_at IS NULL
             ORDER BY created_at FOR UPDATE SKIP LOCKED`,
      );
      if (notices.length === 0) return;
      const customer = await customerOf(tx, userId);
      if (isTold(customer)) {
        const groups = new Map<string, { kind: CustomerNoticeKind; orderId: string; claimIds: string[] }>();
        for (const notice of notices) {
          // An order's own move is mailed once, as it stands when the job runs.
          if (notice.order_id && !notice.claim_id && isOrderStatusNotice(notice.kind)) {
            await mailOrderStatus(tx, customer.email, notice.kind, notice.order_id);
          }
          if (!notice.order_id || !notice.claim_id || isOrderStatusNotice(notice.kind)) continue;
          const key = `${notice.kind}:${notice.order_id}`;
          const group = groups.get(key) ?? { kind: notice.kind, orderId: notice.order_id, claimIds: [] };
          group.claimIds.push(notice.claim_id);
          groups.set(key, group);
        }
        // Pieces given and taken back within the window: the customer never heard they were hers.
        const untold = new Set(
          notices.filter((notice) => notice.kind !== "claim-expired").map((notice) => notice.claim_id),
        );
        for (const group of groups.values()) {
          const facts = await claimFacts(tx, sql`c.id = ANY(${sql.param(group.claimIds)}::uuid[])`);
          // Only what is still true is told: a piece taken back within the window is not "reserved",
          // and its end is no news.
          const expiry = group.kind === "claim-expired";
          const still = facts.filter((fact) =>
            expiry ? fact.state === "released" && !untold.has(fact.claimId) : fact.state === "in-order",
          );
          if (still.length === 0) continue;
          const notice: Notice = {
            kind: group.kind,
            orderId: group.orderId,
            pieces: still,
            heldUntil: expiry ? null : earliest(still),
            orderEmptied: expiry && (await orderStatusOf(tx, group.orderId)) === EMPTIED_ORDER_STATUS,
          };
          sent.push({ title: await mail(tx, customer.email, notice), notice });
          if (group.kind !== "claim-expired") await scheduleReminder(tx, group.orderId);
        }
      }
      const ids = notices.map((notice) => notice.id);
      await tx.execute(
        sql`UPDATE customer_notices SET sent_at = now() WHERE id = ANY(${sql.param(ids)}::uuid[])`,
      );
    });
    for (const { title, notice } of sent) await pushNotice(userId, title, notice);
  };

  const sendReminder = async (payload: unknown): Promise<void> => {
    const orderId = payloadField(payload, "orderId");
    if (!orderId) return;
    let sent: { userId: string; title: string; notice: Notice } | undefined;
    await db.transaction(async (tx) => {
      const [order] = await rowsOf<{
        user_id: string;
        status: string;
        claim_reminder_sent_at: Date | string | null;
      }>(
        tx,
        sql`SELECT user_id, status, claim_reminder_sent_at FROM orders WHERE id = ${orderId} FOR UPDATE`,
      );
      const editable: readonly string[] = ITEMS_EDITABLE_STATUSES;
      if (!order || order.claim_reminder_sent_at !== null || !editable.includes(order.status)) return;
      const held = await claimFacts(
        tx,
        sql`c.order_id = ${orderId} AND c.state = 'in-order' AND c.held_until > now()`,
      );
      if (held.length === 0) return;
      const customer = await customerOf(tx, order.user_id);
      if (!isTold(customer)) return;
      await markClaimReminderSent(tx, orderId);
      const notice: Notice = { kind: "claim-reminder", orderId, pieces: held, heldUntil: earliest(held) };
      sent = { userId: order.user_id, title: await mail(tx, customer.email, notice), notice };
    });
    if (sent) await pushNotice(sent.userId, sent.title, sent.notice);
  };

  return { sendNotices, sendReminder };
}
