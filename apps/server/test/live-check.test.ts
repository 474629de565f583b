import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { checkLive, formatCheck } from "../../../scripts/live/check.mjs";
import { refsOfLive } from "../../../scripts/live/simulate.mjs";
import { connectDatabase, type DatabaseHandle } from "../src/db/client";
import { withDatabase } from "./support/global-setup";
import { insertLive, insertOrder, insertProduct, type ProductRow } from "./support/factories";

/*
 * live:check on hand-made database states: a clean live passes; each violation, made once in an
 * otherwise clean live, is reported by its invariant alone. The database is the migrated one with
 * no server on it (no processor to put things right behind the test's back). The indexes that make
 * some violations impossible are dropped: the checker proves from the rows, it trusts no index.
 */

let admin: pg.Client;
let db: pg.Client;
let handle: DatabaseHandle;
let databaseName: string;
let databaseUrl: string;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
  await admin.connect();
  databaseName = `vitrine_t_${randomBytes(6).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${databaseName} TEMPLATE ${inject("templateDatabase")}`);
  databaseUrl = withDatabase(inject("adminDatabaseUrl"), databaseName);
  handle = connectDatabase(databaseUrl, 2);
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query("DROP INDEX order_items_product_sold_once");
});

afterAll(async () => {
  await db?.end();
  await handle?.close();
  await admin?.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin?.end();
});

interface Comment {
  id: string;
  seq: number;
}

async function comment(liveId: string, handleName: string, text: string): Promise<Comment> {
  const { rows } = await db.query<{ id: string; seq: string }>(
    `INSERT INTO tiktok_events (live_id, event_type, user_unique_id, user_nickname, comment, create_time, msg_id)
     VALUES ($1, 'chat', $2, $2, $3, $4, $5) RETURNING id, seq`,
    [liveId, handleName, text, Date.now(), randomBytes(8).toString("hex")],
  );
  return { id: rows[0]!.id, seq: Number(rows[0]!.seq) };
}

interface ClaimRow {
  state: "pending" | "in-order" | "waitlisted" | "released";
  releaseReason?: string;
  orderId?: string;
  orderItemId?: string;
  heldUntil?: Date;
}

async function claim(
  liveId: string,
  product: ProductRow,
  handleName: string,
  from: Comment,
  row: ClaimRow,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO live_claims (live_id, event_id, seq, handle, product_id, state, queue_rank, release_reason,
                              order_id, order_item_id, held_until, version)
     VALUES ($1, $2, $3, $4, $5, $6, $3, $7, $8, $9, $10, nextval('live_claim_version'))
     RETURNING id`,
    [
      liveId,
      from.id,
      from.seq,
      handleName,
      product.id,
      row.state,
      row.releaseReason ?? null,
      row.orderId ?? null,
      row.orderItemId ?? null,
      row.heldUntil ?? null,
    ],
  );
  return rows[0]!.id;
}

/**
 * A live after a few minutes of claims, clean: piece 1 held by @anna (first), @bea waiting; piece 2
 * held by @chloe, whose hold expired, then handed to @dina; piece 3 claimed by @emma who gave it up;
 * piece 4 never claimed; some chatter; the cursor past the last comment.
 */
async function cleanLive() {
  const live = await insertLive(handle.db, { isActive: true });
  const products: ProductRow[] = [];
  for (let n = 0; n < 4; n++)
    products.push(await insertProduct(handle.db, { liveId: live.id, colorId: null }));
  const [p1, p2, p3] = products as [ProductRow, ProductRow, ProductRow, ProductRow];
  const hour = new Date(Date.now() + 3_600_000);

  const anna = await comment(live.id, "Anna", "je prends le 1");
  const bea = await comment(live.id, "bea", "le 1 stp");
  await comment(live.id, "bea", "trop belle 😍");
  const chloe = await comment(live.id, "chloe", "je prends le 2");
  const dina = await comment(live.id, "dina", "le 2 en M stp");
  const emma = await comment(live.id, "emma", "je prends le 3");
  await comment(live.id, "emma", "je passe le 3");
  const annaOrder = await insertOrder(handle.db, { liveId: live.id, products: [p1] });
  const dinaOrder = await insertOrder(handle.db, { liveId: live.id, products: [p2] });
  const chloeOrder = await insertOrder(handle.db, { liveId: live.id, products: [] });
  const ids = {
    anna: await claim(live.id, p1, "anna", anna, {
      state: "in-order",
      orderId: annaOrder.id,
      orderItemId: annaOrder.items[0]!.id,
      heldUntil: hour,
    }),
    bea: await claim(live.id, p1, "bea", bea, { state: "waitlisted" }),
    chloe: await claim(live.id, p2, "chloe", chloe, {
      state: "released",
      releaseReason: "hold-expired",
      orderId: chloeOrder.id,
    }),
    dina: await claim(live.id, p2, "dina", dina, {
      state: "in-order",
      orderId: dinaOrder.id,
      orderItemId: dinaOrder.items[0]!.id,
      heldUntil: hour,
    }),
    emma: await claim(live.id, p3, "emma", emma, { state: "released", releaseReason: "un-claimed" }),
  };
  await markRead(live.id);
  return { live, products, ids, annaOrder, dinaOrder };
}

async function markRead(liveId: string, behind = 0) {
  await db.query(
    `INSERT INTO live_claim_state (live_id, mode, last_seq, comments)
     SELECT $1, 'automatique', max(seq) - $2, count(*) FROM tiktok_events WHERE live_id = $1 AND event_type = 'chat'
     ON CONFLICT (live_id) DO UPDATE SET last_seq = excluded.last_seq, comments = excluded.comments`,
    [liveId, behind],
  );
}

const violationsOf = (result: Awaited<ReturnType<typeof checkLive>>) =>
  Object.fromEntries(
    result!.invariants.filter((item) => item.violations > 0).map((item) => [item.name, item.violations]),
  );

const INVARIANT = {
  oneOrder: "no piece in two orders of the live",
  accounted: "every claim is in an order, on a waitlist, pending or released with a reason",
  earliest: "every piece went to its earliest claimer not released; no free piece has a waitlist",
  expiry: "every expired hold was followed by a hand-over or a release; none is left past due",
  read: "every comment was read and no claim was lost",
  doubts: "every doubt kept its place while it waited for staff; none is left past its wait",
};

describe("live:check", () => {
  it("passes a clean live and says what it checked", async () => {
    const { live } = await cleanLive();
    const result = await checkLive(db, live.ref);
    expect(violationsOf(result)).toEqual({});
    expect(result?.ok).toBe(true);
    const checked = Object.fromEntries(result!.invariants.map((item) => [item.name, item.checked]));
    expect(checked).toEqual({
      [INVARIANT.oneOrder]: 2,
      [INVARIANT.accounted]: 5,
      [INVARIANT.earliest]: 2,
      [INVARIANT.expiry]: 1,
      [INVARIANT.read]: 5,
      [INVARIANT.doubts]: 0,
    });
    expect(formatCheck(live.ref, result!)).toContain("clean: every invariant holds");
  });

  it("answers null for a live that does not exist", async () => {
    expect(await checkLive(db, "nolive")).toBeNull();
  });

  it.each([
    [
      "a piece in two orders",
      INVARIANT.oneOrder,
      async ({ live, products }: Awaited<ReturnType<typeof cleanLive>>) => {
        const other = await insertOrder(handle.db, { liveId: live.id, products: [] });
        await db.query("INSERT INTO order_items (order_id, product_id, price_cents) VALUES ($1, $2, 2500)", [
          other.id,
          products[0]!.id,
        ]);
      },
    ],
    [
      "a claim in-order whose line left its order",
      INVARIANT.accounted,
      async ({ annaOrder }: Awaited<ReturnType<typeof cleanLive>>) => {
        await db.query("DELETE FROM order_items WHERE id = $1", [annaOrder.items[0]!.id]);
      },
    ],
    [
      "a piece given to a later claimer",
      INVARIANT.earliest,
      async ({ ids }: Awaited<ReturnType<typeof cleanLive>>) => {
        await db.query("UPDATE live_claims SET queue_rank = queue_rank + 1000 WHERE id = $1", [ids.anna]);
      },
    ],
    [
      "a free piece with a waitlist",
      INVARIANT.earliest,
      async ({ ids }: Awaited<ReturnType<typeof cleanLive>>) => {
        // No path of the engine makes this move: the database's guard of claim moves is set aside.
        await db.query("ALTER TABLE live_claims DISABLE TRIGGER live_claims_guard_move");
        await db.query("UPDATE live_claims SET state = 'waitlisted', release_reason = NULL WHERE id = $1", [
          ids.emma,
        ]);
        await db.query("ALTER TABLE live_claims ENABLE TRIGGER live_claims_guard_move");
      },
    ],
    [
      "a hold left past due",
      INVARIANT.expiry,
      async ({ ids }: Awaited<ReturnType<typeof cleanLive>>) => {
        await db.query("UPDATE live_claims SET held_until = now() - interval '5 minutes' WHERE id = $1", [
          ids.dina,
        ]);
      },
    ],
    [
      "comments not read",
      INVARIANT.read,
      async ({ live }: Awaited<ReturnType<typeof cleanLive>>) => {
        await markRead(live.id, 1);
      },
    ],
    [
      "a claim lost",
      INVARIANT.read,
      async ({ live }: Awaited<ReturnType<typeof cleanLive>>) => {
        await comment(live.id, "fanny", "je prends le 4");
        await markRead(live.id);
      },
    ],
  ])("reports %s, once, under its invariant alone", async (_what, name, spoil) => {
    const state = await cleanLive();
    await spoil(state);
    const result = await checkLive(db, state.live.ref);
    expect(violationsOf(result)).toEqual({ [name]: 1 });
    expect(result?.ok).toBe(false);
    expect(formatCheck(state.live.ref, result!)).toMatch(/^FAIL /m);
  });

  it("reports an expiry followed by nothing: the piece free while others wait", async () => {
    const state = await cleanLive();
    await db.query(
      "UPDATE live_claims SET state = 'waitlisted', order_id = NULL, order_item_id = NULL WHERE id = $1",
      [state.ids.dina],
    );
    await db.query("DELETE FROM order_items WHERE id = $1", [state.dinaOrder.items[0]!.id]);
    const result = await checkLive(db, state.live.ref);
    expect(violationsOf(result)).toEqual({ [INVARIANT.earliest]: 1, [INVARIANT.expiry]: 1 });
  });
});

interface DoubtRow {
  reason: string;
  createdMinutesAgo: number;
  /** Minutes from now (negative: past). */
  until?: number;
  confirmedMinutesAgo?: number;
}

/** A claim from a doubtful comment ('À confirmer'), its times set as the engine would have. */
async function doubt(
  liveId: string,
  product: ProductRow,
  handleName: string,
  from: Comment,
  row: ClaimRow & DoubtRow,
): Promise<string> {
  const id = await claim(liveId, product, handleName, from, row);
  await db.query(
    `UPDATE live_claims
        SET doubt_reason = $2, created_at = now() - make_interval(mins => $3),
            doubt_until = CASE WHEN $4::int IS NULL THEN NULL ELSE now() + make_interval(mins => $4::int) END,
            confirmed_at = CASE WHEN $5::int IS NULL THEN NULL ELSE now() - make_interval(mins => $5::int) END
      WHERE id = $1`,
    [id, row.reason, row.createdMinutesAgo, row.until ?? null, row.confirmedMinutesAgo ?? null],
  );
  return id;
}

/** When a claim began to hold its piece (the trigger says now; a fixture's past says otherwise). */
const holdingSince = (id: string, minutesAgo: number) =>
  db.query("UPDATE live_claims SET holding_since = now() - make_interval(mins => $2) WHERE id = $1", [
    id,
    minutesAgo,
  ]);

/**
 * A live with doubts, clean: piece 1 held by @gina's doubt waiting for staff, @hana behind it;
 * piece 2 @ines's doubt, confirmed and in her order, @jade behind it; piece 3 @kim's doubt, ignored
 * by staff 5 minutes ago, the piece handed then to @lou.
 */
async function liveWithDoubts() {
  const live = await insertLive(handle.db, { isActive: true });
  const products: ProductRow[] = [];
  for (let n = 0; n < 3; n++)
    products.push(await insertProduct(handle.db, { liveId: live.id, colorId: null }));
  const [p1, p2, p3] = products as [ProductRow, ProductRow, ProductRow];
  const hour = new Date(Date.now() + 3_600_000);

  const gina = await comment(live.id, "gina", "possible d'avoir le 1 ?");
  const hana = await comment(live.id, "hana", "je prends le 1");
  const ines = await comment(live.id, "ines", "le 2 ou le 3 ?");
  const jade = await comment(live.id, "jade", "je prends le 2");
  const kim = await comment(live.id, "kim", "le 3 si dispo en S");
  const lou = await comment(live.id, "lou", "je prends le 3");
  const inesOrder = await insertOrder(handle.db, { liveId: live.id, products: [p2] });
  const louOrder = await insertOrder(handle.db, { liveId: live.id, products: [p3] });
  const ids = {
    gina: await doubt(live.id, p1, "gina", gina, {
      state: "pending",
      reason: "question",
      createdMinutesAgo: 0,
      until: 1,
    }),
    hana: await claim(live.id, p1, "hana", hana, { state: "waitlisted" }),
    ines: await doubt(live.id, p2, "ines", ines, {
      state: "in-order",
      orderId: inesOrder.id,
      orderItemId: inesOrder.items[0]!.id,
      heldUntil: hour,
      reason: "choice",
      createdMinutesAgo: 3,
      confirmedMinutesAgo: 2,
    }),
    jade: await claim(live.id, p2, "jade", jade, { state: "waitlisted" }),
    kim: await doubt(live.id, p3, "kim", kim, {
      state: "released",
      releaseReason: "doubt-ignored",
      reason: "condition",
      createdMinutesAgo: 10,
    }),
    lou: await claim(live.id, p3, "lou", lou, {
      state: "in-order",
      orderId: louOrder.id,
      orderItemId: louOrder.items[0]!.id,
      heldUntil: hour,
    }),
  };
  await db.query(
    `INSERT INTO live_claim_doubt_answers (live_id, claim_id, handle, comment, ref, answer, answered_at)
     VALUES ($1, $2, 'kim', 'le 3 si dispo en S', 3, 'ignored', now() - interval '5 minutes')`,
    [live.id, ids.kim],
  );
  await holdingSince(ids.lou, 5);
  await markRead(live.id);
  return { live, products, ids };
}

describe("live:check with doubts", () => {
  it("passes a live whose doubts kept their place", async () => {
    const { live } = await liveWithDoubts();
    const result = await checkLive(db, live.ref);
    expect(violationsOf(result)).toEqual({});
    expect(result!.invariants.find((item) => item.name === INVARIANT.doubts)?.checked).toBe(3);
  });

  it.each([
    [
      "a later claimer holding the piece while a doubt waits",
      { [INVARIANT.earliest]: 1, [INVARIANT.doubts]: 1 },
      async ({ ids }: Awaited<ReturnType<typeof liveWithDoubts>>) => {
        await db.query("UPDATE live_claims SET state = 'waitlisted' WHERE id = $1", [ids.gina]);
        await db.query("UPDATE live_claims SET state = 'pending' WHERE id = $1", [ids.hana]);
      },
    ],
    [
      "a claim given while an earlier doubt waited for staff",
      { [INVARIANT.doubts]: 1 },
      async ({ ids }: Awaited<ReturnType<typeof liveWithDoubts>>) => {
        await holdingSince(ids.lou, 7);
      },
    ],
    [
      "a doubt left past its wait",
      { [INVARIANT.doubts]: 1 },
      async ({ ids }: Awaited<ReturnType<typeof liveWithDoubts>>) => {
        await db.query("UPDATE live_claims SET doubt_until = now() - interval '5 minutes' WHERE id = $1", [
          ids.gina,
        ]);
      },
    ],
    [
      "a doubt released for no reason the engine gives",
      { [INVARIANT.accounted]: 1 },
      async ({ ids }: Awaited<ReturnType<typeof liveWithDoubts>>) => {
        await db.query("ALTER TABLE live_claims DROP CONSTRAINT IF EXISTS live_claims_release_reason");
        await db.query("UPDATE live_claims SET release_reason = 'forgotten' WHERE id = $1", [ids.kim]);
      },
    ],
  ])("reports %s", async (_what, expected, spoil) => {
    const state = await liveWithDoubts();
    await spoil(state);
    const result = await checkLive(db, state.live.ref);
    expect(violationsOf(result)).toEqual(expected);
    expect(result?.ok).toBe(false);
  });
});

describe("live:simulate --refs live", () => {
  it("claims the references of the live's products, read from its database", async () => {
    const { live } = await cleanLive();
    expect(await refsOfLive(databaseUrl, live.ref)).toEqual([1, 2, 3, 4]);
    expect(await refsOfLive(databaseUrl, "nolive")).toEqual([]);
  });
});
