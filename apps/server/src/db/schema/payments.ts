import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { orders } from "./orders";

/**
 * Every payment notification and status check received, with what it did: the trail staff read
 * when a customer says "I paid". Kept even when refused (forged, replayed, wrong amount).
 */
export const paymentNotifications = pgTable(
  "payment_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    /** "ipn" (the provider's notification) or "status-check" (our server asked the provider). */
    source: text("source").notNull(),
    /** The order the notification names, as received (it may name no order of ours). */
    orderRef: text("order_ref"),
    transactionId: text("transaction_id"),
    providerOrderStatus: text("provider_order_status"),
    amountCents: integer("amount_cents"),
    /** What the notification did: paid, refused, replayed, forged, wrong-amount, unknown-order, not-payable. */
    outcome: text("outcome").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("payment_notifications_order_idx").on(table.orderRef)],
);

/**
 * Every provider transaction that paid an order: a transaction pays once, ever, whatever the order
 * became since (a notification replayed after staff moved the order back to to-pay pays nothing).
 */
export const paymentTransactions = pgTable(
  "payment_transactions",
  {
    provider: text("provider").notNull(),
    transactionId: text("transaction_id").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.transactionId] }),
    index("payment_transactions_order_idx").on(table.orderId),
  ],
);

/**
 * The payment simulator's own book, as the real provider keeps one on its side: what lets a
 * server-side status check be answered.
 */
export const simulatedPayments = pgTable(
  "simulated_payments",
  {
    transactionId: text("transaction_id").primaryKey(),
    orderRef: text("order_ref").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** PAID or UNPAID, as Lyra names a transaction's outcome. */
    status: text("status").notNull(),
    detailedStatus: text("detailed_status").notNull(),
    errorCode: text("error_code"),
    maskedPan: text("masked_pan").notNull(),
    /** The form the card was typed in (its token's id): one form pays once. */
    formTokenId: text("form_token_id"),
    createdAt: createdAt(),
  },
  (table) => [
    index("simulated_payments_order_idx").on(table.orderRef),
    uniqueIndex("simulated_payments_form_paid_once")
      .on(table.formTokenId)
      .where(sql`${table.status} = 'PAID'`),
  ],
);
