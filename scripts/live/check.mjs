#!/usr/bin/env node
/**
 * npm run live:check -- --live <ref>
 * Proves from the database, after a live, that its claims were decided fairly (decision 030):
 *   1. no piece is in two orders of the live (lines not released);
 *   2. every claim is in an order (its line exists in its order), on a waitlist, pending, or
 *      released with a reason;
 *   3. every piece went to its earliest claimer by receive order that was not released (among a
 *      piece's claims not released, the holder has the lowest queue_rank), and a free piece has no
 *      waitlist;
 *   4. every expired hold was followed by a hand-over or a release (the piece is held by another
 *      claim, or free with an empty waitlist), and no hold is left past due;
 *   5. every comment was read (the live's cursor reached its last chat comment) and no claim was
 *      lost (each chat comment the domain's reader reads as a claim or a doubt of a piece of the
 *      live has a claim row for that viewer and piece, from that comment or an earlier one);
 *   6. a doubt waiting for staff ('À confirmer', decision 037) kept its place: no later claimer holds
 *      its piece while it waits, none was given the piece (began to hold it) between the doubt's
 *      comment and its answer, its release or its wait's end, and none waits past its end.
 * Then the digest of the live's decisions (decision 045, digest.mjs): its short hash, and with
 * `--digest` its whole text first. A replay of the live (`npm run live:replay`) prints the same.
 * Prints each invariant with its count; exits 1 on any violation, 2 when it cannot run.
 * DATABASE_URL comes from the environment or .env; without it, the embedded database of a running
 * server (EMBEDDED_PG_PORT, as `npm start` runs it).
 */
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { CLAIM_RELEASE_REASONS, readLiveComment } from "../../packages/domain/src/live-claims";
import { readingOpinion } from "../../apps/server/src/modules/live-claims/index";
import { sidebarHandle } from "../../packages/domain/src/live-selling";
import { liveDigest } from "./digest.mjs";

/** A hold or a doubt this far past its end that is still in place means its expiry did not run. */
const OVERDUE_SECONDS = 60;
const EXAMPLES = 5;

const invariant = (name, checked, violations) => ({
  name,
  checked,
  violations: violations.length,
  examples: violations.slice(0, EXAMPLES),
});

async function oneOrderPerPiece(db, liveId) {
  const { rows } = await db.query(
    `SELECT p.ref, count(*)::int AS lines, array_agg(DISTINCT o.order_number ORDER BY o.order_number) AS orders
       FROM order_items i JOIN orders o ON o.id = i.order_id JOIN products p ON p.id = i.product_id
      WHERE o.live_id = $1 AND NOT i.is_released
      GROUP BY p.ref ORDER BY p.ref`,
    [liveId],
  );
  return invariant(
    "no piece in two orders of the live",
    rows.length,
    rows.filter((row) => row.lines > 1).map((row) => `piece ${row.ref} in ${row.orders.join(", ")}`),
  );
}

async function everyClaimAccountedFor(db, liveId) {
  const { rows } = await db.query(
    `SELECT c.id, c.seq, c.handle, c.state, c.release_reason, p.ref,
            (i.id IS NOT NULL AND i.order_id = c.order_id AND i.product_id = c.product_id AND NOT i.is_released
              AND o.live_id = c.live_id) AS line_ok
       FROM live_claims c
       JOIN products p ON p.id = c.product_id
       LEFT JOIN order_items i ON i.id = c.order_item_id
       LEFT JOIN orders o ON o.id = i.order_id
      WHERE c.live_id = $1`,
    [liveId],
  );
  const violations = [];
  for (const row of rows) {
    const ok =
      (row.state === "in-order" && row.line_ok) ||
      row.state === "waitlisted" ||
      row.state === "pending" ||
      (row.state === "released" && CLAIM_RELEASE_REASONS.includes(row.release_reason));
    if (ok) continue;
    const what =
      row.state === "in-order"
        ? "in-order without its line in its order"
        : row.state === "released"
          ? `released without a reason (${row.release_reason ?? "none"})`
          : `in an unknown state "${row.state}"`;
    violations.push(`claim of @${row.handle} on piece ${row.ref} (seq ${row.seq}) ${what}`);
  }
  return invariant(
    "every claim is in an order, on a waitlist, pending or released with a reason",
    rows.length,
    violations,
  );
}

/** Each piece's claims that are not released, in queue order, with the lines holding it. */
async function piecesOfLive(db, liveId) {
  const { rows } = await db.query(
    `SELECT p.id, p.ref,
            coalesce((SELECT json_agg(json_build_object('id', c.id, 'handle', c.handle, 'state', c.state,
                        'rank', c.queue_rank, 'orderId', c.order_id) ORDER BY c.queue_rank, c.seq)
                        FROM live_claims c WHERE c.product_id = p.id AND c.state <> 'released'), '[]') AS claims,
            coalesce((SELECT json_agg(json_build_object('id', c.id, 'rank', c.queue_rank, 'orderId', c.order_id,
                        'handle', c.handle))
                        FROM live_claims c WHERE c.product_id = p.id AND c.state = 'released'
                         AND c.release_reason = 'hold-expired'), '[]') AS expired,
            coalesce((SELECT json_agg(i.order_id) FROM order_items i
                       WHERE i.product_id = p.id AND NOT i.is_released), '[]') AS held_by
       FROM products p WHERE p.live_id = $1 ORDER BY p.ref`,
    [liveId],
  );
  for (const row of rows) {
    for (const claim of row.claims) claim.rank = Number(claim.rank);
    for (const claim of row.expired) claim.rank = Number(claim.rank);
    row.holders = row.claims.filter((claim) => claim.state === "pending" || claim.state === "in-order");
    row.waiting = row.claims.filter((claim) => claim.state === "waitlisted");
  }
  return rows;
}

function earliestClaimerServed(pieces) {
  const violations = [];
  let checked = 0;
  for (const piece of pieces) {
    if (piece.claims.length === 0) continue;
    checked += 1;
    if (piece.holders.length > 1) {
      violations.push(`piece ${piece.ref} held by ${piece.holders.length} claims`);
      continue;
    }
    const [holder] = piece.holders;
    const first = piece.claims[0];
    if (holder && holder.rank > first.rank) {
      violations.push(
        `piece ${piece.ref} went to @${holder.handle} (rank ${holder.rank}) before @${first.handle} (rank ${first.rank})`,
      );
    } else if (!holder && piece.held_by.length === 0 && piece.waiting.length > 0) {
      violations.push(
        `piece ${piece.ref} is free while ${piece.waiting.length} claim(s) wait for it (first @${piece.waiting[0].handle})`,
      );
    }
  }
  return invariant(
    "every piece went to its earliest claimer not released; no free piece has a waitlist",
    checked,
    violations,
  );
}

async function expiriesFollowedUp(db, liveId, pieces) {
  const violations = [];
  let checked = 0;
  for (const piece of pieces) {
    const [holder] = piece.holders;
    for (const expired of piece.expired) {
      checked += 1;
      const handedOver = holder && holder.id !== expired.id;
      const released = !holder && piece.waiting.length === 0;
      if (!handedOver && !released) {
        violations.push(
          `piece ${piece.ref}: the hold of @${expired.handle} expired, yet ${piece.waiting.length} claim(s) still wait and none holds it`,
        );
      } else if (piece.held_by.includes(expired.orderId) && !(holder && holder.orderId === expired.orderId)) {
        violations.push(
          `piece ${piece.ref}: the hold of @${expired.handle} expired, yet its line is still in the order`,
        );
      }
    }
  }
  const { rows: overdue } = await db.query(
    `SELECT c.handle, p.ref, o.status, round(extract(epoch FROM now() - c.held_until))::int AS late
       FROM live_claims c JOIN products p ON p.id = c.product_id JOIN orders o ON o.id = c.order_id
      WHERE c.live_id = $1 AND c.state = 'in-order' AND o.status IN ('to-validate', 'to-pay')
        AND c.held_until < now() - make_interval(secs => $2)`,
    [liveId, OVERDUE_SECONDS],
  );
  for (const row of overdue)
    violations.push(
      `piece ${row.ref}: the hold of @${row.handle} ended ${row.late} s ago, still in its ${row.status} order`,
    );
  return invariant(
    "every expired hold was followed by a hand-over or a release; none is left past due",
    checked,
    violations,
  );
}

async function commentsReadNoClaimLost(db, liveId, read) {
  const violations = [];
  const {
    rows: [cursor],
  } = await db.query(
    `SELECT s.last_seq,
            (SELECT max(e.seq) FROM tiktok_events e WHERE e.live_id = $1 AND e.event_type = 'chat') AS last_chat
       FROM lives l LEFT JOIN live_claim_state s ON s.live_id = l.id WHERE l.id = $1`,
    [liveId],
  );
  const lastChat = cursor.last_chat === null ? null : Number(cursor.last_chat);
  const lastSeq = cursor.last_seq === null ? null : Number(cursor.last_seq);
  if (lastChat !== null && (lastSeq === null || lastSeq < lastChat))
    violations.push(`comments up to seq ${lastChat}, read up to ${lastSeq ?? "none (no claim state)"}`);

  const colors = (await db.query("SELECT name FROM product_colors ORDER BY name")).rows.map(
    (row) => row.name,
  );
  const products = new Map(
    (await db.query("SELECT id, ref FROM products WHERE live_id = $1", [liveId])).rows.map((row) => [
      row.ref,
      row.id,
    ]),
  );
  // The first seq each viewer claimed each piece at.
  const firstClaim = new Map(
    (
      await db.query(
        "SELECT handle, product_id, min(seq) AS seq FROM live_claims WHERE live_id = $1 GROUP BY handle, product_id",
        [liveId],
      )
    ).rows.map((row) => [`${row.handle}\n${row.product_id}`, Number(row.seq)]),
  );
  let comments = 0;
  let claims = 0;
  let unusable = 0;
  let after = 0;
  for (;;) {
    const { rows } = await db.query(
      `SELECT seq, user_unique_id, comment FROM tiktok_events
        WHERE live_id = $1 AND event_type = 'chat' AND seq > $2 ORDER BY seq LIMIT 10000`,
      [liveId, after],
    );
    if (rows.length === 0) break;
    after = Number(rows.at(-1).seq);
    for (const row of rows) {
      comments += 1;
      if (!row.comment) continue;
      // The viewer as the sidebar and the engine name them; a comment with no handle has no viewer.
      const handle = sidebarHandle(row.user_unique_id ?? "");
      if (!handle) {
        unusable += 1;
        continue;
      }
      const reading = read(row.comment, colors);
      // Doubts make claims too (waiting for staff), so both must have a row.
      for (const piece of [...reading.claims, ...reading.doubts]) {
        const productId = products.get(piece.ref);
        if (!productId) continue;
        claims += 1;
        const seq = Number(row.seq);
        const claimedAt = firstClaim.get(`${handle}\n${productId}`);
        if (claimedAt === undefined || claimedAt > seq)
          violations.push(`"${row.comment}" by @${handle} (seq ${seq}) has no claim on piece ${piece.ref}`);
      }
    }
  }
  return {
    ...invariant("every comment was read and no claim was lost", claims, violations),
    detail:
      `${comments} comments, cursor at ${lastSeq ?? "none"} of ${lastChat ?? "none"}` +
      (unusable > 0 ? `, ${unusable} without a handle` : ""),
  };
}

async function doubtsKeptTheirPlace(db, liveId) {
  // Each doubt of the live, with when it stopped waiting for staff (confirmed, answered, or
  // released; null: it waits still), against the claims behind it on its piece that hold it now
  // or began to hold it while it waited. Compared in SQL: timestamps to the microsecond.
  const { rows } = await db.query(
    `WITH doubts AS (
       SELECT c.id, c.handle, c.product_id, p.ref, c.queue_rank, c.created_at, c.doubt_until,
              (c.confirmed_at IS NULL AND c.state IN ('pending', 'waitlisted')) AS waiting,
              coalesce(c.confirmed_at,
                       (SELECT min(a.answered_at) FROM live_claim_doubt_answers a WHERE a.claim_id = c.id),
                       CASE WHEN c.state = 'released' THEN c.updated_at END) AS ended_at
         FROM live_claims c JOIN products p ON p.id = c.product_id
        WHERE c.live_id = $1 AND c.doubt_reason IS NOT NULL
     ),
     -- One join grouped by doubt, not a look through the piece's claims for each doubt: a live of
     -- 30,000 doubts and 150,000 claims is checked in seconds, not minutes.
     passed AS (
       SELECT d.id AS doubt_id,
              json_agg(json_build_object(
                'handle', k.handle,
                'now', d.waiting AND k.state IN ('pending', 'in-order'),
                'since', k.holding_since) ORDER BY k.queue_rank) AS passed_by
         FROM doubts d
         JOIN live_claims k
           ON k.product_id = d.product_id AND k.id <> d.id AND k.queue_rank > d.queue_rank
          AND ((d.waiting AND k.state IN ('pending', 'in-order'))
               OR (k.holding_since IS NOT NULL AND d.created_at <= k.holding_since
                   AND (d.ended_at IS NULL OR d.ended_at > k.holding_since)))
        GROUP BY d.id
     )
     SELECT d.id, d.handle, d.ref,
            CASE WHEN d.waiting AND d.doubt_until < now() - make_interval(secs => $2)
                 THEN round(extract(epoch FROM now() - d.doubt_until))::int END AS late,
            coalesce(p.passed_by, '[]') AS passed_by
       FROM doubts d LEFT JOIN passed p ON p.doubt_id = d.id
      ORDER BY d.queue_rank, d.id`,
    [liveId, OVERDUE_SECONDS],
  );
  const violations = [];
  for (const doubt of rows) {
    for (const claim of doubt.passed_by)
      violations.push(
        claim.now
          ? `piece ${doubt.ref} is held by @${claim.handle} while the doubt of @${doubt.handle}, ahead of it, waits for staff`
          : `piece ${doubt.ref} went to @${claim.handle} at ${claim.since} while the doubt of @${doubt.handle}, ahead of it, waited for staff`,
      );
    if (doubt.late !== null)
      violations.push(
        `the doubt of @${doubt.handle} on piece ${doubt.ref} waits ${doubt.late} s past its end`,
      );
  }
  return invariant(
    "every doubt kept its place while it waited for staff; none is left past its wait",
    rows.length,
    violations,
  );
}

/**
 * Checks the live whose reference is `liveRef` on `db` (a pg client, not a pool: every read is made
 * in one read-only snapshot, so a live still running, holds still expiring, is checked as it stood
 * at one instant). Resolves with its invariants, each with how many things it checked and its
 * violations (count and a few examples), or null when there is no such live. `read` is the
 * domain's comment reader.
 */
/** The engine's reading: the rules and the second opinion the server learns at start. */
const engineReading = (comment, colors) => readLiveComment(comment, colors, readingOpinion());

export async function checkLive(db, liveRef, { read = engineReading } = {}) {
  await db.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  try {
    const {
      rows: [live],
    } = await db.query("SELECT id, ref FROM lives WHERE ref = $1", [liveRef]);
    if (!live) return null;
    const pieces = await piecesOfLive(db, live.id);
    const invariants = [
      await oneOrderPerPiece(db, live.id),
      await everyClaimAccountedFor(db, live.id),
      earliestClaimerServed(pieces),
      await expiriesFollowedUp(db, live.id, pieces),
      await commentsReadNoClaimLost(db, live.id, read),
      await doubtsKeptTheirPlace(db, live.id),
    ];
    return { liveId: live.id, ok: invariants.every((item) => item.violations === 0), invariants };
  } finally {
    await db.query("COMMIT");
  }
}

/** The report as printed: one line per invariant, its examples under it. */
export function formatCheck(liveRef, result) {
  const lines = [`live:check of live "${liveRef}"`];
  for (const item of result.invariants) {
    const mark = item.violations === 0 ? "ok  " : "FAIL";
    lines.push(
      `${mark} ${item.name}: ${item.checked} checked, ${item.violations} violation${item.violations === 1 ? "" : "s"}` +
        (item.detail ? ` (${item.detail})` : ""),
    );
    for (const example of item.examples) lines.push(`       - ${example}`);
    if (item.violations > item.examples.length)
      lines.push(`       - ... and ${item.violations - item.examples.length} more`);
  }
  lines.push(result.ok ? "clean: every invariant holds" : "VIOLATIONS found");
  return lines.join("\n");
}

/** The database the CLI checks: DATABASE_URL, else a running server's embedded one. */
export function checkerDatabaseUrl(env = process.env) {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  return `postgres://vitrine:vitrine-local@127.0.0.1:${env.EMBEDDED_PG_PORT || 54329}/vitrine`;
}

async function main() {
  await import("dotenv/config");
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        live: { type: "string" },
        digest: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    console.error(`[live:check] ${error.message}`);
    process.exit(2);
  }
  if (values.help || !values.live) {
    console.log(
      "Usage: npm run live:check -- --live <ref> [--digest]   (DATABASE_URL from the environment or .env)",
    );
    process.exit(values.help ? 0 : 2);
  }
  const client = new pg.Client({ connectionString: checkerDatabaseUrl() });
  try {
    await client.connect();
  } catch (error) {
    console.error(`[live:check] cannot reach the database: ${error.message}`);
    process.exit(2);
  }
  try {
    const result = await checkLive(client, values.live);
    if (!result) {
      console.error(`[live:check] no live "${values.live}"`);
      process.exit(2);
    }
    console.log(formatCheck(values.live, result));
    const digest = await liveDigest(client, values.live);
    if (digest) {
      if (values.digest) process.stdout.write(digest.text);
      console.log(`digest ${digest.hash}`);
    }
    process.exitCode = result.ok ? 0 : 1;
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
