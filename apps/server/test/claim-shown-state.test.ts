import type { OrderStatus } from "@vitrine/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shownClaimState } from "../src/modules/live-claims";
import { insertLive, insertOrder, insertProduct, type LiveRow } from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

/*
 * Every reader of a claim (staff's claims view, the customer's live page, the live's figures) asks
 * one SQL function what it shows: these are its answers, row by row.
 */

describe("what a claim shows", () => {
  let t: TestApp;
  let live: LiveRow;
  let eventId: string;

  beforeAll(async () => {
    t = await createTestApp();
    live = await insertLive(t.db, { isActive: true });
    const { rows } = await t.db.$client.query<{ id: string }>(
      `INSERT INTO tiktok_events (live_id, event_type, user_unique_id, comment, create_time, msg_id)
       VALUES ($1, 'chat', 'anna', 'je prends le 1', $2, gen_random_uuid()::text) RETURNING id`,
      [live.id, Date.now()],
    );
    eventId = rows[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  interface Stored {
    state: string;
    reason?: string;
    doubt?: boolean;
    confirmed?: boolean;
    orderStatus?: string;
  }

  /** Writes a claim as stored (its product and order its own) and reads what it shows. */
  async function shown(stored: Stored): Promise<string> {
    const product = await insertProduct(t.db, { liveId: live.id });
    const order =
      stored.orderStatus === undefined
        ? null
        : (await insertOrder(t.db, { liveId: live.id, status: stored.orderStatus as OrderStatus })).id;
    const { rows } = await t.db.execute<{ shown: string }>(sql`
      WITH c AS (
        INSERT INTO live_claims (live_id, event_id, seq, handle, product_id, state, queue_rank,
                                 release_reason, order_id, doubt_reason, doubt_until, confirmed_at)
        VALUES (${live.id}, ${eventId}, 1, 'anna', ${product.id}, ${stored.state}, 1,
                ${stored.reason ?? null}, ${order},
                ${stored.doubt ? "unclear" : null}, ${stored.doubt ? sql`now()` : null},
                ${stored.confirmed ? sql`now()` : null})
        RETURNING *)
      SELECT ${shownClaimState()} AS shown FROM c LEFT JOIN orders o ON o.id = c.order_id`);
    return rows[0]!.shown;
  }

  it.each<[Stored, string]>([
    [{ state: "in-order", orderStatus: "paid" }, "paid"],
    [{ state: "in-order", orderStatus: "shipped" }, "paid"],
    [{ state: "in-order", orderStatus: "to-pay" }, "reserved"],
    [{ state: "released", reason: "hold-expired" }, "expired"],
    [{ state: "released", reason: "sold" }, "sold"],
    [{ state: "released", reason: "staff" }, "released"],
    [{ state: "pending", doubt: true }, "to-confirm"],
    [{ state: "waitlisted", doubt: true }, "to-confirm"],
    [{ state: "waitlisted", doubt: true, confirmed: true }, "waitlisted"],
    [{ state: "pending" }, "pending"],
    [{ state: "waitlisted" }, "waitlisted"],
  ])("%o shows as %s", async (stored, expected) => {
    expect(await shown(stored)).toBe(expected);
  });
});
