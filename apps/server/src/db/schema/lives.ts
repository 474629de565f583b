import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
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
import { DEFAULT_SITE_CLAIM_AUDIENCE, SITE_CLAIM_AUDIENCES, type SiteClaimAudience } from "@vitrine/domain";
import { createdAt, sqlStringList, updatedAt } from "./columns";
import { users } from "./users";

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
    /** Who has 'Je le prends' on the site during the live (decision 047). */
    siteClaims: text("site_claims").$type<SiteClaimAudience>().notNull().default(DEFAULT_SITE_CLAIM_AUDIENCE),
    /** The piece staff present now, who marked it and when. */
    // References products (on delete set null) in its migration: products' schema imports this one.
    shownProductId: uuid("shown_product_id"),
    shownAt: timestamp("shown_at", { withTimezone: true }),
    shownByUserId: uuid("shown_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("lives_ref_key").on(table.ref),
    check("lives_ref_format", sql`${table.ref} ~ '^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$'`),
    check("lives_site_claims", sql`${table.siteClaims} in (${sqlStringList(SITE_CLAIM_AUDIENCES)})`),
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
    /**
     * The server's receive order: a comment's claim order and the feed's resume point.
     * Ingestion assigns it under an advisory lock, so it increases in commit order.
     */
    seq: bigserial("seq", { mode: "number" }).notNull(),
  },
  (table) => [
    uniqueIndex("tiktok_events_live_msg_key").on(table.liveId, table.msgId),
    index("tiktok_events_live_time_idx").on(table.liveId, table.createTime),
    index("tiktok_events_live_seq_idx").on(table.liveId, table.seq),
  ],
);

/** The last state a live's source (TikTok bridge, simulator) reported: the sidebar shows it. */
export const liveSourceStatus = pgTable(
  "live_source_status",
  {
    liveId: uuid("live_id")
      .primaryKey()
      .references(() => lives.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      "live_source_status_state",
      sql`${table.state} in ('connected', 'reconnecting', 'disconnected', 'degraded')`,
    ),
  ],
);
