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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  DEFAULT_LIVE_PLATFORM,
  DEFAULT_SITE_CLAIM_AUDIENCE,
  LIVE_PLATFORMS,
  SITE_CLAIM_AUDIENCES,
  type LivePlatform,
  type SiteClaimAudience,
} from "@vitrine/domain";
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
    /** The live's sources on each platform, as staff enter them (none: the platform is not used). */
    tiktokUser: text("tiktok_user"),
    youtubeVideoId: text("youtube_video_id"),
    facebookLiveVideoId: text("facebook_live_video_id"),
    instagramAccountId: text("instagram_account_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("lives_ref_key").on(table.ref),
    check("lives_ref_format", sql`${table.ref} ~ '^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$'`),
    check("lives_site_claims", sql`${table.siteClaims} in (${sqlStringList(SITE_CLAIM_AUDIENCES)})`),
    // The Instagram webhook finds the live by its account: one active live per account.
    uniqueIndex("lives_active_instagram_account_key")
      .on(table.instagramAccountId)
      .where(sql`${table.isActive} AND ${table.instagramAccountId} IS NOT NULL`),
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
    /** The platform the event came from (LIVE_PLATFORMS). */
    platform: text("platform").$type<LivePlatform>().notNull().default(DEFAULT_LIVE_PLATFORM),
    tiktokUserId: text("tiktok_user_id"),
    userNickname: text("user_nickname"),
    /** The viewer's key (viewerKey): the TikTok handle as sent, or `<platform>:<author id>`. */
    userUniqueId: text("user_unique_id"),
    comment: text("comment"),
    /** Epoch milliseconds as the platform reports it. */
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
    uniqueIndex("tiktok_events_live_platform_msg_key").on(table.liveId, table.platform, table.msgId),
    check("tiktok_events_platform", sql`${table.platform} in (${sqlStringList(LIVE_PLATFORMS)})`),
    index("tiktok_events_live_time_idx").on(table.liveId, table.createTime),
    index("tiktok_events_live_seq_idx").on(table.liveId, table.seq),
  ],
);

/**
 * The last state each source of a live (TikTok bridge, simulator) reported, with its health: the
 * sidebar and the live's page show it per source.
 */
export const liveSourceStatus = pgTable(
  "live_source_status",
  {
    liveId: uuid("live_id")
      .notNull()
      .references(() => lives.id, { onDelete: "cascade" }),
    /** The source's name as it reports it ('tiktok' for a bridge that names none). */
    source: text("source").notNull().default("tiktok"),
    state: text("state").notNull(),
    /** The source's last event, by its clock; null until it had one. */
    lastEventAt: timestamp("last_event_at", { withTimezone: true }),
    reconnects: integer("reconnects").notNull().default(0),
    /** Events the source did not send again or the server did not store twice. */
    duplicatesDropped: integer("duplicates_dropped").notNull().default(0),
    /** The source's first report for the live: a live silent from the start counts from it. */
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.liveId, table.source] }),
    check(
      "live_source_status_state",
      sql`${table.state} in ('connected', 'reconnecting', 'disconnected', 'degraded', 'stopped')`,
    ),
    check("live_source_status_counts", sql`${table.reconnects} >= 0 AND ${table.duplicatesDropped} >= 0`),
  ],
);

/** A cut in a source's connection it reported once reconnected: what the live may have missed. */
export const liveSourceGaps = pgTable(
  "live_source_gaps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    liveId: uuid("live_id")
      .notNull()
      .references(() => lives.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull(),
    /** Events of the cut the connector sent again on reconnecting (the bridge had them already). */
    resent: integer("resent").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    // A report sent again (a retry) is the same gap.
    uniqueIndex("live_source_gaps_once").on(table.liveId, table.source, table.startedAt),
    check("live_source_gaps_span", sql`${table.endedAt} >= ${table.startedAt}`),
    check("live_source_gaps_resent", sql`${table.resent} >= 0`),
  ],
);
