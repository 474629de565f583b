import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

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
  (table) => [
    index("audit_events_subject_idx").on(table.subjectUserId),
    index("audit_events_created_at_idx").on(table.createdAt),
    // An impersonation session ends once: by its admin, by sign-out, or by expiry, whichever is first.
    uniqueIndex("audit_events_impersonation_end_key")
      .on(sql`(${table.details} ->> 'sessionId')`)
      .where(sql`${table.action} IN ('impersonation-ended', 'impersonation-expired')`),
  ],
);

/** The shop's settings staff edit in the back office ('Réglages'): one row, made by migration 0036. */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: boolean("id").primaryKey().default(true),
    /** Pieces of an order must add up to this to be validated and paid; null: no minimum. */
    minimumOrderCents: integer("minimum_order_cents"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("shop_settings_one_row", sql`${table.id}`),
    check(
      "shop_settings_minimum_order",
      sql`${table.minimumOrderCents} IS NULL OR ${table.minimumOrderCents} > 0`,
    ),
  ],
);
