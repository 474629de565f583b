#!/usr/bin/env node
/**
 * npm run live:replay -- --events <file> [--digest] [--keep]
 * Replays a live's raw events (the file `npm run live:export-events` writes, decision 045) into a
 * fresh database: a new one on DATABASE_URL's server when it is set, else an embedded PostgreSQL
 * in a temporary folder. The live and its pieces are made, every event is fed in receive order
 * and the claims engine decides, on the events' clock (holds and doubts end by the receive times,
 * not the wall clock); then it prints the digest of the decisions, as `npm run live:check` prints
 * it for the live itself (`--digest`: the whole text before the hash). `--keep` keeps the
 * database and prints where it is. Exits 1 when an input could not be applied as in the live.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { connectDatabase } from "../../apps/server/src/db/client";
import { startEmbeddedDatabase } from "../../apps/server/src/db/embedded";
import { migrateDatabase } from "../../apps/server/src/db/migrate";
import { parseLiveEvents, replayLiveEvents } from "../../apps/server/src/modules/live-claims";
import { liveDigest } from "./digest.mjs";

const log = (message) => console.error(`[live:replay] ${message}`);

/** A port nobody listens on, for the embedded database. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A fresh database: a new one on DATABASE_URL's server, or an embedded server of its own. */
async function freshDatabase(keep) {
  if (process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `vitrine_replay_${randomBytes(4).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-replay-"));
  const embedded = await startEmbeddedDatabase({ dataDir, port: await freePort(), log });
  return {
    url: embedded.url,
    drop: async () => {
      await embedded.stop();
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
      else log(`the replay's database stays in ${dataDir}`);
    },
  };
}

await import("dotenv/config");
let values;
try {
  ({ values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      events: { type: "string" },
      digest: { type: "boolean" },
      keep: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  }));
} catch (error) {
  log(error.message);
  process.exit(2);
}
if (values.help || !values.events) {
  console.log("Usage: npm run live:replay -- --events <file> [--digest] [--keep]");
  process.exit(values.help ? 0 : 2);
}
let lines;
try {
  lines = parseLiveEvents(readFileSync(values.events, "utf8"));
} catch (error) {
  log(`${values.events}: ${error.message}`);
  process.exit(2);
}
const database = await freshDatabase(values.keep);
try {
  const migrating = connectDatabase(database.url, 2);
  try {
    await migrateDatabase(migrating.db);
  } finally {
    await migrating.close();
  }
  const started = performance.now();
  const result = await replayLiveEvents(database.url, lines, { log });
  log(
    `${lines.length} events of live "${result.liveRef}" replayed in ${Math.round(performance.now() - started)} ms`,
  );
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const digest = await liveDigest(client, result.liveRef);
    if (values.digest) process.stdout.write(digest.text);
    console.log(`digest ${digest.hash}`);
  } finally {
    await client.end();
  }
  if (values.keep) log(`the replay's database: ${database.url}`);
  if (result.refused.length > 0) {
    log(
      `${result.refused.length} input(s) could not be applied as in the live, or passes of the engine failed`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.drop();
}
