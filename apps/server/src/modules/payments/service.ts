import {
  customerMayPay,
  customerOrderMessages,
  paymentMessages,
  type CustomerOrder,
  type PaymentForm,
} from "@vitrine/domain";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { orders, paymentNotifications } from "../../db/schema";
import { DomainError } from "../../http/errors";
import type { RecordPaymentToReview } from "../payment-reviews";
import type {
  PaymentProvider,
  PaymentRequest,
  VerifiedNotification,
} from "../../integrations/payments/payment-provider";

/** What a notification or a status check did to the order. */
export type PaymentOutcome =
  "paid" | "refused" | "replayed" | "forged" | "wrong-amount" | "unknown-order" | "not-payable";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new DomainError("NOT_FOUND", customerOrderMessages.notFound);

export interface PaymentServiceDeps {
  db: Database;
  provider: PaymentProvider;
  /** Our public origin: the provider posts its notifications to `${appUrl}/api/payments/ipn`. */
  appUrl: string;
  /** The order as the customer area shows it (customer-orders module), null when not theirs. */
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
  findCustomerOrder,
  recordPaymentToReview,
}: PaymentServiceDeps) {
  /** The customer's own order, as the customer area sees it (one visibility rule), waiting for payment. */
  async function payableOrder(userId: string, orderId: string): Promise<CustomerOrder> {
    const order = await findCustomerOrder(userId, orderId);
    if (!order) throw notFound();
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
   * of one payment (a replay, a notification racing a status check) exactly one marks it paid.
   */
  async function applyVerifiedPayment(
    notification: VerifiedNotification,
    source: "ipn" | "status-check",
  ): Promise<PaymentOutcome> {
    return db.transaction(async (tx) => {
      const decide = async (): Promise<PaymentOutcome> => {
        const { orderRef, transaction } = notification;
        if (!orderRef || !UUID.test(orderRef)) return "unknown-order";
        const [order] = await tx
          .select({
            status: orders.status,
            totalAmountCents: orders.totalAmountCents,
            paymentId: orders.paymentId,
          })
          .from(orders)
          .where(eq(orders.id, orderRef))
          .for("update");
        if (!order) return "unknown-order";
        if (notification.orderStatus !== "PAID" || !transaction || transaction.status !== "PAID")
          return "refused";
        if (order.status !== "to-pay") return order.paymentId === transaction.id ? "replayed" : "not-payable";
        const amountMatches =
          transaction.amountCents === order.totalAmountCents &&
          transaction.currency === "EUR" &&
          (notification.orderTotalCents === null || notification.orderTotalCents === order.totalAmountCents);
        if (!amountMatches) return "wrong-amount";
        await tx
          .update(orders)
          .set({
            status: "paid",
            paymentId: transaction.id,
            paymentStatus: "PAID",
            paymentDate: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(orders.id, orderRef), eq(orders.status, "to-pay")));
        return "paid";
      };
      const outcome = await decide();
      await record(tx, source, notification, outcome);
      await recordPaymentToReview(tx, { provider: provider.name, notification, outcome });
      return outcome;
    });
  }

  return {
    /** A form token for the order's own total, from the provider the shop uses. */
    async createPaymentForm(
      customer: { id: string; email: string },
      orderId: string,
      log: FastifyBaseLogger,
    ): Promise<PaymentForm> {
      const order = await payableOrder(customer.id, orderId);
      const address = order.shippingAddress;
      const request: PaymentRequest = {
        orderId: order.id,
        amountCents: order.totalAmountCents,
        currency: "EUR",
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
      let formToken: string;
      try {
        formToken = await provider.createFormToken(request);
      } catch (error) {
        log.error({ err: error, orderId }, "the payment provider gave no form token");
        throw new DomainError("PAYMENT_PROVIDER_FAILED", paymentMessages.tokenFailed);
      }
      const browser = provider.browserSettings();
      if (provider.name === "lyra" && browser) {
        return { provider: "lyra", formToken, amountCents: order.totalAmountCents, ...browser };
      }
      return { provider: "simulator", formToken, amountCents: order.totalAmountCents };
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
      if (before.status !== "to-pay") {
        if (before.paymentDate) return before;
        throw new DomainError("CONFLICT", paymentMessages.notPayable);
      }
      let transactions;
      try {
        transactions = await provider.getTransactions(orderId);
      } catch (error) {
        log.error({ err: error, orderId }, "the payment provider did not answer the status check");
        throw new DomainError("PAYMENT_PROVIDER_FAILED", paymentMessages.processFailed);
      }
      const paid = transactions.find((transaction) => transaction.status === "PAID");
      if (!paid) throw new DomainError("CONFLICT", paymentMessages.notConfirmed);
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
      if (after.status === "to-pay") throw new DomainError("CONFLICT", paymentMessages.statusUpdateFailed);
      return after;
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
