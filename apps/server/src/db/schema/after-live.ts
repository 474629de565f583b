import { LABEL_BATCH_ORDER_STATES, LABEL_BATCH_STATES, REFUND_REASONS, REFUND_STATES } from "@vitrine/domain";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, sqlStringList, updatedAt } from "./columns";
import { lives } from "./lives";
import { orders } from "./orders";
import { users } from "./users";

/**
 * Money given back on an order through the payment provider (decisions 033 and 034): a cancelled
 * paid order, or the fee of an order that joined another's parcel after it was paid. Committed
 * `requested` before the provider is called (no lock held during the call), then settled: `done`
 * with the provider's reference, `refused` with the French reason staff read, or `to-check` until
 * a job reads the payment back from the provider.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    reason: text("reason").notNull(),
    state: text("state").notNull(),
    amountCents: integer("amount_cents").notNull(),
    provider: text("provider").notNull(),
    /** The provider's transaction refunded (payment_transactions.transaction_id). */
    transactionId: text("transaction_id").notNull(),
    /** The provider's reference of the refund or cancellation, once done. */
    providerReference: text("provider_reference"),
    /** refund or cancellation (a payment not captured yet is cancelled instead), once done. */
    kind: text("kind"),
    /** Why the provider refused, in French, as staff read it. */
    error: text("error"),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When it left `requested` or `to-check`. */
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    index("order_refunds_order_idx").on(table.orderId),
    // Keyed by what it pays back (a payment's rest, a payment's parcel fee), unless the provider
    // refused it (then it may be asked again).
    uniqueIndex("order_refunds_once_per_payment")
      .on(table.transactionId, table.reason)
      .where(sql`${table.state} <> 'refused'`),
    // One refund of a payment in flight at a time: an unanswered one is read back by amount.
    uniqueIndex("order_refunds_one_in_flight")
      .on(table.transactionId)
      .where(sql`${table.state} IN ('requested', 'to-check')`),
    check("order_refunds_reason_check", sql`${table.reason} IN (${sqlStringList(REFUND_REASONS)})`),
    check("order_refunds_state_check", sql`${table.state} IN (${sqlStringList(REFUND_STATES)})`),
    check("order_refunds_amount_positive", sql`${table.amountCents} > 0`),
    check(
      "order_refunds_kind_check",
      sql`${table.kind} IS NULL OR ${table.kind} IN ('refund', 'cancellation')`,
    ),
  ],
);

/**
 * A live's labels made in one go, on the job queue (decision 033): the orders it was asked for,
 * each labelled once; it carries on after the page closes or the server restarts.
 */
export const labelBatches = pgTable(
  "label_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    liveId: uuid("live_id")
      .notNull()
      .references(() => lives.id, { onDelete: "cascade" }),
    state: text("state").notNull().default("running"),
    requestedByUserId: uuid("requested_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("label_batches_live_idx").on(table.liveId, table.createdAt),
    // One batch at a time per live: a second click finds the running one.
    uniqueIndex("label_batches_one_running_per_live")
      .on(table.liveId)
      .where(sql`${table.state} = 'running'`),
    check("label_batches_state_check", sql`${table.state} IN (${sqlStringList(LABEL_BATCH_STATES)})`),
  ],
);

/** One parcel of a batch (its lead order): its turn, its label, or the carrier's refusal. */
export const labelBatchOrders = pgTable(
  "label_batch_orders",
  {
    batchId: uuid("batch_id")
      .notNull()
      .references(() => labelBatches.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    state: text("state").notNull().default("pending"),
    /** The carrier's reason, in French, when it made no label. */
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.batchId, table.orderId] }),
    index("label_batch_orders_state_idx").on(table.batchId, table.state),
    check(
      "label_batch_orders_state_check",
      sql`${table.state} IN (${sqlStringList(LABEL_BATCH_ORDER_STATES)})`,
    ),
  ],
);
