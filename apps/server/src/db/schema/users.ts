import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { HANDLE_PLATFORMS, type HandlePlatform } from "@vitrine/domain";
import { authUsers } from "./auth";
import { createdAt, sqlStringList, updatedAt } from "./columns";

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
    /** When a chat comment of this handle carried the account's proof code (decision 032); a new handle clears it. */
    handleVerifiedAt: timestamp("handle_verified_at", { withTimezone: true }),
    /** The code the profile shows ("VT-7K3QX", handle-proof.ts), made when first shown. */
    handleProofCode: text("handle_proof_code"),
    /** Holds of theirs that expired unpaid: at UNPAID_HOLDS_LIMIT the engine gives them nothing by itself. */
    unpaidHolds: integer("unpaid_holds").notNull().default(0),
    displayName: text("display_name"),
    isAdmin: boolean("is_admin").notNull().default(false),
    /** The last sign-in that opened a session (magic link or password); impersonation is not one. */
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("users_auth_id_key").on(table.authId),
    uniqueIndex("users_email_key").on(sql`lower(${table.email})`),
    uniqueIndex("users_tiktok_username_key").on(sql`lower(${table.tiktokUsername})`),
    uniqueIndex("users_handle_proof_code_key")
      .on(table.handleProofCode)
      .where(sql`${table.handleProofCode} IS NOT NULL`),
    check("users_unpaid_holds_non_negative", sql`${table.unpaidHolds} >= 0`),
    // Substring ILIKE on e-mail and handle through trigrams (pg_trgm): the orders list's free text.
    index("users_email_trgm_idx").using("gin", table.email.op("gin_trgm_ops")),
    index("users_tiktok_username_trgm_idx").using("gin", table.tiktokUsername.op("gin_trgm_ops")),
  ],
);

/** A sign-up waiting for its e-mail confirmation: the handle is claimed only once confirmed. */
export const pendingSignups = pgTable("pending_signups", {
  email: text("email").primaryKey(),
  tiktokUsername: text("tiktok_username").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * A customer's account on a platform beside TikTok: the name they show there (entered in their
 * profile), then the viewer key (viewerKey) a comment carrying their proof code gave it, or staff
 * linked. Claims under that key join the customer's orders; a key is one account's only.
 */
export const userPlatformHandles = pgTable(
  "user_platform_handles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform").$type<HandlePlatform>().notNull(),
    /** As entered, cleaned (platform-handles.ts). */
    name: text("name").notNull(),
    /** The name as a comment's author name is compared with it (platformHandleNameKey). */
    nameKey: text("name_key").notNull(),
    viewerKey: text("viewer_key"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** The staff member who linked the key by hand; null when a comment proved it. */
    linkedByUserId: uuid("linked_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("user_platform_handles_user_platform_key").on(table.userId, table.platform),
    uniqueIndex("user_platform_handles_viewer_key")
      .on(table.viewerKey)
      .where(sql`${table.viewerKey} IS NOT NULL`),
    index("user_platform_handles_unproven_name_idx")
      .on(table.platform, table.nameKey)
      .where(sql`${table.viewerKey} IS NULL`),
    check("user_platform_handles_platform", sql`${table.platform} in (${sqlStringList(HANDLE_PLATFORMS)})`),
    check(
      "user_platform_handles_key_of_platform",
      sql`${table.viewerKey} IS NULL OR ${table.viewerKey} LIKE ${table.platform} || ':%'`,
    ),
    check("user_platform_handles_proven", sql`(${table.viewerKey} IS NULL) = (${table.verifiedAt} IS NULL)`),
  ],
);
