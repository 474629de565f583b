import {
  DEFAULT_LIVE_PLATFORM,
  ORDER_STATUSES,
  liveViewerPlaceholderEmail,
  orderStatusMove,
} from "@vitrine/domain";
import { and, eq, sql } from "drizzle-orm";
import { connectDatabase, type Database, type Transaction } from "../../db/client";
import { createJobQueue } from "../../db/job-queue";
import { lives, orders, productColors, products, users } from "../../db/schema";
import { errorText } from "../../lib/error-text";
import { createIngestBatcher, type IngestBatcher } from "../../realtime/ingest-batcher";
import { createSilentLiveHub } from "../../realtime/live-hub";
import { addItemForHandle, paymentColumns, removeItem, startOrderPayment, writeOrderStatus } from "../orders";
import { createClaimsEngine, type ClaimsEngine } from "./engine";
import type { LiveEventHeader, LiveEventLine } from "./live-events";
import { readingOpinion } from "./reading-opinion";
import { claimRulesSchema } from "./rules";

/*
 * A live replayed from its events (decision 045) into a database of its own: the live and its
 * pieces made, then every input fed in receive order, the engine run after each one through its
 * public entry points (`process`, the staff action's and the settings' SQL functions, the hold's
 * and the doubt's expiry as their jobs run them). Time is the events' own: the session's claims
 * clock (live_claim_now) is set to each event's receive time, and holds and doubts whose end
 * comes before the next event expire at their end, so a replay of hours in seconds ends them as
 * the live did.
 */

/** The session setting live_claim_now reads. */
const CLOCK_SETTING = "vitrine.claims_clock";

export interface ReplayResult {
  liveId: string;
  liveRef: string;
  /**
   * Inputs the replay could not apply as the live did (its decisions differed before them), and
   * passes of the engine that failed: either way the digest may not be the live's.
   */
  refused: string[];
}

// The earliest hold or doubt of the live that ends by $2 and is still to end: a hold in an order
// whose lines may change, a doubt still to confirm. Ties go by the claims' receive order.
const NEXT_ENDING = `
  SELECT d.kind, d.id, d.due FROM (
    SELECT 'hold' AS kind, c.id, c.seq, c.held_until AS due
      FROM live_claims c JOIN orders o ON o.id = c.order_id
     WHERE c.live_id = $1 AND c.state = 'in-order' AND c.held_until <= $2::timestamptz
       AND o.status::text = ANY($3::text[])
    UNION ALL
    SELECT 'doubt', c.id, c.seq, c.doubt_until
      FROM live_claims c
     WHERE c.live_id = $1 AND c.doubt_until <= $2::timestamptz AND c.confirmed_at IS NULL
       AND c.state IN ('pending', 'waitlisted')
  ) d ORDER BY d.due, d.seq, d.kind LIMIT 1`;

const TIME_TEXT = `to_char($1::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Replays `lines` (a file parseLiveEvents read) into the database at `databaseUrl`, migrated and
 * without the live. One connection: the claims clock is a setting of its session.
 */
export async function replayLiveEvents(
  databaseUrl: string,
  lines: LiveEventLine[],
  { log = () => {} }: { log?: (message: string) => void } = {},
): Promise<ReplayResult> {
  const [header] = lines;
  if (header?.kind !== "live") throw new Error("the events do not start with their live");
  const handle = connectDatabase(databaseUrl, 1);
  const refused: string[] = [];
  let clock = "";
  // A connection the pool replaces gets the clock of the moment.
  handle.pool.on("connect", (client) => {
    if (clock) void client.query("SELECT set_config($1, $2, false)", [CLOCK_SETTING, clock]).catch(() => {});
  });
  const hub = createSilentLiveHub();
  const settings = {
    claimHoldSeconds: header.shop.holdSeconds,
    claimDoubtSeconds: header.shop.doubtSeconds,
    unpaidHoldsLimit: header.shop.unpaidHoldsLimit,
  };
  const engine = createClaimsEngine({
    db: handle.db,
    liveHub: hub,
    jobs: createJobQueue({ pool: handle.pool }),
    settings,
    // The comments read as the server reads them: the reader's rules and its second opinion.
    opinion: readingOpinion(),
    log: (message) => {
      refused.push(message);
      log(message);
    },
  });
  const batcher = createIngestBatcher({ pool: handle.pool, hub, flushIntervalMs: 0, log });
  try {
    const replay = await startReplay(handle.db, header, engine, batcher, { refused, log });
    const setClock = async (at: string) => {
      clock = at;
      await handle.pool.query("SELECT set_config($1, $2, false)", [CLOCK_SETTING, at]);
    };
    for (let index = 1; index < lines.length; index++) {
      const line = lines[index];
      if (!line) continue;
      await replay.endDue(line.at, setClock);
      await setClock(line.at);
      if (line.kind === "comment") {
        // One ingestion batch: the comments received at the same instant, as they were stored.
        const batch = [line];
        for (
          let next = lines[index + 1];
          next?.kind === "comment" && next.at === line.at;
          next = lines[index + 1]
        ) {
          batch.push(next);
          index += 1;
        }
        await replay.comments(batch);
      } else if (line.kind === "live") {
        throw new Error(`line ${index + 1}: a second live`);
      } else {
        await replay.apply(line);
      }
      await engine.process(replay.liveId);
    }
    return { liveId: replay.liveId, liveRef: header.ref, refused };
  } finally {
    await batcher.close();
    await engine.stop();
    await handle.close();
  }
}

async function startReplay(
  db: Database,
  header: LiveEventHeader,
  engine: ClaimsEngine,
  batcher: IngestBatcher,
  { refused, log }: { refused: string[]; log: (message: string) => void },
) {
  const pool = db.$client;
  const rules = engine.rules;
  const { editable, lockKeyPrefix, emailSuffix } = claimRulesSchema.parse(JSON.parse(rules));
  // The file's comment seq → its msgId here: claims are found by the comment that made them.
  const msgIds = new Map<number, string>();

  for (const color of header.colors)
    await db.insert(productColors).values({ name: color.name, hexCode: color.hex }).onConflictDoNothing();
  const [live] = await db
    .insert(lives)
    .values({ ref: header.ref, title: header.title, liveDate: new Date(header.liveDate), isActive: true })
    .returning({ id: lives.id });
  if (!live) throw new Error("the live was not created");
  const liveId = live.id;
  // Staff's actions are the replay's: one staff member does them all.
  const [staff] = await db
    .insert(users)
    .values({ email: `replay-${liveId}@vitrine.invalid`, isAdmin: true, firstName: "Replay" })
    .returning({ id: users.id });
  if (!staff) throw new Error("the replay's staff member was not created");

  function refuse(line: LiveEventLine, why: string) {
    const text = `${line.at} ${line.kind}: ${why}`;
    refused.push(text);
    log(`live replay: ${text}`);
  }

  async function orderOf(order: { handle: string; place: number }): Promise<string | undefined> {
    const { rows } = await pool.query<{ id: string }>(
      `SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id
        WHERE o.live_id = $1 AND lower(u.tiktok_username) = $2
        ORDER BY o.order_date, o.order_number OFFSET $3 LIMIT 1`,
      [liveId, order.handle, order.place - 1],
    );
    return rows[0]?.id;
  }

  async function eventOf(seq: number): Promise<string | null> {
    const { rows } = await pool.query<{ id: string }>(
      "SELECT id FROM tiktok_events WHERE live_id = $1 AND msg_id = $2",
      [liveId, msgIds.get(seq) ?? ""],
    );
    return rows[0]?.id ?? null;
  }

  async function claimOf(claim: { handle: string; ref: number; seq: number }): Promise<string | undefined> {
    const { rows } = await pool.query<{ id: string }>(
      `SELECT c.id FROM live_claims c JOIN tiktok_events e ON e.id = c.event_id JOIN products p ON p.id = c.product_id
        WHERE c.live_id = $1 AND e.msg_id = $2 AND c.handle = $3 AND p.ref = $4`,
      [liveId, msgIds.get(claim.seq) ?? "", claim.handle, claim.ref],
    );
    return rows[0]?.id;
  }

  /** A SQL call in its own transaction; its refusal is noted, never thrown. */
  async function inTransaction(line: LiveEventLine, work: (tx: Transaction) => Promise<unknown>) {
    try {
      await db.transaction(async (tx) => work(tx));
    } catch (error) {
      refuse(line, errorText(error));
    }
  }

  return {
    liveId,

    /** Holds and doubts that end by `until`, one by one at their end, as their jobs end them. */
    async endDue(until: string, setClock: (at: string) => Promise<void>) {
      const ended = new Set<string>();
      for (;;) {
        const { rows } = await pool.query<{ kind: "hold" | "doubt"; id: string; due: string }>(
          `SELECT n.kind, n.id, ${TIME_TEXT.replace("$1", "n.due")} AS due FROM (${NEXT_ENDING}) n`,
          [liveId, until, editable],
        );
        const next = rows[0];
        if (!next) return;
        const key = `${next.id}@${next.due}`;
        // An end that changed nothing would come back for ever.
        if (ended.has(key)) throw new Error(`the end of claim ${next.id} at ${next.due} changed nothing`);
        ended.add(key);
        await setClock(next.due);
        const expiry = next.kind === "hold" ? "live_claim_expire" : "live_claim_doubt_expire";
        // As the job runs it: the SQL alone; the engine's next pass comes with the next input.
        await pool.query(`SELECT ${expiry}($1, $2::jsonb)`, [next.id, rules]);
      }
    },

    async comments(batch: Extract<LiveEventLine, { kind: "comment" }>[]) {
      for (const line of batch) msgIds.set(line.seq, line.msgId);
      await batcher.submit(
        liveId,
        batch.map((line) => ({
          type: line.type,
          platform: line.platform ?? DEFAULT_LIVE_PLATFORM,
          msgId: line.msgId,
          createTime: line.createTime,
          tiktokUserId: line.tiktokUserId,
          uniqueId: line.uniqueId,
          nickname: line.nickname,
          avatarUrl: null,
          comment: line.comment,
          // A claim made from the site carries its piece as the site stored it.
          payloadJson: line.ref === undefined ? "{}" : JSON.stringify({ ref: line.ref }),
        })),
      );
    },

    async apply(line: Exclude<LiveEventLine, { kind: "live" | "comment" }>) {
      switch (line.kind) {
        case "viewer":
          await db.insert(users).values({
            tiktokUsername: line.handle,
            email: liveViewerPlaceholderEmail(line.handle),
            unpaidHolds: line.unpaidHolds,
          });
          return;
        case "piece": {
          const color = line.color
            ? await db
                .select({ id: productColors.id })
                .from(productColors)
                .where(eq(productColors.name, line.color))
            : [];
          await db.insert(products).values({
            liveId,
            ref: line.ref,
            name: line.name,
            priceCents: line.priceCents,
            size: line.size,
            colorId: color[0]?.id ?? null,
          });
          return;
        }
        case "settings":
          await inTransaction(line, (tx) =>
            tx.execute(
              sql`SELECT live_claim_settings_set(${liveId}::uuid, ${line.mode}, ${line.holdSeconds}::integer,
                ${line.doubtSeconds !== undefined}, ${line.doubtSeconds ?? null}::integer, ${rules}::jsonb)`,
            ),
          );
          return;
        case "staff": {
          const claimId = await claimOf(line.claim);
          if (!claimId) return refuse(line, `no claim of @${line.claim.handle} on piece ${line.claim.ref}`);
          await inTransaction(line, (tx) =>
            tx.execute(
              sql`SELECT live_claim_staff_action(${liveId}::uuid, ${claimId}::uuid, ${line.action},
                ${staff.id}::uuid, ${rules}::jsonb)`,
            ),
          );
          return;
        }
        case "sale": {
          const [piece] = await db
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.liveId, liveId), eq(products.ref, line.ref)));
          if (!piece) return refuse(line, `no piece ${line.ref}`);
          const sourceEventId = line.seq === null ? null : await eventOf(line.seq);
          // The sidebar's add: the viewer and their order reached as the engine reaches them.
          await inTransaction(line, (tx) =>
            addItemForHandle(tx, {
              liveId,
              productId: piece.id,
              handle: line.handle,
              claimLockKey: `${lockKeyPrefix}${line.handle}`,
              placeholderEmail: `${line.handle}${emailSuffix}`,
              comment: null,
              sourceEventId,
            }),
          );
          return;
        }
        case "line-removed": {
          const claimId = await claimOf(line.claim);
          const { rows } = await pool.query<{ order_id: string | null; order_item_id: string | null }>(
            "SELECT order_id, order_item_id FROM live_claims WHERE id = $1",
            [claimId ?? null],
          );
          const [held] = rows;
          if (!held?.order_id || !held.order_item_id)
            return refuse(line, `no line of @${line.claim.handle} for piece ${line.claim.ref}`);
          const { order_id: orderId, order_item_id: itemId } = held;
          // The sidebar's and the order page's removal: the claim is released by the inbox.
          await inTransaction(line, (tx) => removeItem(tx, orderId, itemId));
          return;
        }
        case "order-cancelled": {
          const orderId = await orderOf(line.order);
          if (!orderId) return refuse(line, `no order ${line.order.place} of @${line.order.handle}`);
          const actor = line.status === "cancelled-by-customer" ? "customer" : "staff";
          await inTransaction(line, async (tx) => {
            const cancelled = await writeOrderStatus(tx, {
              where: [eq(orders.id, orderId)],
              from: ORDER_STATUSES.filter((status) => orderStatusMove(status, line.status, actor)),
              to: line.status,
              actor,
            });
            if (cancelled.length === 0) throw new Error("the order could not be cancelled");
          });
          return;
        }
        case "payment-form":
        case "payment": {
          const orderId = await orderOf(line.order);
          if (!orderId) return refuse(line, `no order ${line.order.place} of @${line.order.handle}`);
          if (line.kind === "payment-form") {
            // The form's time on the events' clock: a hold's end compares it with that clock.
            await startOrderPayment(db, orderId, line.at);
            return;
          }
          await inTransaction(line, async (tx) => {
            const paid = await writeOrderStatus(tx, {
              where: [eq(orders.id, orderId)],
              from: ["to-validate", "to-pay"],
              to: "paid",
              actor: "system",
              set: paymentColumns(`replay-${line.order.handle}-${line.order.place}`, new Date(line.at)),
            });
            if (paid.length === 0) throw new Error("the order could not be paid");
          });
          return;
        }
        case "end":
          return;
      }
    },
  };
}
