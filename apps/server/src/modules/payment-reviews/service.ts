import {
  AWAITING_PAYMENT_ORDER_STATUSES,
  PAID_ORDER_STATUS,
  paymentReviewMessages,
  userDisplayName,
  type OrderStatus,
  type PaymentReview,
  type PaymentReviewReason,
  type PaymentReviewStatus,
} from "@vitrine/domain";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable, Transaction } from "../../db/client";
import { orders, paymentReviews, paymentTransactions, users } from "../../db/schema";
import { DomainError } from "../../http/errors";
import type { PaymentProvider } from "../../integrations/payments/payment-provider";
import type { JobQueue } from "../../db/job-queue";
import type { LiveHub } from "../../realtime/live-hub";
import { recordAuditEvent } from "../audit-events";
import { giveLatePaymentPiecesBack, readLatePayments } from "../live-claims";
import { paymentColumns, writeOrderStatus } from "../orders";
import {
  checkReviewRefund,
  refundPaymentToReview,
  resumeReviewRefundChecks,
  REVIEW_REFUND_CHECK_TASK,
} from "./refund";

const notFound = () => new DomainError("NOT_FOUND", paymentReviewMessages.notFound);
const alreadyResolved = () => new DomainError("CONFLICT", paymentReviewMessages.alreadyResolved);

/** Statuses in which the customer still waits to pay: accepting the payment pays the order. */
const AWAITING_PAYMENT: readonly OrderStatus[] = AWAITING_PAYMENT_ORDER_STATUSES;

/** The reviews, each late payment with its pieces (rules: the claims engine's claimRules). */
async function listReviews(db: Queryable, rules: string, where: SQL | undefined): Promise<PaymentReview[]> {
  const rows = await db
    .select({
      review: paymentReviews,
      order: {
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        totalAmountCents: orders.totalAmountCents,
      },
      resolver: {
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        displayName: users.displayName,
        tiktokUsername: users.tiktokUsername,
      },
    })
    .from(paymentReviews)
    .leftJoin(orders, eq(orders.id, paymentReviews.orderId))
    .leftJoin(users, eq(users.id, paymentReviews.resolvedByUserId))
    .where(where)
    .orderBy(desc(paymentReviews.createdAt), desc(paymentReviews.id));
  const late = await readLatePayments(
    db,
    rows.map(({ review }) => review.id),
    rules,
  );
  return rows.map(({ review, order, resolver }) => ({
    id: review.id,
    provider: review.provider,
    transactionId: review.transactionId,
    amountCents: review.amountCents,
    currency: review.currency,
    reason: review.reason as PaymentReviewReason,
    receivedAt: review.createdAt.toISOString(),
    order: order?.id ? order : null,
    status: review.status as PaymentReviewStatus,
    refundError: review.refundError,
    refundState: review.refundState as PaymentReview["refundState"],
    resolvedAt: review.resolvedAt?.toISOString() ?? null,
    resolvedBy: resolver ? userDisplayName(resolver) || resolver.email : null,
    latePayment: late.get(review.id) ?? null,
  }));
}

async function findReview(db: Queryable, rules: string, id: string): Promise<PaymentReview> {
  const [review] = await listReviews(db, rules, eq(paymentReviews.id, id));
  if (!review) throw notFound();
  return review;
}

/** The review row, locked: two staff acting on one payment act one after the other. */
async function lockOpenReview(tx: Queryable, id: string) {
  const [row] = await tx.select().from(paymentReviews).where(eq(paymentReviews.id, id)).for("update");
  if (!row) throw notFound();
  if (row.status !== "open") throw alreadyResolved();
  // The money may be on its way back: nothing else is decided until the refund is settled.
  if (row.refundState) throw new DomainError("CONFLICT", paymentReviewMessages.refundInFlight);
  return row;
}

async function orderOwner(tx: Queryable, orderId: string | null) {
  if (!orderId) return null;
  const [order] = await tx
    .select({ id: orders.id, userId: orders.userId, status: orders.status, orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  return order ?? null;
}

/** What both decisions' audit lines say of the payment: the review, its order and the money. */
function reviewAuditDetails(
  id: string,
  review: { transactionId: string; amountCents: number; currency: string },
  order: { orderNumber: string } | null,
) {
  return {
    reviewId: id,
    orderNumber: order?.orderNumber ?? null,
    transactionId: review.transactionId,
    amountCents: review.amountCents,
    currency: review.currency,
  };
}

export interface PaymentReviewServiceDeps {
  db: Database;
  provider: PaymentProvider;
  /** The claims engine's rules (claimRules): a late payment's pieces go back through its functions. */
  claimRules: string;
  /** Sidebars and streams hear of the claims and orders a give-back moved. */
  liveHub: LiveHub;
  /** The app's job queue: the check of a refund whose answer never came runs there. */
  jobs: JobQueue;
  /** Where the refund check job logs (the module's own logger). */
  log: FastifyBaseLogger;
}

function payloadReviewId(payload: unknown): string | undefined {
  if (typeof payload !== "object" || payload === null) return undefined;
  const value: unknown = (payload as Record<string, unknown>).reviewId;
  return typeof value === "string" ? value : undefined;
}

/**
 * Staff take the amount as payment of its order, in the caller's transaction with the review
 * locked: an order still waiting for payment (to validate or to pay) becomes paid with this
 * transaction; any other order keeps its status and the amount is only acknowledged. Who and when
 * are kept on the review and in the audit log.
 */
async function settleAsPayment(
  tx: Transaction,
  id: string,
  review: typeof paymentReviews.$inferSelect,
  actorUserId: string,
  audit: { action: "payment-accepted" | "late-payment-given-back"; details?: Record<string, unknown> },
) {
  const order = await orderOwner(tx, review.orderId);
  const paysOrder = order !== null && AWAITING_PAYMENT.includes(order.status);
  if (order && paysOrder) {
    // Accepted, the transaction has paid this order: it never pays again (payments module).
    await tx
      .insert(paymentTransactions)
      .values({
        provider: review.provider,
        transactionId: review.transactionId,
        orderId: order.id,
        amountCents: review.amountCents,
      })
      .onConflictDoNothing();
    await writeOrderStatus(tx, {
      where: [eq(orders.id, order.id)],
      from: AWAITING_PAYMENT,
      to: PAID_ORDER_STATUS,
      actor: "system",
      set: paymentColumns(review.transactionId, review.createdAt),
    });
  }
  await tx
    .update(paymentReviews)
    .set({
      status: "accepted",
      refundError: null,
      resolvedAt: sql`now()`,
      resolvedByUserId: actorUserId,
    })
    .where(eq(paymentReviews.id, id));
  await recordAuditEvent(tx, {
    actorUserId,
    subjectUserId: order?.userId ?? null,
    action: audit.action,
    details: {
      ...reviewAuditDetails(id, review, order),
      orderStatusBefore: order?.status ?? null,
      orderStatusAfter: paysOrder ? PAID_ORDER_STATUS : (order?.status ?? null),
      ...audit.details,
    },
  });
}

/** Payments to review: listed for staff, refunded through the provider or accepted (decision 022). */
export function createPaymentReviewService({
  db,
  provider,
  claimRules,
  liveHub,
  jobs,
  log,
}: PaymentReviewServiceDeps) {
  jobs.define(REVIEW_REFUND_CHECK_TASK, async (payload) => {
    const reviewId = payloadReviewId(payload);
    if (!reviewId) throw new Error("payment review refund check: no review id");
    await checkReviewRefund(db, provider, reviewId, log);
  });

  return {
    /** Refunds a stopped instance left in flight get their check again. */
    resumeRefundChecks: () => resumeReviewRefundChecks(db, provider),

    /** The payments still to review, newest first; only one order's when orderId is given. */
    async listOpen(orderId?: string): Promise<PaymentReview[]> {
      const open = eq(paymentReviews.status, "open");
      return listReviews(db, claimRules, orderId ? and(open, eq(paymentReviews.orderId, orderId)) : open);
    },

    /**
     * Gives the money back through the provider (refund.ts): nothing is locked while the provider
     * answers, and a refund whose answer never came is read back before anything else is done.
     */
    async refund(id: string, actorUserId: string, log: FastifyBaseLogger): Promise<PaymentReview> {
      await refundPaymentToReview(db, provider, id, actorUserId, log);
      return findReview(db, claimRules, id);
    },

    /** Staff take the amount as payment of its order (settleAsPayment). */
    async accept(id: string, actorUserId: string): Promise<PaymentReview> {
      await db.transaction(async (tx) => {
        const review = await lockOpenReview(tx, id);
        await settleAsPayment(tx, id, review, actorUserId, { action: "payment-accepted" });
      });
      return findReview(db, claimRules, id);
    },

    /**
     * A late payment (it came after the hold of the pieces it paid for ended): the pieces go back
     * to its payer, taken from whoever has not paid for them since (decision 036), and the amount
     * is taken as the order's payment, as 'Accepter' does. Refused in French, changing nothing,
     * when a piece cannot go back.
     */
    async giveBack(id: string, actorUserId: string): Promise<PaymentReview> {
      const given = await db.transaction(async (tx) => {
        const review = await lockOpenReview(tx, id);
        const pieces = await giveLatePaymentPiecesBack(tx, id, claimRules);
        await settleAsPayment(tx, id, review, actorUserId, {
          action: "late-payment-given-back",
          details: { piecesGivenBack: pieces.refs },
        });
        return pieces;
      });
      const told = [liveHub.publishClaimsChanged({ liveId: given.liveId })];
      for (const orderId of new Set(given.orders))
        told.push(liveHub.publishOrdersChanged({ liveId: given.liveId, orderId }));
      await Promise.all(told.map((telling) => telling.catch(() => {})));
      return findReview(db, claimRules, id);
    },
  };
}

export type PaymentReviewService = ReturnType<typeof createPaymentReviewService>;
