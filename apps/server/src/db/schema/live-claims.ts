import { CLAIM_MODES, CLAIM_RELEASE_REASONS, DOUBT_ANSWERS, DOUBT_REASONS } from "@vitrine/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  primaryKey,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { products } from "./catalogue";
import { createdAt, sqlStringList, updatedAt } from "./columns";
import { lives, tiktokEvents } from "./lives";
import { orderItems, orders } from "./orders";
import { paymentReviews } from "./payment-reviews";
import { users } from "./users";

/**
 * Every change of a claim draws the next value (a trigger on live_claims), under the live's claim
 * lock: per live, versions increase in commit order, which is what a stream resumes after.
 */
export const LIVE_CLAIM_VERSION_SEQUENCE = "live_claim_version";
export const liveClaimVersionSequence = pgSequence(LIVE_CLAIM_VERSION_SEQUENCE, { startWith: 1 });

/**
 * One row per live whose claims were processed (decision 030). Its row lock is the live's claim
 * lock: every writer of the live's claims takes it first (FOR UPDATE), then orders, then claims.
 */
export const liveClaimState = pgTable(
  "live_claim_state",
  {
    liveId: uuid("live_id")
      .primaryKey()
      .references(() => lives.id, { onDelete: "cascade" }),
    mode: text("mode").notNull().default("manuel"),
    /** The live's own hold; null: the shop's setting (CLAIM_HOLD_HOURS). */
    holdSeconds: integer("hold_seconds"),
    /** How long a doubt waits for staff in this live; null: the shop's (CLAIM_DOUBT_SECONDS). */
    doubtSeconds: integer("doubt_seconds"),
    /** The last chat event (tiktok_events.seq) the processor read: it resumes after it. */
    lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
    /** Chat comments read. */
    comments: bigint("comments", { mode: "number" }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("live_claim_state_mode", sql`${table.mode} in (${sqlStringList(CLAIM_MODES)})`),
    check("live_claim_state_hold_positive", sql`${table.holdSeconds} IS NULL OR ${table.holdSeconds} > 0`),
    check("live_claim_state_doubt_positive", sql`${table.doubtSeconds} IS NULL OR ${table.doubtSeconds} > 0`),
  ],
);

/**
 * One claim of a piece by a viewer, from a chat comment. 'paid' is not stored: it is the state of
 * an in-order claim whose order is paid.
 */
export const liveClaims = pgTable(
  "live_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    liveId: uuid("live_id")
      .notNull()
      .references(() => lives.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => tiktokEvents.id, { onDelete: "cascade" }),
    /** The comment's receive order: who was first. */
    seq: bigint("seq", { mode: "number" }).notNull(),
    /** Lowercased, no @. */
    handle: text("handle").notNull(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sizeRead: text("size_read"),
    colorRead: text("color_read"),
    state: text("state").notNull(),
    /** The place on the piece's waitlist: the seq at first, past the last one after a skip. */
    queueRank: bigint("queue_rank", { mode: "number" }).notNull(),
    releaseReason: text("release_reason"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    orderItemId: uuid("order_item_id").references(() => orderItems.id, { onDelete: "set null" }),
    heldUntil: timestamp("held_until", { withTimezone: true }),
    lateUnclaimAt: timestamp("late_unclaim_at", { withTimezone: true }),
    /** When the claim left the waitlist to be served (its customer is told 'C'est à vous !'). */
    handedOverAt: timestamp("handed_over_at", { withTimezone: true }),
    /**
     * When a payment form of the order moved the hold's end to the form's end: once per claim, so
     * new forms never keep the piece from the waitlist.
     */
    holdDeferredAt: timestamp("hold_deferred_at", { withTimezone: true }),
    /**
     * Why the comment was doubtful (decision 037); null for a sure claim. Kept after staff answer:
     * the claim is 'À confirmer' while it is set, not confirmed, and pending or waitlisted.
     */
    doubtReason: text("doubt_reason"),
    /** When an unanswered doubt is dropped ('doubt-expired'); null once answered or expired. */
    doubtUntil: timestamp("doubt_until", { withTimezone: true }),
    /** The doubtful comment's whole reading as the engine applied it, for the answers file. */
    doubtReading: jsonb("doubt_reading"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The last staff action on the claim, by whom and when: an action is done once ('Déjà fait par …'). */
    decidedByUserId: uuid("decided_by_user_id").references(() => users.id, { onDelete: "set null" }),
    decidedAction: text("decided_action"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** When the claim last began to hold its piece (pending or in an order), set by a trigger. */
    holdingSince: timestamp("holding_since", { withTimezone: true }),
    version: bigint("version", { mode: "number" })
      .notNull()
      .default(sql`nextval('live_claim_version')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("live_claims_state", sql`${table.state} in ('pending', 'in-order', 'waitlisted', 'released')`),
    check(
      "live_claims_release_reason",
      sql`(${table.state} = 'released') = (${table.releaseReason} IS NOT NULL) AND (${table.releaseReason} IS NULL OR ${table.releaseReason} in (${sqlStringList(CLAIM_RELEASE_REASONS)}))`,
    ),
    // One holder per piece, one live claim per viewer and piece.
    uniqueIndex("live_claims_one_holder")
      .on(table.productId)
      .where(sql`${table.state} in ('pending', 'in-order')`),
    uniqueIndex("live_claims_one_per_viewer")
      .on(table.productId, table.handle)
      .where(sql`${table.state} <> 'released'`),
    index("live_claims_waitlist_idx")
      .on(table.productId, table.queueRank)
      .where(sql`${table.state} = 'waitlisted'`),
    index("live_claims_live_version_idx").on(table.liveId, table.version),
    index("live_claims_held_until_idx")
      .on(table.heldUntil)
      .where(sql`${table.state} = 'in-order'`),
    // Only claims in an order have one: most of a busy live's claims wait, and skip these.
    index("live_claims_order_item_idx")
      .on(table.orderItemId)
      .where(sql`${table.orderItemId} IS NOT NULL`),
    index("live_claims_order_idx")
      .on(table.orderId)
      .where(sql`${table.orderId} IS NOT NULL`),
    index("live_claims_event_idx").on(table.eventId),
    check(
      "live_claims_doubt_reason",
      sql`${table.doubtReason} IS NULL OR ${table.doubtReason} in (${sqlStringList(DOUBT_REASONS)})`,
    ),
    check(
      "live_claims_decided_action",
      sql`${table.decidedAction} IS NULL OR ${table.decidedAction} in ('give', 'release', 'skip', 'remove', 'confirm', 'ignore')`,
    ),
    // The doubts still waiting for staff (the settle's backstop looks for those past due).
    index("live_claims_doubt_until_idx")
      .on(table.doubtUntil)
      .where(
        sql`${table.doubtUntil} IS NOT NULL AND ${table.confirmedAt} IS NULL AND ${table.state} in ('pending', 'waitlisted')`,
      ),
    // A customer's own claims of a live (/customer/live).
    index("live_claims_live_handle_idx").on(table.liveId, table.handle),
    // Sold claims are counted per live (decision 041).
    index("live_claims_sold_idx")
      .on(table.liveId)
      .where(sql`${table.releaseReason} = 'sold'`),
  ],
);

/**
 * Lines that stopped holding a claimed piece without the engine (the order page removed it, the
 * order was cancelled): written by a trigger on order_items, applied by the processor under the
 * claim lock.
 */
export const liveClaimInbox = pgTable(
  "live_claim_inbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    liveId: uuid("live_id")
      .notNull()
      .references(() => lives.id, { onDelete: "cascade" }),
    claimId: uuid("claim_id")
      .notNull()
      .references(() => liveClaims.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("live_claim_inbox_live_idx").on(table.liveId, table.id)],
);

/**
 * One row per hold that ended unpaid (a claim released 'hold-expired'), written by the trigger
 * that counts it against its customer (users.unpaid_holds). A payment of the order that reaches
 * the shop after the end makes it a late payment's: not counted, or taken back (decision 036).
 */
export const expiredHolds = pgTable(
  "expired_holds",
  {
    claimId: uuid("claim_id")
      .primaryKey()
      .references(() => liveClaims.id, { onDelete: "cascade" }),
    /** The order's last payment form when the hold ended (null: none was ever asked). */
    paymentFormAt: timestamp("payment_form_at", { withTimezone: true }),
    /** The payment to review that came for the piece after its hold ended. */
    latePaymentReviewId: uuid("late_payment_review_id").references(() => paymentReviews.id, {
      onDelete: "set null",
    }),
    /** Whether it counts in its customer's users.unpaid_holds now. */
    counted: boolean("counted").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("expired_holds_late_payment_idx")
      .on(table.latePaymentReviewId)
      .where(sql`${table.latePaymentReviewId} IS NOT NULL`),
  ],
);

/**
 * Every answer to a doubt (decision 037): staff's 'Confirmer' or 'Ignorer', or its wait running
 * out, with the comment and the reading the engine made of it. Given back as the labelled
 * corpus's lines (GET …/claims/doubt-answers).
 */
export const liveClaimDoubtAnswers = pgTable(
  "live_claim_doubt_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    liveId: uuid("live_id")
      .notNull()
      .references(() => lives.id, { onDelete: "cascade" }),
    claimId: uuid("claim_id")
      .notNull()
      .references(() => liveClaims.id, { onDelete: "cascade" }),
    handle: text("handle").notNull(),
    comment: text("comment").notNull(),
    reading: jsonb("reading"),
    ref: integer("ref").notNull(),
    answer: text("answer").notNull(),
    /** Null: nobody answered, the doubt's wait ran out. */
    answeredByUserId: uuid("answered_by_user_id").references(() => users.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("live_claim_doubt_answers_answer", sql`${table.answer} in (${sqlStringList(DOUBT_ANSWERS)})`),
    index("live_claim_doubt_answers_live_idx").on(table.liveId, table.answeredAt),
    index("live_claim_doubt_answers_claim_idx").on(table.claimId),
  ],
);

/**
 * A comment's claim of a reference that is no piece of the live (decision 041): kept once per
 * comment and reference, shown on the comment ('Réf 54 · introuvable dans ce live') and counted
 * for staff. Its version comes from the claims' sequence, so a stream resumes after it.
 */
export const liveClaimUnknownRefs = pgTable(
  "live_claim_unknown_refs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    liveId: uuid("live_id")
      .notNull()
      .references(() => lives.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => tiktokEvents.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    handle: text("handle").notNull(),
    ref: integer("ref").notNull(),
    version: bigint("version", { mode: "number" })
      .notNull()
      .default(sql`nextval('live_claim_version')`),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("live_claim_unknown_refs_event_ref").on(table.eventId, table.ref),
    index("live_claim_unknown_refs_live_version_idx").on(table.liveId, table.version),
  ],
);

/**
 * A customer's comment test of a live (decision 047): the code they comment (their handle proof
 * code) and when a comment of their handle carried it; none after COMMENT_TEST_SECONDS, their
 * comments do not arrive.
 */
export const liveCommentTests = pgTable(
  "live_comment_tests",
  {
    liveId: uuid("live_id")
      .notNull()
      .references(() => lives.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Lowercased, no @: the handle the test started with. */
    handle: text("handle").notNull(),
    code: text("code").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.liveId, table.userId] }),
    index("live_comment_tests_live_handle_idx").on(table.liveId, table.handle),
  ],
);
