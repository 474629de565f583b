import {
  customerMayPay,
  EMPTIED_ORDER_STATUS,
  ORDER_STATUSES,
  PAID_ORDER_STATUS,
  customerOrderMessages,
  orderContentMessages,
  orderContentRefusal,
  paymentMessages,
  type CustomerOrder,
  type PaymentForm,
} from "@vitrine/domain";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { orders, paymentNotifications, paymentReviews, paymentTransactions } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { isUuid } from "../../http/uuid";
import type { RateLimiter } from "../../http/rate-limiter";
import { orderContentOf, paymentColumns, startOrderPayment, writeOrderStatus } from "../orders";
import type { RecordPaymentToReview } from "../payment-reviews";
import { minimumOrderCentsOf } from "../shop-settings";
import type {
  PaymentProvider,
  PaymentRequest,
  ProviderTransaction,
  VerifiedNotification,
} from "../../integrations/payments/payment-provider";
import type { PaymentRateLimits } from "../../rate-limits";

/** What a notification or a status check did to the order. */
export type PaymentOutcome =
  "paid" | "refused" | "replayed" | "forged" | "wrong-amount" | "unknown-order" | "not-payable";

const notFound = () => new DomainError("NOT_FOUND", customerOrderMessages.notFound);

export interface PaymentServiceDeps {
  db: Database;
  provider: PaymentProvider;
  /** Our public origin: the provider posts its notifications to `${appUrl}/api/payments/ipn`. */
  appUrl: string;
  /** Each form token and status check is a call to the provider: counted per customer. */
  rateLimiter: RateLimiter;
  rateLimits: PaymentRateLimits;
  /** The order as the customer area shows it (orders core), null when not theirs. */
  findCustomerOrder: (userId: string, orderId: string) => Promise<CustomerOrder | null>;
  /** Opens a "paiement à vérifier" for money taken that moved no order (payment-reviews module). */
  recordPaymentToReview: RecordPaymentToReview;
}

/**
 * Card payment of an order. An order becomes paid only here, from a notification whose signature
 * holds or from the provider's own answer to a status check, never from what the browser says;
 * the amount is always the server's.
 */
export function createPaymentService({
  db,
  provider,
  appUrl,
  rateLimiter,
  rateLimits,
  findCustomerOrder,
  recordPaymentToReview,
}: PaymentServiceDeps) {
  /** The customer's own order, as the customer area sees it (one visibility rule), waiting for payment. */
  async function payableOrder(userId: string, orderId: string): Promise<CustomerOrder> {
    const order = await findCustomerOrder(userId, orderId);
    if (!order) throw notFound();
    if (order.status === EMPTIED_ORDER_STATUS) throw new DomainError("CONFLICT", orderContentMessages.empty);
    if (!customerMayPay(order.status)) throw new DomainError("CONFLICT", paymentMessages.notPayable);
    return order;
  }

  async function record(
    executor: Pick<Database, "insert">,
    source: "ipn" | "status-check",
    notification: VerifiedNotification,
    outcome: PaymentOutcome,
  ) {
    await executor.insert(paymentNotifications).values({
      provider: provider.name,
      source,
      orderRef: notification.orderRef?.slice(0, 200) ?? null,
      transactionId: notification.transaction?.id.slice(0, 200) ?? null,
      providerOrderStatus: notification.orderStatus.slice(0, 50),
      amountCents: notification.transaction?.amountCents ?? notification.orderTotalCents,
      outcome,
    });
  }

  /**
   * Applies a verified payment to its order, once: the order row is locked, so of two deliveries
   * of one payment (a replay, a notification racing a status check) exactly one marks it paid; and
   * a transaction that paid an order once pays nothing again, ever (payment_transactions), even
   * after staff moved the order back to to-pay.
   */
  async function applyVerifiedPayment(
    notification: VerifiedNotification,
    source: "ipn" | "status-check",
  ): Promise<PaymentOutcome> {
    return db
      .transaction(async (tx) => {
        const decide = async (): Promise<PaymentOutcome> => {
          const { orderRef, transaction } = notification;
          if (!orderRef || !isUuid(orderRef)) return "unknown-order";
          const [order] = await tx
            .select({ status: orders.status, totalAmountCents: orders.totalAmountCents })
            .from(orders)
            .where(eq(orders.id, orderRef))
            .for("update");
          if (!order) return "unknown-order";
          if (notification.orderStatus !== "PAID" || !transaction || transaction.status !== "PAID")
            return "refused";
          if (await transactionAlreadySettled(tx, transaction.id)) return "replayed";
          if (!customerMayPay(order.status)) return "not-payable";
          const amountMatches =
            transaction.amountCents === order.totalAmountCents &&
            transaction.currency === "EUR" &&
            (notification.orderTotalCents === null ||
              notification.orderTotalCents === order.totalAmountCents);
          if (!amountMatches) return "wrong-amount";
          const [kept] = await tx
            .insert(paymentTransactions)
            .values({
              provider: provider.name,
              transactionId: transaction.id,
              orderId: orderRef,
              amountCents: transaction.amountCents,
            })
            .onConflictDoNothing()
            .returning({ transactionId: paymentTransactions.transactionId });
          if (!kept) return "replayed";
          await writeOrderStatus(tx, {
            where: [eq(orders.id, orderRef)],
            from: ORDER_STATUSES.filter(customerMayPay),
            to: PAID_ORDER_STATUS,
            actor: "system",
            set: paymentColumns(transaction.id, sql`now()`),
          });
          return "paid";
        };
        const outcome = await decide();
        await record(tx, source, notification, outcome);
        const afterCommit = await recordPaymentToReview(tx, {
          provider: provider.name,
          notification,
          outcome,
        });
        return { outcome, afterCommit };
      })
      .then(async ({ outcome, afterCommit }) => {
        await afterCommit?.();
        return outcome;
      });
  }

  /**
   * Whether this provider transaction was settled already: it paid an order (this one or, forged,
   * another), or it went to staff as a payment to review (open, refunded or accepted). Either way
   * it may never pay an order again.
   */
  async function transactionAlreadySettled(executor: Pick<Database, "select">, transactionId: string) {
    const [paid] = await executor
      .select({ transactionId: paymentTransactions.transactionId })
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.provider, provider.name),
          eq(paymentTransactions.transactionId, transactionId),
        ),
      );
    if (paid) return true;
    const [reviewed] = await executor
      .select({ transactionId: paymentReviews.transactionId })
      .from(paymentReviews)
      .where(
        and(eq(paymentReviews.provider, provider.name), eq(paymentReviews.transactionId, transactionId)),
      );
    return reviewed !== undefined;
  }

  return {
    /** A form token for the order's own total, from the provider the shop uses. */
    async createPaymentForm(
      customer: { id: string; email: string },
      orderId: string,
      log: FastifyBaseLogger,
    ): Promise<PaymentForm> {
      const order = await payableOrder(customer.id, orderId);
      // Under the order's lock, which the claims engine takes before it removes a line: an order
      // it emptied (cancelled) or is emptying now is refused here, never given a form. Then the
      // total and the lines' version from one read: the form pays this total for these lines.
      // Noted as the form's start: a hold of the order's pieces expiring meanwhile waits for the
      // form's end (a payment wins over an expiry, decision 030).
      const lines = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, order.id))
          .for("update");
        if (!locked) throw notFound();
        if (locked.status === EMPTIED_ORDER_STATUS)
          throw new DomainError("CONFLICT", orderContentMessages.empty);
        if (!customerMayPay(locked.status)) throw new DomainError("CONFLICT", paymentMessages.notPayable);
        const refusal = orderContentRefusal(
          await orderContentOf(tx, order.id),
          await minimumOrderCentsOf(tx),
        );
        if (refusal) throw new DomainError("CONFLICT", refusal);
        return startOrderPayment(tx, order.id);
      });
      if (!lines) throw notFound();
      const address = order.shippingAddress;
      const request: PaymentRequest = {
        orderId: order.id,
        amountCents: lines.totalAmountCents,
        currency: "EUR",
        itemsVersion: lines.itemsVersion,
        customer: {
          email: address?.email ?? customer.email,
          reference: customer.id,
          billing: address
            ? {
                firstName: address.first_name,
                lastName: address.last_name,
                address: address.street,
                zipCode: address.zip,
                city: address.city,
                phoneNumber: address.phone,
              }
            : null,
        },
        ipnTargetUrl: `${appUrl}/api/payments/ipn`,
      };
      await rateLimiter.consume(
        `payment-form:customer:${customer.id}`,
        rateLimits.formTokenPerCustomer,
        paymentMessages.rateLimited,
      );
      let formToken: string;
      try {
        formToken = await provider.createFormToken(request);
      } catch (error) {
        log.error({ err: error, orderId }, "the payment provider gave no form token");
        throw new DomainError("PAYMENT_PROVIDER_FAILED", paymentMessages.tokenFailed);
      }
      const browser = provider.browserSettings();
      if (provider.name === "lyra" && browser) {
        return { provider: "lyra", formToken, amountCents: request.amountCents, ...browser };
      }
      return { provider: "simulator", formToken, amountCents: request.amountCents };
    },

    /** The provider's notification (IPN): verified, then applied at most once. */
    async receiveNotification(fields: Record<string, string>): Promise<PaymentOutcome> {
      const reading = provider.readNotification(fields);
      // Forgeries are only logged by the route: anyone can post here, the table must not fill up.
      if (!reading.verified) return "forged";
      return applyVerifiedPayment(reading.notification, "ipn");
    },

    /**
     * After the card form reports a payment, asks the provider itself (the notification may not
     * have arrived yet) and applies a paid transaction the same way a notification would.
     */
    async checkPayment(userId: string, orderId: string, log: FastifyBaseLogger): Promise<CustomerOrder> {
      const before = await findCustomerOrder(userId, orderId);
      if (!before) throw notFound();
      if (!customerMayPay(before.status)) {
        if (before.paymentDate) return before;
        throw new DomainError("CONFLICT", paymentMessages.notPayable);
      }
      await rateLimiter.consume(
        `payment-check:customer:${userId}`,
        rateLimits.statusCheckPerCustomer,
        paymentMessages.rateLimited,
      );
      let transactions;
      try {
        transactions = await provider.getTransactions(orderId);
      } catch (error) {
        log.error({ err: error, orderId }, "the payment provider did not answer the status check");
        throw new DomainError("PAYMENT_PROVIDER_FAILED", paymentMessages.processFailed);
      }
      // A transaction already settled (it paid this order before staff moved it back to to-pay, or
      // went to review) pays nothing now.
      let paid: ProviderTransaction | undefined;
      for (const transaction of transactions) {
        if (transaction.status === "PAID" && !(await transactionAlreadySettled(db, transaction.id))) {
          paid = transaction;
          break;
        }
      }
      if (!paid) {
        // The transaction may have paid the order since it was read (its notification, another check).
        const now = await findCustomerOrder(userId, orderId);
        if (now && !customerMayPay(now.status) && now.paymentDate) return now;
        throw new DomainError("CONFLICT", paymentMessages.notConfirmed);
      }
      const outcome = await applyVerifiedPayment(
        {
          orderRef: orderId,
          orderStatus: "PAID",
          orderTotalCents: null,
          currency: paid.currency,
          transaction: paid,
        },
        "status-check",
      );
      if (outcome !== "paid" && outcome !== "replayed") {
        log.warn({ orderId, outcome }, "payment status check refused");
      }
      const after = await findCustomerOrder(userId, orderId);
      if (!after) throw notFound();
      if (customerMayPay(after.status)) throw new DomainError("CONFLICT", paymentMessages.statusUpdateFailed);
      return after;
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
