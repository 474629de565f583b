import * as z from "zod/mini";
import { ORDER_STATUSES } from "../order-status";
import {
  LIVE_EVENT_TYPES,
  LIVE_PLATFORMS,
  LIVE_INGEST_MAX_EVENTS,
  LIVE_SOURCE_STATES,
  liveSellingMessages,
} from "../live-selling";

/** A source's name: what tells two sources of one live apart ('tiktok', 'tiktok-2'). */
const sourceNameSchema = z
  .string({ error: liveSellingMessages.sourceNameInvalid })
  .check(z.regex(/^[a-z0-9_-]{1,40}$/, { error: liveSellingMessages.sourceNameInvalid }));
/** A count a source keeps since it started (reconnects, duplicates dropped). */
const sourceCountSchema = z
  .int({ error: liveSellingMessages.sourceCountInvalid })
  .check(
    z.nonnegative({ error: liveSellingMessages.sourceCountInvalid }),
    z.maximum(1_000_000_000, { error: liveSellingMessages.sourceCountInvalid }),
  );
/** An instant as epoch milliseconds, between 2020 and 2100. */
const sourceTimeSchema = z
  .int({ error: liveSellingMessages.sourceTimeInvalid })
  .check(
    z.minimum(1_577_836_800_000, { error: liveSellingMessages.sourceTimeInvalid }),
    z.maximum(4_102_444_800_000, { error: liveSellingMessages.sourceTimeInvalid }),
  );
/** The longest cut a source reports: beyond it, its clock or its report is wrong. */
export const LIVE_SOURCE_GAP_MAX_MS = 24 * 3600 * 1000;
import { adminOrderItemSchema, productSuggestionSchema } from "./admin-order-detail";

/*
 * Contracts of live selling (decision 018). Three surfaces:
 *  - ingestion: POST /api/live-ingest/events and /status, for live sources (TikTok bridge,
 *    `npm run live:simulate`), authenticated by `Authorization: Bearer <LIVE_INGEST_TOKEN>`;
 *  - the live feed: GET /api/admin/live-feed/stream (server-sent events),
 *    GET /api/admin/live-feed/events (the 5 s polling fallback) and
 *    GET /api/admin/live-feed/gap (what either did not send, read back), admins only;
 *  - the sidebar: /api/admin/live-sidebar/*, admins only.
 */

// ---- Ingestion ---------------------------------------------------------------------------

/** One event as a source sends it; `msgId` makes a resend harmless (duplicates are ignored). */
export const liveIngestEventSchema = z.object({
  type: z.enum(LIVE_EVENT_TYPES),
  /** The platform the event comes from; bridges that predate other platforms send none (TikTok). */
  platform: z.optional(z.enum(LIVE_PLATFORMS)),
  /** The platform's message id, unique per platform in a live. */
  msgId: z.string().check(z.minLength(1), z.maxLength(128)),
  /** Epoch milliseconds as the platform reports it: evidence only, claims rank by receipt. */
  createTime: z.int().check(z.nonnegative()),
  /** TikTok's numeric user id, when the source has it. */
  tiktokUserId: z.nullable(z.string().check(z.maxLength(64))),
  /** The viewer's handle (TikTok "uniqueId") or, on another platform, its stable author id. */
  uniqueId: z.string().check(z.minLength(1), z.maxLength(64)),
  nickname: z.nullable(z.string().check(z.maxLength(200))),
  avatarUrl: z.nullable(z.string().check(z.maxLength(2000))),
  /** The chat text; null for member, gift and like events. */
  comment: z.nullable(z.string().check(z.maxLength(1000))),
  /** The source's raw event, kept for 'Détails'. */
  payload: z.record(z.string(), z.unknown()),
});
export type LiveIngestEvent = z.infer<typeof liveIngestEventSchema>;

/** A live is named by its ref, as a source's operator types it (`--live <ref>`). */
export const liveIngestRequestSchema = z.object({
  liveRef: z.string().check(z.minLength(1), z.maxLength(10)),
  events: z.array(liveIngestEventSchema).check(z.minLength(1), z.maxLength(LIVE_INGEST_MAX_EVENTS)),
});
export type LiveIngestRequest = z.infer<typeof liveIngestRequestSchema>;

/** Answered once the events are committed: `accepted` new, `duplicates` already stored. */
export const liveIngestResponseSchema = z.object({
  accepted: z.int(),
  duplicates: z.int(),
});
export type LiveIngestResponse = z.infer<typeof liveIngestResponseSchema>;

/**
 * A source's state and health. Bridges that predate health send only `liveRef` and `state`: the
 * source is then DEFAULT_LIVE_SOURCE and the health fields they do not send keep their values.
 */
export const liveSourceStatusRequestSchema = z.object({
  liveRef: z.string().check(z.minLength(1), z.maxLength(10)),
  state: z.enum(LIVE_SOURCE_STATES),
  source: z.optional(sourceNameSchema),
  /** The source's last event, epoch milliseconds by its clock. */
  lastEventAt: z.optional(z.nullable(sourceTimeSchema)),
  /** Reconnections since the source started. */
  reconnects: z.optional(sourceCountSchema),
  /** Events it did not send again (already sent) plus those the server answered it already had. */
  duplicatesDropped: z.optional(sourceCountSchema),
});
export type LiveSourceStatusRequest = z.infer<typeof liveSourceStatusRequestSchema>;

/**
 * POST /api/live-ingest/gaps: a cut the source reports once reconnected, `from` (it lost the
 * connection) to `to` (it had it again), epoch milliseconds by its clock; `resent`: the events of
 * the cut the connector sent again on reconnecting, which the source already had.
 */
export const liveSourceGapRequestSchema = z
  .object({
    liveRef: z.string().check(z.minLength(1), z.maxLength(10)),
    source: z.optional(sourceNameSchema),
    from: sourceTimeSchema,
    to: sourceTimeSchema,
    resent: sourceCountSchema,
  })
  .check(
    z.refine((gap) => gap.to >= gap.from, { error: liveSellingMessages.gapEndsBeforeStart, path: ["to"] }),
    z.refine((gap) => gap.to - gap.from <= LIVE_SOURCE_GAP_MAX_MS, {
      error: liveSellingMessages.gapTooLong,
      path: ["to"],
    }),
  );
export type LiveSourceGapRequest = z.infer<typeof liveSourceGapRequestSchema>;

/** A cut as stored: instants in ISO 8601. */
export const liveSourceGapSchema = z.object({
  id: z.string(),
  liveId: z.string(),
  source: z.string(),
  from: z.string(),
  to: z.string(),
  resent: z.int(),
});
export type LiveSourceGap = z.infer<typeof liveSourceGapSchema>;
export const liveSourceGapResponseSchema = z.object({ gap: liveSourceGapSchema });

// ---- Live feed (SSE and polling) -------------------------------------------------------------

/**
 * One stored live event as the feed carries it. `seq` is the server's receive order (assigned at
 * ingestion, increasing in commit order within a live): a comment's claim order, and the SSE
 * event id a reconnecting client resumes after.
 */
export const liveFeedEventSchema = z.object({
  id: z.string(),
  seq: z.int(),
  liveId: z.string(),
  eventType: z.string(),
  /** The platform the event came from. */
  platform: z.enum(LIVE_PLATFORMS),
  tiktokUserId: z.nullable(z.string()),
  userNickname: z.nullable(z.string()),
  /** The viewer's key (viewerKey): a TikTok handle, or `<platform>:<author id>`. */
  userUniqueId: z.nullable(z.string()),
  comment: z.nullable(z.string()),
  /** Epoch milliseconds as TikTok reports it. */
  createTime: z.int(),
  /** ISO 8601 instant the server stored it. */
  insertedAt: z.string(),
});
export type LiveFeedEvent = z.infer<typeof liveFeedEventSchema>;

/**
 * GET /api/admin/live-feed/events?liveId=&after=&types=chat
 * Without `liveId`: every active live. Without `after`: the latest LIVE_FEED_LIMIT, oldest first.
 * With `after` (a seq): the newest LIVE_FEED_LIMIT events after it, oldest first, and when more
 * came after it, `gap`: the older ones, not sent (read them with GET /api/admin/live-feed/gap).
 */
export const liveFeedQuerySchema = z.object({
  liveId: z.optional(z.uuid()),
  after: z.optional(z.coerce.number().check(z.int(), z.nonnegative())),
  /** Comma-separated event types; all when absent. */
  types: z.optional(z.string()),
});
/**
 * The stream's query: the feed's, and where its claims resume. `claimsAfter` (a claim version)
 * asks for the claims of `claimsLiveId` (else of `liveId`) changed after it, sent first as one
 * `claims` event; a stream spanning every live names the live whose claims it resumes.
 */
export const liveFeedStreamQuerySchema = z.object({
  ...liveFeedQuerySchema.shape,
  claimsLiveId: z.optional(z.uuid()),
  claimsAfter: z.optional(z.coerce.number().check(z.int(), z.nonnegative())),
});
export type LiveFeedStreamQuery = z.infer<typeof liveFeedStreamQuerySchema>;
/** A `claimsAfter` without a live to resume the claims of. */
export const claimsResumeNeedsLiveMessage = "Indiquez le live dont les réservations doivent reprendre";
/**
 * What the feed did not send (a stream's `event: gap`, a poll's `gap`): the events of its scope
 * (live, types) with `after < seq <= through`, `count` of them. A client shows the count and
 * reads them with GET /api/admin/live-feed/gap.
 */
export const liveFeedGapSchema = z.object({
  after: z.int().check(z.nonnegative()),
  through: z.int().check(z.positive()),
  count: z.int().check(z.nonnegative()),
});
export type LiveFeedGap = z.infer<typeof liveFeedGapSchema>;
/** With `gap` when more than LIVE_FEED_LIMIT events came after `after`: the older ones, not sent. */
export const liveFeedResponseSchema = z.object({
  events: z.array(liveFeedEventSchema),
  gap: z.optional(liveFeedGapSchema),
});

/**
 * GET /api/admin/live-feed/gap?after=&through=&liveId=&types=chat
 * One page of a gap: up to LIVE_FEED_GAP_PAGE events with `after < seq <= through`, oldest first;
 * `next` is the `after` of the following page, null once the range is read.
 */
export const liveFeedGapQuerySchema = z
  .object({
    liveId: z.optional(z.uuid()),
    types: z.optional(z.string()),
    after: z.coerce
      .number({ error: liveSellingMessages.gapRangeInvalid })
      .check(
        z.int({ error: liveSellingMessages.gapRangeInvalid }),
        z.nonnegative({ error: liveSellingMessages.gapRangeInvalid }),
      ),
    through: z.coerce
      .number({ error: liveSellingMessages.gapRangeInvalid })
      .check(
        z.int({ error: liveSellingMessages.gapRangeInvalid }),
        z.maximum(Number.MAX_SAFE_INTEGER, { error: liveSellingMessages.gapRangeInvalid }),
      ),
  })
  .check(
    z.refine((query) => query.through > query.after, {
      error: liveSellingMessages.gapRangeInvalid,
      path: ["through"],
    }),
  );
export const liveFeedGapResponseSchema = z.object({
  events: z.array(liveFeedEventSchema),
  next: z.nullable(z.int()),
});

export const liveSourceStatusSchema = z.object({
  liveId: z.string(),
  source: z.string(),
  state: z.enum(LIVE_SOURCE_STATES),
  /** ISO 8601 instant of the source's last report. */
  updatedAt: z.string(),
  /** ISO 8601 instant of the source's last event, as it reported it; null before any. */
  lastEventAt: z.nullable(z.string()),
  reconnects: z.int(),
  duplicatesDropped: z.int(),
});
export type LiveSourceStatus = z.infer<typeof liveSourceStatusSchema>;
/** POST /api/live-ingest/status answers the state as stored; 409 for a live that is not active. */
export const liveSourceStatusResponseSchema = z.object({ source: liveSourceStatusSchema });
/** GET /api/admin/live-feed/sources: the last reported state of each active live's source. */
export const liveSourceStatusListResponseSchema = z.object({ sources: z.array(liveSourceStatusSchema) });

/**
 * GET /api/admin/live-feed/health?liveId=: the live's sources, whether it is silent (the server
 * decides, on its clock: no event received for `silenceSeconds` while the live is active), and the
 * cuts its sources reported, newest first.
 */
export const liveSourceHealthSchema = z.object({
  liveId: z.string(),
  sources: z.array(liveSourceStatusSchema),
  silent: z.boolean(),
  silenceSeconds: z.int(),
  /** ISO 8601 instant the server received the live's last event; null before any. */
  lastReceivedAt: z.nullable(z.string()),
  /** ISO 8601 instant of the server's clock when it answered (the ages shown count from it). */
  now: z.string(),
  gaps: z.array(liveSourceGapSchema),
});
export type LiveSourceHealth = z.infer<typeof liveSourceHealthSchema>;
export const liveSourceHealthResponseSchema = z.object({ health: liveSourceHealthSchema });

/*
 * GET /api/admin/live-feed/stream?liveId=&types=   (text/event-stream)
 * Resume: the `Last-Event-ID` header (EventSource sends it) or `?after=<seq>`. On connect the
 * server replays the events after it (or nothing without it): all of them, or when there are
 * more than 10,000 the newest 10,000, after a `gap` naming the older ones. Then it streams:
 *   event: gap                      data: LiveFeedGap   (first, when the replay skipped events)
 *   event: live-event   id: <seq>   data: LiveFeedEvent
 *   event: orders                   data: LiveOrdersChanged   (no id: clients refetch the list)
 *   event: source                   data: LiveSourceStatus
 * and a `: keep-alive` comment every 15 s.
 */
export const liveOrdersChangedSchema = z.object({ liveId: z.string(), orderId: z.string() });
export type LiveOrdersChanged = z.infer<typeof liveOrdersChangedSchema>;

// ---- Sidebar -------------------------------------------------------------------------------

export const liveSidebarLiveQuerySchema = z.object({
  liveId: z.uuid({ error: liveSellingMessages.liveRequired }),
});

/** GET /api/admin/live-sidebar/products?liveId=&ref=12: available products of the live. */
export const liveSidebarProductsQuerySchema = z.object({
  liveId: z.uuid({ error: liveSellingMessages.liveRequired }),
  ref: z.string().check(z.regex(/^\d{1,6}$/)),
});
export const liveSidebarProductsResponseSchema = z.object({ products: z.array(productSuggestionSchema) });

/**
 * GET /api/admin/live-sidebar/claimables?liveId=: what the claim parser needs, the references of
 * the live's products still available and those sold (with who bought them), for the waitlists.
 */
export const liveClaimablesResponseSchema = z.object({
  availableRefs: z.array(z.int()),
  sold: z.array(
    z.object({
      ref: z.int(),
      productId: z.string(),
      orderId: z.string(),
      tiktokUsername: z.nullable(z.string()),
    }),
  ),
});
export type LiveClaimables = z.infer<typeof liveClaimablesResponseSchema>;

/** GET /api/admin/live-sidebar/handles?q=mar&liveId=: users and viewers of the live, 100 at most. */
export const liveHandleSuggestionsQuerySchema = z.object({
  q: z.string().check(z.minLength(1), z.maxLength(64)),
  liveId: z.optional(z.uuid()),
});
export const liveHandleSuggestionSchema = z.object({
  tiktokUsername: z.string(),
  displayName: z.nullable(z.string()),
  avatarUrl: z.nullable(z.string()),
  /** The shop's user with this handle, when one exists. */
  userId: z.nullable(z.string()),
  source: z.enum(["user", "viewer"]),
});
export type LiveHandleSuggestion = z.infer<typeof liveHandleSuggestionSchema>;
export const liveHandleSuggestionsResponseSchema = z.object({
  handles: z.array(liveHandleSuggestionSchema),
});

/** POST /api/admin/live-sidebar/add: the one-gesture add (spec §4, §5). */
export const liveSidebarAddInputSchema = z.object({
  liveId: z.uuid({ error: liveSellingMessages.liveRequired }),
  productId: z.uuid({ error: liveSellingMessages.productAndHandleRequired }),
  handle: z
    .string({ error: liveSellingMessages.productAndHandleRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: liveSellingMessages.productAndHandleRequired, abort: true }),
      z.maxLength(64),
    ),
  comment: z.optional(z.nullable(z.string().check(z.maxLength(1000)))),
  /** The feed event this add comes from (a claim), for the record. */
  sourceEventId: z.optional(z.uuid()),
});
export type LiveSidebarAddInput = z.input<typeof liveSidebarAddInputSchema>;

/** One of the live's latest orders in the sidebar (spec §2). */
export const liveSidebarOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** ISO 8601 instant. */
  orderDate: z.string(),
  totalAmountCents: z.int(),
  comment: z.nullable(z.string()),
  live: z.object({ id: z.string(), title: z.string() }),
  client: z.object({
    id: z.string(),
    /** The viewer's key (viewerKey). */
    tiktokUsername: z.nullable(z.string()),
    firstName: z.nullable(z.string()),
    lastName: z.nullable(z.string()),
    /** The name another platform's viewer showed in the live (their key is an author id). */
    viewerName: z.nullable(z.string()),
  }),
  items: z.array(adminOrderItemSchema),
});
export type LiveSidebarOrder = z.infer<typeof liveSidebarOrderSchema>;

export const liveSidebarAddResponseSchema = z.object({
  order: liveSidebarOrderSchema,
  /** Whether the add created the order (false: the user's to-validate order of the live was reused). */
  orderCreated: z.boolean(),
  /** Whether the add created the user from the handle. */
  userCreated: z.boolean(),
});
export type LiveSidebarAddResponse = z.infer<typeof liveSidebarAddResponseSchema>;

/**
 * GET /api/admin/live-sidebar/source-help: what the sidebar may suggest when no source is
 * connected (the simulator's command is a developer's, never shown in production).
 */
export const liveSidebarSourceHelpSchema = z.object({ simulatorAvailable: z.boolean() });
export type LiveSidebarSourceHelp = z.infer<typeof liveSidebarSourceHelpSchema>;

/** GET /api/admin/live-sidebar/orders?liveId=: the 50 latest orders of the live, newest first. */
export const liveSidebarOrdersResponseSchema = z.object({ orders: z.array(liveSidebarOrderSchema) });

/** DELETE /api/admin/live-sidebar/orders/:orderId/items/:itemId -> { order }. */
export const liveSidebarItemParamsSchema = z.object({ orderId: z.string(), itemId: z.string() });
export const liveSidebarOrderResponseSchema = z.object({ order: liveSidebarOrderSchema });
