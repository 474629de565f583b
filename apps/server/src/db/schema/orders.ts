import { ORDER_STATUSES, SHIPPING_FEE_CENTS, type ShippingAddress } from "@vitrine/domain";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  pgView,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { products } from "./catalogue";
import { createdAt, updatedAt } from "./columns";
import { lives, tiktokEvents } from "./lives";
import { users } from "./users";

export const orderStatusEnum = pgEnum("order_status", ORDER_STATUSES);

/** Stored as the domain's address schema outputs it once validated. */
export type OrderShippingAddress = ShippingAddress;

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderNumber: text("order_number").notNull(),
    liveId: uuid("live_id")
      .notNull()
      .references(() => lives.id, { onDelete: "restrict" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: orderStatusEnum("status").notNull().default("to-validate"),
    /**
     * The shipping fee this order was made with: a later change of the shop's fee leaves it as it
     * is. Written by the app from the domain's fee (no database default, so no second copy of it).
     */
    shippingFeeCents: integer("shipping_fee_cents")
      .notNull()
      .$defaultFn(() => SHIPPING_FEE_CENTS),
    /**
     * The fee plus each line's price times its quantity, kept by the database alone (trigger
     * orders_keep_total): whatever a writer puts here is replaced, so the 0 below is a placeholder
     * for the insert's type, never a total.
     */
    totalAmountCents: integer("total_amount_cents")
      .notNull()
      .$defaultFn(() => 0),
    /**
     * Counts the changes to the order's lines (a trigger on order_items bumps it): a payment form
     * carries the version it was issued for, and one issued before a change no longer pays.
     */
    itemsVersion: integer("items_version").notNull().default(0),
    orderDate: timestamp("order_date", { withTimezone: true }).notNull().defaultNow(),
    paymentDate: timestamp("payment_date", { withTimezone: true }),
    shippingType: text("shipping_type").notNull().default("colissimo"),
    shippingAddress: jsonb("shipping_address").$type<OrderShippingAddress>(),
    shippingLabelPath: text("shipping_label_path"),
    trackingId: text("tracking_id"),
    /**
     * Set while the carrier is making this order's label (each call spends a parcel number): a
     * second request meanwhile is refused. A claim older than the label service's limit was left
     * by a server that stopped mid-call, and no longer counts.
     */
    labelRequestedAt: timestamp("label_requested_at", { withTimezone: true }),
    /**
     * The order whose parcel this one travels in (decision 033): null for an order shipped on its
     * own, or the lead of a combined parcel. The lead carries the one label; its members copy its
     * parcel number.
     */
    parcelLeadId: uuid("parcel_lead_id").references((): AnyPgColumn => orders.id, { onDelete: "restrict" }),
    /**
     * The fee this order was made with, kept while it travels in another's parcel with its own fee
     * waived (0 in shipping_fee_cents, joined before it was paid): 'Séparer' puts it back.
     */
    waivedShippingFeeCents: integer("waived_shipping_fee_cents"),
    comment: text("comment"),
    /**
     * When the last payment form was issued: a hold expiring while that form may still pay waits
     * for the form's end (a payment wins over an expiry).
     */
    paymentStartedAt: timestamp("payment_started_at", { withTimezone: true }),
    /** When its one reminder before a claim's hold ends was sent (decision 032). */
    claimReminderSentAt: timestamp("claim_reminder_sent_at", { withTimezone: true }),
    paymentId: text("payment_id"),
    paymentStatus: text("payment_status"),
    paymentMethod: text("payment_method").notNull().default("card"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("orders_order_number_key").on(table.orderNumber),
    index("orders_user_idx").on(table.userId),
    index("orders_live_status_idx").on(table.liveId, table.status),
    // The back office's orders list (modules/admin-orders/queries.ts), newest first: read backwards.
    index("orders_date_idx").on(table.orderDate, table.id),
    index("orders_status_date_idx").on(table.status, table.orderDate, table.id),
    // Its free-text search on the order number: substring ILIKE through trigrams (pg_trgm).
    index("orders_order_number_trgm_idx").using("gin", table.orderNumber.op("gin_trgm_ops")),
    check("orders_total_non_negative", sql`${table.totalAmountCents} >= 0`),
    check("orders_shipping_fee_non_negative", sql`${table.shippingFeeCents} >= 0`),
    index("orders_parcel_lead_idx")
      .on(table.parcelLeadId)
      .where(sql`${table.parcelLeadId} IS NOT NULL`),
    check("orders_parcel_lead_not_self", sql`${table.parcelLeadId} <> ${table.id}`),
  ],
);

export interface OrderItemColor {
  name: string;
  hex_code: string;
}

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull().default(1),
    priceCents: integer("price_cents").notNull(),
    color: jsonb("color").$type<OrderItemColor>(),
    /** Mirrors the order's cancelled state (kept by a trigger) so the sold-once index can see it. */
    isReleased: boolean("is_released").notNull().default(false),
    /** The live comment this line was claimed by (the sidebar's one-click add), for the record. */
    sourceEventId: uuid("source_event_id").references(() => tiktokEvents.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("order_items_order_idx").on(table.orderId),
    index("order_items_source_event_idx")
      .on(table.sourceEventId)
      .where(sql`${table.sourceEventId} IS NOT NULL`),
    uniqueIndex("order_items_product_sold_once")
      .on(table.productId)
      .where(sql`NOT ${table.isReleased}`),
    check("order_items_quantity_positive", sql`${table.quantity} > 0`),
    check("order_items_price_non_negative", sql`${table.priceCents} >= 0`),
  ],
);

/**
 * The lines that hold their piece (not given back by a cancelled order): the one "already held"
 * predicate, a view written by hand in a migration (order_core) and read by every query and SQL
 * function that asks whether a product is still for sale.
 */
export const heldPieces = pgView("held_pieces", {
  productId: uuid("product_id").notNull(),
  orderId: uuid("order_id").notNull(),
}).existing();

/**
 * Numbers the parcels of the local label provider: each label gets the next value, so two labels
 * made at once, by two server instances, never share a parcel number.
 */
export const PARCEL_NUMBER_SEQUENCE = "parcel_number_seq";
export const parcelNumberSequence = pgSequence(PARCEL_NUMBER_SEQUENCE, { startWith: 1 });
