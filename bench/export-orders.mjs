#!/usr/bin/env -S npx tsx
// What the CSV export of 100 000 orders costs. Starts the server as `npm start` does (embedded
// PostgreSQL in a fresh data folder, or a fresh database on DATABASE_URL's server), fills it with
// 100 000 orders with their lines and people (support/fill-orders.mjs, in SQL), signs the demo
// admin in, then downloads GET /api/admin/exports/orders.csv (every order, no filter) through HTTP,
// counting the bytes as they come without keeping them. Meanwhile the server's RSS is sampled
// (/proc/<pid>/status) every 10 ms: its peak is printed beside its RSS just before the download.
// The floor, in the same run and taken in turns with the export: the very same statement
// (orderListStatements(...).all, same text and values) through pg alone, a cursor on one client
// reading EXPORT_BATCH_ROWS at a time, rows counted and dropped.
//   npm run bench:export -- [--rounds=3]
import { cpus, loadavg } from "node:os";
import pg from "pg";
import Cursor from "pg-cursor";
import { orderListStatements } from "../apps/server/src/modules/admin-orders/index.ts";
import { EXPORT_BATCH_ROWS } from "../apps/server/src/modules/exports/index.ts";
import { startDemoServer } from "./support/demo-server.mjs";
import { FILL, fillOrders } from "./support/fill-orders.mjs";
import { freshDatabase } from "./support/fresh-database.mjs";
import { benchOptions, rssKb, sampleRss } from "./support/measure.mjs";

const options = benchOptions();
const rounds = Number(options.rounds ?? 3);
const log = (message) => console.log(message);

/** The process's resident set, in bytes. */
const rssOf = (pid) => rssKb(pid) * 1024;

/** Samples `pid`'s RSS every 10 ms until stopped; answers the highest seen, in bytes. */
function sampleRssBytes(pid) {
  const stop = sampleRss(pid, 10);
  return () => stop() * 1024;
}

async function exportThroughHttp(origin, cookie, pid) {
  const before = rssOf(pid);
  const stop = sampleRssBytes(pid);
  const started = performance.now();
  const response = await fetch(`${origin}/api/admin/exports/orders.csv`, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`export refused: ${response.status}`);
  let bytes = 0;
  let lineEnds = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lineEnds++;
  }
  const ms = performance.now() - started;
  return { ms, bytes, rows: lineEnds - 1, rssBefore: before, rssPeak: stop() };
}

async function floorThroughPg(databaseUrl) {
  const { all } = orderListStatements({ page: 1, pageSize: 50 });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    const cursor = client.query(new Cursor(all.text, all.values));
    let rows = 0;
    for (;;) {
      const batch = await cursor.read(EXPORT_BATCH_ROWS);
      if (batch.length === 0) break;
      rows += batch.length;
    }
    await cursor.close();
    return { ms: performance.now() - started, rows };
  } finally {
    await client.end();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const database = await freshDatabase("export");
const app = await startDemoServer("export", 3800, { databaseUrl: database.url });
try {
  log(
    `Filling ${FILL.orders.toLocaleString("en")} orders (${database.url ? "DATABASE_URL's server" : "embedded PostgreSQL"})...`,
  );
  const fillMs = await fillOrders(app.databaseUrl, log);
  log(`Filled in ${(fillMs / 1000).toFixed(0)} s`);
  const cookie = await app.adminCookie();
  const rssIdle = rssOf(app.pid);

  // Warm-up: the JIT, the connections, the pages of the tables.
  await exportThroughHttp(app.origin, cookie, app.pid);
  await floorThroughPg(app.databaseUrl);

  const loadBefore = loadavg();
  const exports = [];
  const floors = [];
  for (let round = 0; round < rounds; round++) {
    exports.push(await exportThroughHttp(app.origin, cookie, app.pid));
    floors.push(await floorThroughPg(app.databaseUrl));
  }
  const loadAfter = loadavg();
  const last = exports.at(-1);
  if (last.rows !== floors.at(-1).rows) {
    throw new Error(`the export wrote ${last.rows} rows, the floor read ${floors.at(-1).rows}`);
  }

  log("");
  log(
    `GET /api/admin/exports/orders.csv, ${last.rows} orders, ${rounds} rounds taken in turns with the floor`,
  );
  log(`                         time (median, each)                       bytes        server RSS`);
  log(
    `  export through HTTP    ${median(exports.map((e) => e.ms))
      .toFixed(0)
      .padStart(
        6,
      )} ms  (${exports.map((e) => e.ms.toFixed(0)).join(", ")} ms)   ${mb(last.bytes).padStart(9)}    idle ${mb(rssIdle)}, before ${mb(median(exports.map((e) => e.rssBefore)))}, peak ${mb(Math.max(...exports.map((e) => e.rssPeak)))}`,
  );
  log(
    `  floor: pg cursor      ${median(floors.map((f) => f.ms))
      .toFixed(0)
      .padStart(
        6,
      )} ms  (${floors.map((f) => f.ms.toFixed(0)).join(", ")} ms)   rows counted and dropped, ${EXPORT_BATCH_ROWS} a read`,
  );
  log(
    `  ratio: the export takes ${(median(exports.map((e) => e.ms)) / median(floors.map((f) => f.ms))).toFixed(2)}× the floor's time`,
  );
  log(
    `\nload average (1 min) ${loadBefore[0].toFixed(2)} before, ${loadAfter[0].toFixed(2)} after, on ${cpus().length} cores`,
  );
} finally {
  await app.stop();
  await database.drop();
}
