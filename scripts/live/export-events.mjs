#!/usr/bin/env node
/**
 * npm run live:export-events -- --live <ref> [--out <file> | --out -]
 * Writes a live's raw events (decision 045), one JSON event a line in receive order, to
 * `<ref>.events.jsonl` by default, or to stdout with `--out -`: the chat comments as stored, the
 * live's pieces, claim settings, staff's actions on claims, payment forms and payments, each with
 * its receive time. `npm run live:replay -- --events <file>` replays it.
 * DATABASE_URL comes from the environment or .env; without it, the embedded database of a running
 * server (EMBEDDED_PG_PORT). The shop's hold, doubt wait and unpaid holds limit are this
 * environment's settings (CLAIM_HOLD_HOURS, CLAIM_DOUBT_SECONDS, UNPAID_HOLDS_LIMIT).
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";
import { loadConfig } from "../../apps/server/src/config";
import { exportLiveEvents } from "../../apps/server/src/modules/live-claims";
import { checkerDatabaseUrl } from "./check.mjs";

await import("dotenv/config");
let values;
try {
  ({ values } = parseArgs({
    args: process.argv.slice(2),
    options: { live: { type: "string" }, out: { type: "string" }, help: { type: "boolean", short: "h" } },
  }));
} catch (error) {
  console.error(`[live:export-events] ${error.message}`);
  process.exit(2);
}
if (values.help || !values.live) {
  console.log("Usage: npm run live:export-events -- --live <ref> [--out <file> | --out -]");
  process.exit(values.help ? 0 : 2);
}
const config = loadConfig();
const client = new pg.Client({ connectionString: checkerDatabaseUrl() });
try {
  await client.connect();
} catch (error) {
  console.error(`[live:export-events] cannot reach the database: ${error.message}`);
  process.exit(2);
}
try {
  // One snapshot: a live still running is exported as it stood at one instant.
  await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  const lines = await exportLiveEvents(client, values.live, {
    holdSeconds: config.claimHoldSeconds,
    doubtSeconds: config.claimDoubtSeconds,
    unpaidHoldsLimit: config.unpaidHoldsLimit,
  });
  await client.query("COMMIT");
  if (!lines) {
    console.error(`[live:export-events] no live "${values.live}"`);
    process.exit(2);
  }
  const text = lines.map((line) => `${JSON.stringify(line)}\n`).join("");
  const out = values.out ?? `${values.live}.events.jsonl`;
  if (out === "-") process.stdout.write(text);
  else {
    writeFileSync(out, text);
    console.error(`[live:export-events] ${lines.length} events of live "${values.live}" written to ${out}`);
  }
} finally {
  await client.end();
}
