import { ORDER_STATUSES } from "@vitrine/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { authUsers } from "./auth-schema";

export * from "./auth-schema";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const orderStatusEnum = pgEnum("order_status", ORDER_STATUSES);

/** The shop's people. auth_id is null until the person has a sign-in account. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    authId: text("auth_id").references(() => authUsers.id, { onDelete: "set null" }),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    phoneNumber: text("phone_number"),
    tiktokUsername: text("tiktok_username"),
    displayName: text("display_name"),
    isAdmin: boolean("is_admin").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("users_auth_id_key").on(table.authId),
    uniqueIndex("users_email_key").on(sql`lower(${table.email})`),
    uniqueIndex("users_tiktok_username_key").on(sql`lower(${table.tiktokUsername})`),
  ],
);

/** A sign-up waiting for its e-mail confirmation: the handle is claimed only once confirmed. */
export const pendingSignups = pgTable("pending_signups", {
  email: text("email").primaryKey(),
  tiktokUsername: text("tiktok_username").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every server instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});

/** Mails kept when no SMTP server is configured, listed at /dev/mail outside production. */
export const mailOutbox = pgTable("mail_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  html: text("html").notNull(),
  text: text("text").notNull(),
  createdAt: createdAt(),
});

/** Who did what to whom: impersonation, merges, rights changes. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    subjectUserId: uuid("subject_user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index("audit_events_subject_idx").on(table.subjectUserId)],
);

export const lives = pgTable(
  "lives",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ref: text("ref").notNull(),
    title: text("title").notNull(),
    liveDate: timestamp("live_date", { withTimezone: true }).notNull(),
    isActive: boolean("is_active").notNull().default(false),
    /** Last order sequence used for HF-{ref}-{n}; incremented atomically. */
    orderCounter: integer("order_counter").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("lives_ref_key").on(table.ref),
    check("lives_ref_format", sql`${table.ref} ~ '^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$'`),
  ],
);

/** Viewers seen in a live ('tiktok_pseudo_union' in the spec). */
export const liveUsers = pgTable(
  "live_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    liveId: uuid("live_id")
      .notNull()
      .references(() => lives.id, { onDelete: "cascade" }),
    tiktokUsername: text("tiktok_username").notNull(),
    displayName: text("display_name"),
    avatarUrl: text("avatar_url"),
    tiktokUserId: text("tiktok_user_id"),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("live_users_live_username_key").on(table.liveId, table.tiktokUsername)],
);

export const tiktokEvents = pgTable(
  "tiktok_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    liveId: uuid("live_id")
      .notNull()
      .references(() => lives.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    tiktokUserId: text("tiktok_user_id"),
    userNickname: text("user_nickname"),
    userUniqueId: text("user_unique_id"),
    comment: text("comment"),
    /** Epoch milliseconds as TikTok reports it. */
    createTime: bigint("create_time", { mode: "number" }).notNull(),
    msgId: text("msg_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("tiktok_events_live_msg_key").on(table.liveId, table.msgId),
    index("tiktok_events_live_time_idx").on(table.liveId, table.createTime),
  ],
);

export const productColors = pgTable(
  "product_colors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    hexCode: text("hex_code").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("product_colors_name_key").on(table.name),
    check("product_colors_hex_format", sql`${table.hexCode} ~ '^#[0-9A-Fa-f]{6}$'`),
  ],
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    liveId: uuid("live_id")
      .notNull()
      .references(() => lives.id, { onDelete: "restrict" }),
    ref: integer("ref").notNull(),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    size: text("size"),
    colorId: uuid("color_id").references(() => productColors.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("products_live_ref_key").on(table.liveId, table.ref),
    index("products_color_idx").on(table.colorId),
    check("products_price_non_negative", sql`${table.priceCents} >= 0`),
    check("products_ref_positive", sql`${table.ref} > 0`),
  ],
);

export interface OrderShippingAddress {
  first_name: string;
  last_name: string;
  street: string;
  zip: string;
  city: string;
  state?: string;
  country: string;
  email: string;
  phone: string;
  delivery_note?: string;
}

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
    /** Items plus shipping, recomputed by the server whenever items change. */
    totalAmountCents: integer("total_amount_cents").notNull().default(600),
    orderDate: timestamp("order_date", { withTimezone: true }).notNull().defaultNow(),
    paymentDate: timestamp("payment_date", { withTimezone: true }),
    shippingType: text("shipping_type").notNull().default("colissimo"),
    shippingAddress: jsonb("shipping_address").$type<OrderShippingAddress>(),
    shippingLabelPath: text("shipping_label_path"),
    trackingId: text("tracking_id"),
    comment: text("comment"),
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
    check("orders_total_non_negative", sql`${table.totalAmountCents} >= 0`),
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
    createdAt: createdAt(),
  },
  (table) => [
    index("order_items_order_idx").on(table.orderId),
    uniqueIndex("order_items_product_sold_once")
      .on(table.productId)
      .where(sql`NOT ${table.isReleased}`),
    check("order_items_quantity_positive", sql`${table.quantity} > 0`),
    check("order_items_price_non_negative", sql`${table.priceCents} >= 0`),
  ],
);

export const faqs = pgTable(
  "faqs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    rank: integer("rank").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("faqs_rank_idx").on(table.rank),
    check("faqs_rank_non_negative", sql`${table.rank} >= 0`),
  ],
);

export const pages = pgTable(
  "pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("pages_code_key").on(table.code),
    check("pages_code_slug", sql`${table.code} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export const messageTemplates = pgTable(
  "message_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: orderStatusEnum("type").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    scope: text("scope")
      .array()
      .notNull()
      .default(sql`ARRAY['back-office']::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("message_templates_type_key").on(table.type)],
);
