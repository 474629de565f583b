import { CUSTOMER_NOTICE_KINDS, ORDER_STATUSES, type MessageTemplateType } from "@vitrine/domain";
import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, sqlStringList, updatedAt } from "./columns";

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
  // Also UNIQUE (rank) DEFERRABLE INITIALLY DEFERRED, as faqs_rank_key (migration 0003): drizzle
  // cannot declare a deferred constraint, and a swap of two ranks needs one.
  (table) => [check("faqs_rank_non_negative", sql`${table.rank} >= 0`)],
);

export const pages = pgTable(
  "pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    inFooter: boolean("in_footer").notNull().default(false),
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
    /** An order status, or one of the notices of a live claim (CUSTOMER_NOTICE_KINDS). */
    type: text("type").$type<MessageTemplateType>().notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    scope: text("scope")
      .array()
      .notNull()
      .default(sql`ARRAY['back-office']::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("message_templates_type_key").on(table.type),
    check(
      "message_templates_type",
      sql`${table.type} in (${sqlStringList([...ORDER_STATUSES, ...CUSTOMER_NOTICE_KINDS])})`,
    ),
  ],
);
