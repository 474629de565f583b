import {
  CLAIM_MODES,
  DEFAULT_LIVE_PLATFORM,
  LIVE_EVENT_TYPES,
  LIVE_PLATFORMS,
  SITE_CLAIM_EVENT_TYPE,
  type LivePlatform,
} from "@vitrine/domain";
import { z } from "zod";
import { CLAIM_ACTIONS, type ClaimAction } from "./service";

/*
 * A live's raw events as a file (decision 045): every input that changes the live's claims, one
 * JSON object a line, in receive order, each with its receive time `at` (ISO 8601, UTC, to the
 * microsecond). The chat comments and the claims made from the site as tiktok_events stores them;
 * the live's pieces, the shop's colour names (the reader reads colours by them) and the viewers'
 * unpaid holds from before the live; the live's claim settings as staff set them; staff's actions
 * on claims; the pieces added to orders by hand, the claims' lines removed by hand and the orders
 * cancelled; the payment forms and payments of the live's orders; and the moment of the export, up
 * to which the replay lets holds and doubts expire. A claim is named by its viewer, its piece and
 * its comment's seq in this file; an order by its viewer and its place among that viewer's orders
 * of the live: ids are the database's own, a replay makes others.
 */

/** The file's format version, in its first line. */
export const LIVE_EVENTS_FORMAT = 1;

const at = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/, "not a receive time");
const handle = z.string().min(1).max(64);
const claimRef = z.strictObject({
  handle,
  ref: z.number().int().positive(),
  seq: z.number().int().positive(),
});
const orderRef = z.strictObject({ handle, place: z.number().int().positive() });

export const liveEventLineSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("live"),
    at,
    format: z.literal(LIVE_EVENTS_FORMAT),
    ref: z.string().min(1).max(10),
    title: z.string(),
    liveDate: z.string(),
    /** The shop's hold, doubt wait and unpaid holds limit when the live was exported. */
    shop: z.strictObject({
      holdSeconds: z.number().int().positive(),
      doubtSeconds: z.number().int().positive(),
      unpaidHoldsLimit: z.number().int().nonnegative(),
    }),
    colors: z.array(z.strictObject({ name: z.string().min(1), hex: z.string() })),
  }),
  z.strictObject({ kind: z.literal("viewer"), at, handle, unpaidHolds: z.number().int().positive() }),
  z.strictObject({
    kind: z.literal("piece"),
    at,
    ref: z.number().int().positive(),
    name: z.string(),
    priceCents: z.number().int().nonnegative(),
    size: z.string().nullable(),
    color: z.string().nullable(),
  }),
  z.strictObject({
    kind: z.literal("settings"),
    at,
    mode: z.enum(CLAIM_MODES),
    holdSeconds: z.number().int().positive().nullable(),
    /** Absent: the live's doubt wait was left as it was. */
    doubtSeconds: z.number().int().positive().nullable().optional(),
  }),
  z.strictObject({
    kind: z.literal("comment"),
    at,
    seq: z.number().int().positive(),
    /** A chat comment, or a claim made from the site ('Je le prends', decision 047). */
    type: z.enum([...LIVE_EVENT_TYPES, SITE_CLAIM_EVENT_TYPE]),
    /** The comment's platform; absent for TikTok (files written before other platforms). */
    platform: z.enum(LIVE_PLATFORMS).optional(),
    msgId: z.string().min(1),
    createTime: z.number().int().nonnegative(),
    tiktokUserId: z.string().nullable(),
    /** Empty when the source sent none: the engine reads no claim from such a comment. */
    uniqueId: z.string(),
    nickname: z.string().nullable(),
    comment: z.string().nullable(),
    /** The piece a claim made from the site asks for (absent for a chat comment). */
    ref: z.number().int().positive().optional(),
  }),
  z.strictObject({ kind: z.literal("staff"), at, action: z.enum(CLAIM_ACTIONS), claim: claimRef }),
  /** A piece added to a viewer's order by hand (the sidebar, the order page), not by a claim. */
  z.strictObject({
    kind: z.literal("sale"),
    at,
    ref: z.number().int().positive(),
    handle,
    /** The comment the line was added from, when it was. */
    seq: z.number().int().positive().nullable(),
  }),
  /** A claim's line removed from its order by hand (the sidebar, the order page). */
  z.strictObject({ kind: z.literal("line-removed"), at, claim: claimRef }),
  /** An order cancelled before it was paid, by its customer or by staff. */
  z.strictObject({
    kind: z.literal("order-cancelled"),
    at,
    order: orderRef,
    status: z.enum(["cancelled-by-customer", "cancelled-by-admin"]),
  }),
  z.strictObject({ kind: z.literal("payment-form"), at, order: orderRef }),
  z.strictObject({ kind: z.literal("payment"), at, order: orderRef }),
  z.strictObject({ kind: z.literal("end"), at }),
]);

export type LiveEventLine = z.infer<typeof liveEventLineSchema>;
export type LiveEventHeader = Extract<LiveEventLine, { kind: "live" }>;

/** Reads a file's text: its lines, checked, the header first and the receive times in order. */
export function parseLiveEvents(text: string): LiveEventLine[] {
  const lines: LiveEventLine[] = [];
  for (const [index, raw] of text.split("\n").entries()) {
    if (raw.trim() === "") continue;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new Error(`line ${index + 1}: not JSON`);
    }
    const parsed = liveEventLineSchema.safeParse(json);
    if (!parsed.success)
      throw new Error(`line ${index + 1}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
    const previous = lines.at(-1);
    if (previous && parsed.data.at < previous.at) throw new Error(`line ${index + 1}: out of receive order`);
    lines.push(parsed.data);
  }
  if (lines[0]?.kind !== "live") throw new Error("the file does not start with its live");
  return lines;
}

/** A pg client or pool. */
interface Queryable {
  query<R extends object>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/** A time as the file writes it. */
const AT = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

// A viewer's orders of the live, numbered as the digest numbers them.
const ORDERS_OF_LIVE = `
  SELECT o.id, o.status, o.updated_at, o.payment_started_at, o.payment_date, lower(u.tiktok_username) AS handle,
         row_number() OVER (PARTITION BY o.user_id ORDER BY o.order_date, o.order_number)::int AS place
    FROM orders o JOIN users u ON u.id = o.user_id WHERE o.live_id = $1`;

const AUDITED_ACTIONS: Record<string, ClaimAction> = {
  "live-claim-given": "give",
  "live-claim-released": "release",
  "live-claim-skipped": "skip",
  "live-claim-removed": "remove",
  "live-claim-confirmed": "confirm",
  "live-claim-ignored": "ignore",
};

/** Within one receive time: what must exist before what uses it. */
const KIND_ORDER: Record<LiveEventLine["kind"], number> = {
  live: 0,
  viewer: 1,
  piece: 2,
  settings: 3,
  comment: 4,
  sale: 5,
  "line-removed": 6,
  "order-cancelled": 7,
  "payment-form": 8,
  staff: 9,
  payment: 10,
  end: 11,
};

/**
 * The live `liveRef`'s events, in receive order, or null when there is no such live; `shop` is the
 * shop's hold, doubt wait and unpaid holds limit (the server's settings). Read in one snapshot.
 */
export async function exportLiveEvents(
  db: Queryable,
  liveRef: string,
  shop: { holdSeconds: number; doubtSeconds: number; unpaidHoldsLimit: number },
): Promise<LiveEventLine[] | null> {
  const {
    rows: [live],
  } = await db.query<{ id: string; ref: string; title: string; live_date: string; at: string; now: string }>(
    `SELECT l.id, l.ref, l.title, ${AT("l.live_date")} AS live_date, ${AT("l.created_at")} AS at,
            ${AT("clock_timestamp()")} AS now
       FROM lives l WHERE l.ref = $1`,
    [liveRef],
  );
  if (!live) return null;
  const liveId = live.id;
  const { rows: colors } = await db.query<{ name: string; hex: string }>(
    "SELECT name, hex_code AS hex FROM product_colors ORDER BY name",
  );
  const lines: LiveEventLine[] = [
    {
      kind: "live",
      at: live.at,
      format: LIVE_EVENTS_FORMAT,
      ref: live.ref,
      title: live.title,
      liveDate: live.live_date,
      shop,
      colors,
    },
  ];

  // The unpaid holds a viewer had before the live: those this live's claims counted (and that
  // still count) are the replay's to count again.
  const { rows: viewers } = await db.query<{ handle: string; before: number }>(
    `SELECT lower(u.tiktok_username) AS handle,
            (u.unpaid_holds - (SELECT count(*) FROM expired_holds e JOIN live_claims c ON c.id = e.claim_id
                                WHERE c.live_id = $1 AND c.handle = lower(u.tiktok_username) AND e.counted))::int AS before
       FROM users u
      WHERE u.unpaid_holds > 0
        AND EXISTS (SELECT 1 FROM live_claims c WHERE c.live_id = $1 AND c.handle = lower(u.tiktok_username))
      ORDER BY 1`,
    [liveId],
  );
  for (const viewer of viewers)
    if (viewer.before > 0)
      lines.push({ kind: "viewer", at: live.at, handle: viewer.handle, unpaidHolds: viewer.before });

  const { rows: pieces } = await db.query<{
    at: string;
    ref: number;
    name: string;
    price_cents: number;
    size: string | null;
    color: string | null;
  }>(
    `SELECT ${AT("p.created_at")} AS at, p.ref, p.name, p.price_cents, p.size, c.name AS color
       FROM products p LEFT JOIN product_colors c ON c.id = p.color_id WHERE p.live_id = $1 ORDER BY p.ref`,
    [liveId],
  );
  for (const piece of pieces)
    lines.push({
      kind: "piece",
      at: piece.at,
      ref: piece.ref,
      name: piece.name,
      priceCents: piece.price_cents,
      size: piece.size,
      color: piece.color,
    });

  // The settings as staff set them; a live whose settings were never set through the app keeps
  // those it has, from its start.
  const { rows: settings } = await db.query<{ at: string; details: Record<string, unknown> }>(
    `SELECT ${AT("a.created_at")} AS at, a.details FROM audit_events a
      WHERE a.action = 'live-claim-settings-changed' AND a.details ->> 'liveId' = $1::text
      ORDER BY a.created_at, a.id`,
    [liveId],
  );
  for (const row of settings) {
    const line = liveEventLineSchema.parse({
      kind: "settings",
      at: row.at,
      mode: row.details.mode,
      holdSeconds: row.details.holdSeconds ?? null,
      ...("doubtSeconds" in row.details ? { doubtSeconds: row.details.doubtSeconds ?? null } : {}),
    });
    lines.push(line);
  }
  if (settings.length === 0) {
    const { rows: state } = await db.query<{
      mode: "manuel" | "automatique";
      hold: number | null;
      doubt: number | null;
    }>("SELECT mode, hold_seconds AS hold, doubt_seconds AS doubt FROM live_claim_state WHERE live_id = $1", [
      liveId,
    ]);
    const own = state[0];
    if (own)
      lines.push({
        kind: "settings",
        at: live.at,
        mode: own.mode,
        holdSeconds: own.hold,
        doubtSeconds: own.doubt,
      });
  }

  const { rows: comments } = await db.query<{
    at: string;
    seq: string;
    type: (typeof LIVE_EVENT_TYPES)[number] | typeof SITE_CLAIM_EVENT_TYPE;
    platform: LivePlatform;
    msg_id: string | null;
    create_time: string;
    tiktok_user_id: string | null;
    user_unique_id: string | null;
    user_nickname: string | null;
    comment: string | null;
    site_ref: number | null;
  }>(
    `SELECT ${AT("e.inserted_at")} AS at, e.seq, e.event_type AS type, e.platform, e.msg_id, e.create_time, e.tiktok_user_id,
            e.user_unique_id, e.user_nickname, e.comment,
            CASE WHEN e.event_type = $2 THEN (e.payload ->> 'ref')::int END AS site_ref
       FROM tiktok_events e WHERE e.live_id = $1 AND e.event_type IN ('chat', $2) ORDER BY e.seq`,
    [liveId, SITE_CLAIM_EVENT_TYPE],
  );
  for (const row of comments)
    lines.push({
      kind: "comment",
      at: row.at,
      seq: Number(row.seq),
      type: row.type,
      ...(row.platform === DEFAULT_LIVE_PLATFORM ? {} : { platform: row.platform }),
      msgId: row.msg_id ?? `seq-${row.seq}`,
      createTime: Number(row.create_time),
      tiktokUserId: row.tiktok_user_id,
      uniqueId: row.user_unique_id ?? "",
      nickname: row.user_nickname,
      comment: row.comment,
      ...(row.site_ref === null ? {} : { ref: row.site_ref }),
    });

  const { rows: actions } = await db.query<{
    at: string;
    action: string;
    handle: string;
    ref: number;
    seq: string;
  }>(
    `SELECT ${AT("a.created_at")} AS at, a.action, c.handle, p.ref, c.seq
       FROM audit_events a
       JOIN live_claims c ON c.id = (a.details ->> 'claimId')::uuid AND c.live_id = $1
       JOIN products p ON p.id = c.product_id
      WHERE a.action = ANY($2) AND a.details ->> 'liveId' = $1::text
      ORDER BY a.created_at, a.id`,
    [liveId, Object.keys(AUDITED_ACTIONS)],
  );
  for (const row of actions) {
    const action = AUDITED_ACTIONS[row.action];
    if (action)
      lines.push({
        kind: "staff",
        at: row.at,
        action,
        claim: { handle: row.handle, ref: row.ref, seq: Number(row.seq) },
      });
  }

  // A line no claim of its order and piece made was added by hand.
  const { rows: sales } = await db.query<{ at: string; ref: number; handle: string; seq: string | null }>(
    `SELECT ${AT("i.created_at")} AS at, p.ref, o.handle, e.seq
       FROM order_items i JOIN (${ORDERS_OF_LIVE}) o ON o.id = i.order_id
       JOIN products p ON p.id = i.product_id
       LEFT JOIN tiktok_events e ON e.id = i.source_event_id
      WHERE NOT EXISTS (SELECT 1 FROM live_claims c WHERE c.order_id = i.order_id AND c.product_id = i.product_id)
      ORDER BY i.created_at, i.id`,
    [liveId],
  );
  for (const sale of sales)
    lines.push({
      kind: "sale",
      at: sale.at,
      ref: sale.ref,
      handle: sale.handle,
      seq: sale.seq === null ? null : Number(sale.seq),
    });

  // A claim released 'staff' that no staff action released lost its line by hand: the line is
  // gone, its claim's release (the inbox applied) is the trace it left.
  const { rows: removed } = await db.query<{ at: string; handle: string; ref: number; seq: string }>(
    `SELECT ${AT("c.updated_at")} AS at, c.handle, p.ref, c.seq
       FROM live_claims c JOIN products p ON p.id = c.product_id
      WHERE c.live_id = $1 AND c.state = 'released' AND c.release_reason = 'staff' AND c.order_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM audit_events a
                         WHERE a.action IN ('live-claim-released', 'live-claim-removed')
                           AND a.details ->> 'claimId' = c.id::text)
      ORDER BY c.updated_at, c.seq`,
    [liveId],
  );
  for (const row of removed)
    lines.push({
      kind: "line-removed",
      at: row.at,
      claim: { handle: row.handle, ref: row.ref, seq: Number(row.seq) },
    });

  const { rows: cancelled } = await db.query<{
    at: string;
    handle: string;
    place: number;
    status: "cancelled-by-customer" | "cancelled-by-admin";
  }>(
    `SELECT ${AT("o.updated_at")} AS at, o.handle, o.place, o.status
       FROM (${ORDERS_OF_LIVE}) o
      WHERE o.status IN ('cancelled-by-customer', 'cancelled-by-admin')`,
    [liveId],
  );
  for (const order of cancelled)
    lines.push({
      kind: "order-cancelled",
      at: order.at,
      order: { handle: order.handle, place: order.place },
      status: order.status,
    });

  const { rows: orders } = await db.query<{
    handle: string;
    place: number;
    form_at: string | null;
    paid_at: string | null;
  }>(
    `SELECT o.handle, o.place, ${AT("o.payment_started_at")} AS form_at, ${AT("o.payment_date")} AS paid_at
       FROM (${ORDERS_OF_LIVE}) o
      WHERE o.payment_started_at IS NOT NULL OR o.payment_date IS NOT NULL`,
    [liveId],
  );
  for (const order of orders) {
    const ref = { handle: order.handle, place: order.place };
    if (order.form_at) lines.push({ kind: "payment-form", at: order.form_at, order: ref });
    if (order.paid_at) lines.push({ kind: "payment", at: order.paid_at, order: ref });
  }

  lines.push({ kind: "end", at: live.now });
  const seqOf = (line: LiveEventLine) => (line.kind === "comment" ? line.seq : 0);
  return lines.sort(
    (a, b) =>
      (a.at < b.at ? -1 : a.at > b.at ? 1 : 0) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      seqOf(a) - seqOf(b),
  );
}
