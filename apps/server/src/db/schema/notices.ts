import { CUSTOMER_NOTICE_KINDS, MAILED_ORDER_STATUSES } from "@vitrine/domain";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, sqlStringList } from "./columns";
import { liveClaims } from "./live-claims";
import { lives } from "./lives";
import { orders } from "./orders";
import { users } from "./users";

/**
 * What a customer is to be told of their claims (decision 032) or of their order being paid or
 * shipped (decision 039: no claim, one per order and status), written in the transaction that
 * changed the claim or the order; the notices job sends a customer's unsent ones together, per
 * kind, and marks them sent.
 */
export const customerNotices = pgTable(
  "customer_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    liveId: uuid("live_id")
      .notNull()
      .references(() => lives.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    claimId: uuid("claim_id").references(() => liveClaims.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** When the job handled it: mailed and pushed, or skipped (no account, nothing left to say). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    check(
      "customer_notices_kind",
      sql`${table.kind} in (${sqlStringList([...CUSTOMER_NOTICE_KINDS, ...MAILED_ORDER_STATUSES])})`,
    ),
    uniqueIndex("customer_notices_order_status_once")
      .on(table.orderId, table.kind)
      .where(sql`${table.claimId} IS NULL`),
    index("customer_notices_unsent_idx")
      .on(table.userId, table.createdAt)
      .where(sql`${table.sentAt} IS NULL`),
    index("customer_notices_claim_idx")
      .on(table.claimId)
      .where(sql`${table.claimId} IS NOT NULL`),
    index("customer_notices_order_idx")
      .on(table.orderId)
      .where(sql`${table.orderId} IS NOT NULL`),
  ],
);

/** A browser that allowed push notifications for a customer (the Push API's subscription). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    /** Sends that failed in a row (not a 404/410, which removes the subscription): dropped at a few. */
    failures: integer("failures").notNull().default(0),
  },
  (table) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(table.endpoint),
    index("push_subscriptions_user_idx").on(table.userId),
  ],
);

/**
 * The shop's VAPID keys when the settings give none: made at first start by whichever instance
 * is first, then read by all (one row), so every instance signs with the keys browsers subscribed to.
 */
export const webPushKeys = pgTable(
  "web_push_keys",
  {
    id: smallint("id").primaryKey().default(1),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: createdAt(),
  },
  (table) => [check("web_push_keys_one_row", sql`${table.id} = 1`)],
);
