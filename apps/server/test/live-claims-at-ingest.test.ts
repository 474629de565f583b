import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIngestClaims } from "../src/modules/live-claims";
import { createIngestBatcher, type StorableIngestEvent } from "../src/realtime/ingest-batcher";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import { insertLive, insertProduct, type LiveRow } from "./support/factories";
import { chatEvent, postComments, setAutomaticMode } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

/*
 * A claim is decided in the transaction that stores its comment: the same transaction time (now())
 * on the comment's row and on its claim's proves it, whatever the engine's passes do meanwhile.
 */
let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

const suffix = randomBytes(2).toString("hex");
let handles = 0;
const newHandle = () => `i${++handles}_${suffix}`;

async function automaticLive(): Promise<LiveRow> {
  const live = await insertLive(t.db, { isActive: true });
  await setAutomaticMode(kit, live.id);
  return live;
}

interface ClaimRow {
  handle: string;
  state: string;
  given: boolean;
  same_transaction: boolean;
}

/** The live's claims in receive order, each with whether its comment's transaction made it. */
async function claimsOf(live: LiveRow): Promise<ClaimRow[]> {
  const { rows } = await t.db.$client.query<ClaimRow>(
    `SELECT c.handle, c.state, c.order_item_id IS NOT NULL AS given,
            c.created_at = e.inserted_at AS same_transaction
       FROM live_claims c JOIN tiktok_events e ON e.id = c.event_id
      WHERE c.live_id = $1 ORDER BY c.seq`,
    [live.id],
  );
  return rows;
}

const cursorOf = async (live: LiveRow) =>
  Number(
    (await t.db.$client.query("SELECT last_seq FROM live_claim_state WHERE live_id = $1", [live.id])).rows[0]
      ?.last_seq,
  );

const lastSeqOf = async (live: LiveRow) =>
  Number(
    (await t.db.$client.query("SELECT max(seq) AS seq FROM tiktok_events WHERE live_id = $1", [live.id]))
      .rows[0]?.seq,
  );

describe("claims decided with their comments", () => {
  it("are committed in the comment's own transaction, in receive order, the cursor past them", async () => {
    const live = await automaticLive();
    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const [first, second] = [newHandle(), newHandle()];
    await postComments(t.app, live.ref, [
      [first, `je prends le ${robe.ref}`],
      [second, `${robe.ref} pour moi`],
    ]);
    // Read as soon as the ingestion answered: nothing waited for an engine pass.
    expect(await claimsOf(live)).toEqual([
      { handle: first, state: "in-order", given: true, same_transaction: true },
      { handle: second, state: "waitlisted", given: false, same_transaction: true },
    ]);
    expect(await cursorOf(live)).toBe(await lastSeqOf(live));
  });

  it("are left to the engine, still in receive order, when the live's cursor is behind", async () => {
    const live = await automaticLive();
    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const [first, second] = [newHandle(), newHandle()];
    // A comment stored without its decision (as by an instance that could not decide it).
    await t.db.$client.query(
      `INSERT INTO tiktok_events (id, live_id, event_type, user_unique_id, comment, msg_id, create_time, payload)
       VALUES ($1, $2, 'chat', $3, $4, $5, 0, '{}')`,
      [randomUUID(), live.id, first, `je prends le ${robe.ref}`, randomUUID()],
    );
    await postComments(t.app, live.ref, [[second, `je prends le ${robe.ref}`]]);
    let claims: ClaimRow[] = [];
    await eventually(async () => (claims = await claimsOf(live)).length === 2);
    expect(claims).toEqual([
      { handle: first, state: "in-order", given: true, same_transaction: false },
      { handle: second, state: "waitlisted", given: false, same_transaction: false },
    ]);
  });

  it("never hold the comments back behind a claim lock held elsewhere: stored, then decided by the engine", async () => {
    const live = await automaticLive();
    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const viewer = newHandle();
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM live_claim_state WHERE live_id = $1 FOR UPDATE", [live.id]);
      const started = performance.now();
      await postComments(t.app, live.ref, [[viewer, `je prends le ${robe.ref}`]]);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(await claimsOf(live)).toEqual([]);
      await holder.query("COMMIT");
      let claims: ClaimRow[] = [];
      await eventually(async () => (claims = await claimsOf(live)).length === 1);
      expect(claims).toEqual([{ handle: viewer, state: "in-order", given: true, same_transaction: false }]);
    } finally {
      await holder.end();
    }
  });

  it("leave a burst's larger batches to the engine: stored at once, decided beside the next writes", async () => {
    const live = await automaticLive();
    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const [first, second] = [newHandle(), newHandle()];
    const batcher = createIngestBatcher({
      pool: t.db.$client,
      hub: t.app.liveHub,
      decider: createIngestClaims({ pool: t.db.$client, liveHub: t.app.liveHub, settings: t.config }),
      decideUpTo: 1,
    });
    try {
      const storable = (uniqueId: string): StorableIngestEvent => {
        const event = chatEvent({ uniqueId, comment: `je prends le ${robe.ref}` });
        return { ...event, platform: "tiktok", payloadJson: JSON.stringify(event.payload) };
      };
      expect(await batcher.submit(live.id, [storable(first), storable(second)])).toEqual({
        accepted: 2,
        duplicates: 0,
      });
      expect(await claimsOf(live)).toEqual([]);
      let claims: ClaimRow[] = [];
      await eventually(async () => (claims = await claimsOf(live)).length === 2);
      expect(claims).toEqual([
        { handle: first, state: "in-order", given: true, same_transaction: false },
        { handle: second, state: "waitlisted", given: false, same_transaction: false },
      ]);
      // The burst over, the next small batch is decided with its comment again.
      const third = newHandle();
      await batcher.submit(live.id, [storable(third)]);
      expect((await claimsOf(live)).at(-1)).toEqual({
        handle: third,
        state: "waitlisted",
        given: false,
        same_transaction: true,
      });
    } finally {
      await batcher.close();
    }
  });

  it("when one request of a batch is refused, decide the others' claims, each request written alone", async () => {
    const live = await automaticLive();
    const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
    const [first, second] = [newHandle(), newHandle()];
    await t.db.$client.query(`
      CREATE FUNCTION refuse_poison_claims() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.comment = 'poison' THEN RAISE EXCEPTION 'poisoned row'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_poison_claims BEFORE INSERT ON tiktok_events
        FOR EACH ROW EXECUTE FUNCTION refuse_poison_claims();`);
    const batcher = createIngestBatcher({
      pool: t.db.$client,
      hub: t.app.liveHub,
      decider: createIngestClaims({ pool: t.db.$client, liveHub: t.app.liveHub, settings: t.config }),
    });
    try {
      const storable = (uniqueId: string, comment: string): StorableIngestEvent => {
        const event = chatEvent({ uniqueId, comment });
        return { ...event, platform: "tiktok", payloadJson: JSON.stringify(event.payload) };
      };
      const answers = await Promise.allSettled([
        batcher.submit(live.id, [storable(first, `je prends le ${robe.ref}`)]),
        batcher.submit(live.id, [storable(newHandle(), "poison")]),
        batcher.submit(live.id, [storable(second, `je prends le ${robe.ref}`)]),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect(await claimsOf(live)).toEqual([
        { handle: first, state: "in-order", given: true, same_transaction: true },
        { handle: second, state: "waitlisted", given: false, same_transaction: true },
      ]);
    } finally {
      await batcher.close();
      await t.db.$client.query(
        "DROP TRIGGER refuse_poison_claims ON tiktok_events; DROP FUNCTION refuse_poison_claims()",
      );
    }
  });
});
