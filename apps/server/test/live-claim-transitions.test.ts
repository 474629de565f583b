import {
  CLAIM_RELEASE_REASONS,
  CLAIM_TRANSITIONS,
  claimMoveAllowed,
  STORED_CLAIM_STATES,
} from "@vitrine/domain";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FUNCTIONS_FOLDER } from "../src/db/sql-functions";
import { insertLive, insertProduct, type LiveRow } from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

/*
 * The claim state machine has one table (packages/domain, CLAIM_TRANSITIONS): the database's guard
 * lists the same moves, lets every one of them through and refuses every other.
 */

const GUARD_FILE = path.join(FUNCTIONS_FOLDER, "live_claims_guard_move.sql");
const DECISION = new URL("../../../docs/decisions/030-claims-on-the-server.md", import.meta.url);

/** A move as the guard knows it: from, to, and the release reason when it releases. */
const key = (from: string, to: string, reason: string | null) => `${from} -> ${to} (${reason ?? "-"})`;

describe("decision 030", () => {
  it("shows the domain's table, row for row", () => {
    const doc = readFileSync(DECISION, "utf8");
    const start = doc.indexOf("<!-- claim-transitions:start -->");
    const end = doc.indexOf("<!-- claim-transitions:end -->");
    expect(start).toBeGreaterThan(0);
    expect(end).toBeGreaterThan(start);
    const rows = doc
      .slice(start, end)
      .split("\n")
      .filter((line) => line.startsWith("| ") && !line.startsWith("| From") && !line.startsWith("| ---"))
      .map((line) =>
        line
          .slice(2, -2)
          .split(" | ")
          .map((cell) => cell.trim()),
      );
    expect(rows).toEqual(
      CLAIM_TRANSITIONS.map((move) => [move.from, move.to, move.reason, move.who.join(", ")]),
    );
  });
});

describe("the guard's list", () => {
  it("is the domain's table, move for move", () => {
    const rows = [
      ...readFileSync(GUARD_FILE, "utf8").matchAll(/\('([\w-]+)', '([\w-]+)', (NULL|'[\w-]+')\)/g),
    ];
    const guard = rows.map(([, from, to, reason]) =>
      key(from!, to!, reason === "NULL" ? null : reason!.slice(1, -1)),
    );
    const table = CLAIM_TRANSITIONS.map((move) =>
      key(move.from, move.to, move.to === "released" ? move.reason : null),
    );
    expect(guard.length).toBeGreaterThan(10);
    expect(new Set(guard).size).toBe(guard.length);
    expect(guard.sort()).toEqual([...new Set(table)].sort());
  });
});

describe("the database", () => {
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

  /** Every change of state a row could be asked for: to 'released', with each release reason. */
  type Move = { from: string; to: string; reason: string | null };
  const candidates = STORED_CLAIM_STATES.flatMap((from) =>
    STORED_CLAIM_STATES.filter((to) => to !== from).flatMap((to): Move[] =>
      to === "released"
        ? CLAIM_RELEASE_REASONS.map((reason) => ({ from, to, reason }))
        : [{ from, to, reason: null }],
    ),
  );

  /** Tries the move on a claim of its own, then undoes it; returns the refusal, if any. */
  async function attempt(from: string, to: string, reason: string | null) {
    const product = await insertProduct(t.db, { liveId: live.id });
    const client = await t.db.$client.connect();
    try {
      await client.query("BEGIN");
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO live_claims (live_id, event_id, seq, handle, product_id, state, queue_rank, release_reason)
         VALUES ($1, $2, 1, 'anna', $3, $4, 1, $5) RETURNING id`,
        [live.id, eventId, product.id, from, from === "released" ? "staff" : null],
      );
      const refusal = await client
        .query("UPDATE live_claims SET state = $2, release_reason = $3 WHERE id = $1", [
          rows[0]!.id,
          to,
          reason,
        ])
        .then(
          () => undefined,
          (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
        );
      return refusal;
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  }

  it("lets every move of the table through", async () => {
    const allowed = candidates.filter((move) => claimMoveAllowed(move.from, move.to, move.reason));
    expect(allowed).toHaveLength(CLAIM_TRANSITIONS.length);
    for (const move of allowed)
      expect(
        await attempt(move.from, move.to, move.reason),
        key(move.from, move.to, move.reason),
      ).toBeUndefined();
  });

  it("refuses every other move, whoever writes it", async () => {
    const refused = candidates.filter((move) => !claimMoveAllowed(move.from, move.to, move.reason));
    expect(refused.length).toBeGreaterThan(5);
    for (const move of refused)
      expect(await attempt(move.from, move.to, move.reason), key(move.from, move.to, move.reason)).toEqual({
        code: "23514",
        message: "claim:no-such-move",
      });
  });
});
