import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { orders } from "./orders";
import { users } from "./users";

/**
 * A payment the provider took that moved no order ("paiement à vérifier"): written in the same
 * transaction as its notification, once per provider transaction, until staff refund or accept it
 * (docs/decisions/022-payments-to-review.md).
 */
export const paymentReviews = pgTable(
  "payment_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    /** The provider's reference of the payment: one review per payment, ever. */
    transactionId: text("transaction_id").notNull().unique("payment_reviews_transaction_key"),
    /** Kept when the order is deleted: the money was taken all the same. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** What the notification found: wrong-amount or not-payable. */
    reason: text("reason").notNull(),
    /** open, refunded or accepted. */
    status: text("status").notNull().default("open"),
    /** The provider's last refusal of a refund, as staff read it. */
    refundError: text("refund_error"),
    /** The provider's reference of the refund (Lyra: the refund's or the cancelled transaction's uuid). */
    refundReference: text("refund_reference"),
    /** A refund on its way (requested) or whose answer never came (to-check); null otherwise. */
    refundState: text("refund_state"),
    refundRequestedAt: timestamp("refund_requested_at", { withTimezone: true }),
    refundRequestedByUserId: uuid("refund_requested_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedByUserId: uuid("resolved_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("payment_reviews_order_idx").on(table.orderId),
    index("payment_reviews_open_idx")
      .on(table.createdAt)
      .where(sql`${table.status} = 'open'`),
    check("payment_reviews_status_check", sql`${table.status} IN ('open', 'refunded', 'accepted')`),
    check("payment_reviews_reason_check", sql`${table.reason} IN ('wrong-amount', 'not-payable')`),
    check(
      "payment_reviews_refund_state_check",
      sql`${table.refundState} IS NULL OR (${table.refundState} IN ('requested', 'to-check') AND ${table.status} = 'open')`,
    ),
    check("payment_reviews_resolved_check", sql`(${table.status} = 'open') = (${table.resolvedAt} IS NULL)`),
  ],
);

/**
 * The payment simulator's refunds, as the real provider keeps them: several per transaction (a
 * combined parcel's fee, then the rest when the order is cancelled), never more than it paid.
 */
export const simulatedRefunds = pgTable(
  "simulated_refunds",
  {
    refundId: text("refund_id").primaryKey(),
    transactionId: text("transaction_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("simulated_refunds_transaction_idx").on(table.transactionId)],
);
