import { index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

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
    createdAt: createdAt(),
  },
  (table) => [index("simulated_payments_order_idx").on(table.orderRef)],
);
