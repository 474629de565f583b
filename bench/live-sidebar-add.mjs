#!/usr/bin/env node
// The live sidebar's one-gesture add under a live's load (decision 019): 10 staff add concurrently
// (each add a distinct product of one active live; new handles and known ones mixed) while a
// background source ingests 1,000 comments/s. Starts the server as `npm start` does (embedded
// PostgreSQL, fresh data folder), signs the demo admin in, then measures POST
// /api/admin/live-sidebar/add (session, validation, Drizzle, the response: the real API).
// Beside it, in the same run and under the same load, the floor: the same add's SQL statements
// written by hand and sent straight through pg, once behind a bare Fastify endpoint and once
// without HTTP. Prints p50 / p95 of each and the ratio; asserts nothing. Target: p95 <= 25 ms.
//
//   npm run bench:sidebar -- [--seconds=15] [--rounds=5] [--staff=10] [--rate=1000] [--think=100]
//                            [--load=http|sql|none]
//
// Each way of adding runs --seconds in all, in --rounds short rounds taken in turn with the others.
//
// --load=http (default) posts the comments to POST /api/live-ingest/events (Bearer
// LIVE_INGEST_TOKEN) in batches every 50 ms, as a live source does; --load=sql inserts the same
// rows straight into tiktok_events (for a server without the ingestion endpoint); none: no load.
import Fastify from "fastify";
import { randomBytes } from "node:crypto";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { startDemoServer } from "./support/demo-server.mjs";

const options = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value = "true"] = arg.replace(/^--/, "").split("=");
    return [key, value];
  }),
);
const SECONDS = Number(options.seconds ?? 15);
const STAFF = Number(options.staff ?? 10);
const RATE = Number(options.rate ?? 1000);
const THINK_MS = Number(options.think ?? 100);
const ROUNDS = Number(options.rounds ?? 5);
const LOAD = options.load ?? "http";
const BATCH_EVERY_MS = 50;
const KNOWN_HANDLES = 200;
const log = (message) => console.log(message);
if (!["http", "sql", "none"].includes(LOAD)) throw new Error(`--load=${LOAD}: http, sql or none`);

process.env.LIVE_INGEST_TOKEN ??= randomBytes(24).toString("hex");
const token = process.env.LIVE_INGEST_TOKEN;
const run = randomBytes(3).toString("hex");

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
function summary(latencies, errors, seconds) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1),
    perSecond: sorted.length / seconds,
    errors,
  };
}

/** The live, its products (enough for every add of every phase) and the known viewers. */
async function prepare(db) {
  const ref = `bs${run}`;
  const {
    rows: [live],
  } = await db.query(
    "INSERT INTO lives (ref, title, live_date, is_active) VALUES ($1, $2, now(), true) RETURNING id, ref",
    [ref, `Banc sidebar ${run}`],
  );
  const perPhase = Math.ceil(STAFF * ((SECONDS * 1000) / Math.max(THINK_MS, 1) + 10) * 1.5);
  const total = perPhase * 3 + 100;
  await db.query(
    `INSERT INTO products (live_id, ref, name, price_cents, size)
     SELECT $1, n, 'Article ' || n, 1000 + (n % 40) * 100, (ARRAY['S','M','L','TU'])[1 + n % 4]
     FROM generate_series(1, $2::int) n`,
    [live.id, total],
  );
  const { rows: productRows } = await db.query("SELECT id FROM products WHERE live_id = $1 ORDER BY ref", [
    live.id,
  ]);
  const known = Array.from({ length: KNOWN_HANDLES }, (_, n) => `bk${run}_${n}`);
  await db.query(
    `INSERT INTO users (tiktok_username, email)
     SELECT h, h || '@viewers.vitrine.invalid' FROM unnest($1::text[]) h`,
    [known],
  );
  const ids = productRows.map((row) => row.id);
  return {
    live,
    known,
    phases: [
      ids.slice(0, perPhase),
      ids.slice(perPhase, 2 * perPhase),
      ids.slice(2 * perPhase, 3 * perPhase),
    ],
  };
}

/** The background source: RATE comments/s in batches, over HTTP or straight into the table. */
function startLoad({ origin, pool, live }) {
  let sent = 0;
  let failed = 0;
  let firstFailure = "";
  let seq = 0;
  const perBatch = Math.max(1, Math.round((RATE * BATCH_EVERY_MS) / 1000));
  const claims = [
    "je prends le 12",
    "12 taille M svp",
    "@vendeuse 7 svp",
    "c'est combien le 3 ?",
    "trop belle 😍",
  ];
  const events = () =>
    Array.from({ length: perBatch }, () => {
      const n = ++seq;
      const viewer = n % 500;
      return {
        type: "chat",
        msgId: `bench-${run}-${n}`,
        createTime: Date.now(),
        tiktokUserId: String(7000000 + viewer),
        uniqueId: `spectatrice_${viewer}`,
        nickname: `Spectatrice ${viewer}`,
        avatarUrl: null,
        comment: claims[n % claims.length],
        payload: { bench: true, n },
      };
    });
  const post =
    LOAD === "http"
      ? async (batch) => {
          const response = await fetch(`${origin}/api/live-ingest/events`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
            body: JSON.stringify({ liveRef: live.ref, events: batch }),
          });
          if (!response.ok)
            throw new Error(`ingest ${response.status}: ${(await response.text()).slice(0, 200)}`);
        }
      : async (batch) => {
          await pool.query(
            `INSERT INTO tiktok_events
               (live_id, event_type, tiktok_user_id, user_nickname, user_unique_id, comment, create_time, msg_id, payload)
             SELECT $1, e->>'type', e->>'tiktokUserId', e->>'nickname', e->>'uniqueId', e->>'comment',
                    (e->>'createTime')::bigint, e->>'msgId', e->'payload'
             FROM jsonb_array_elements($2::jsonb) e
             ON CONFLICT DO NOTHING`,
            [live.id, JSON.stringify(batch)],
          );
        };
  const timer =
    LOAD === "none"
      ? undefined
      : setInterval(() => {
          const batch = events();
          post(batch).then(
            () => (sent += batch.length),
            (error) => {
              failed += batch.length;
              firstFailure ||= String(error.message ?? error);
            },
          );
        }, BATCH_EVERY_MS);
  return {
    stop: () => clearInterval(timer),
    counts: () => ({ sent, failed, firstFailure }),
  };
}

/**
 * One way of adding, measured over several rounds: STAFF workers, each taking the next product of
 * its own list and adding it for a new or a known handle.
 */
function contender(addOne, productIds, known, label) {
  const latencies = [];
  let errors = 0;
  let firstError = "";
  let next = 0;
  let count = 0;
  return {
    async round(seconds) {
      const deadline = Date.now() + seconds * 1000;
      const worker = async (staff) => {
        while (Date.now() < deadline) {
          const productId = productIds[next++];
          if (!productId) break;
          count += 1;
          // Half new handles, half known ones (whose to-validate order is then reused).
          const handle = count % 2 ? `bn${run}_${label}_${count}` : known[(count * 7 + staff) % known.length];
          const started = performance.now();
          try {
            await addOne({ productId, handle: count % 4 === 1 ? `  @${handle.toUpperCase()} ` : handle });
            latencies.push(performance.now() - started);
          } catch (error) {
            errors += 1;
            firstError ||= String(error.message ?? error);
          }
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * THINK_MS));
        }
      };
      await Promise.all(Array.from({ length: STAFF }, (_, staff) => worker(staff)));
    },
    result() {
      if (firstError) log(`  ${label}: first error: ${firstError}`);
      return summary(latencies, errors, SECONDS);
    },
  };
}

/**
 * The floor: the statements the add sends (modules/orders/write.ts: the one call of
 * live_sidebar_add, migration order_core), written by hand, then the order read back as the reply.
 */
async function rawAdd(pool, liveId, { productId, handle: typed }) {
  const handle = typed.trim().replace(/^@/, "").trim().toLowerCase();
  const {
    rows: [{ order_id: orderId }],
  } = await pool.query(
    "SELECT order_id, order_created, user_created FROM live_sidebar_add($1::uuid, $2::uuid, $3, $4, $5, $6, $7::int, $8, $9, $10::uuid, $11::order_status[])",
    [
      liveId,
      productId,
      handle,
      `vitrine:claim:handle:${handle}`,
      `${handle}@viewers.vitrine.invalid`,
      null,
      600,
      "colissimo",
      "HF-",
      null,
      ["to-validate", "to-pay"],
    ],
  );
  // As the server does: the announcement beside the reply's read, on another connection.
  const readReply = async () =>
    (
      await pool.query(
        `SELECT o.id, o.order_number, o.status, o.order_date, o.total_amount_cents, o.comment, l.id AS live_id, l.title,
                u.id AS user_id, u.tiktok_username, u.first_name, u.last_name,
                coalesce((SELECT json_agg(json_build_object('id', i.id, 'productId', i.product_id, 'name', p.name,
                            'ref', p.ref::text, 'quantity', i.quantity, 'priceCents', i.price_cents,
                            'color', CASE WHEN i.color IS NULL THEN NULL ELSE json_build_object(
                              'name', i.color->>'name', 'hexCode', i.color->>'hex_code') END)
                          ORDER BY i.created_at, p.ref)
                          FROM order_items i JOIN products p ON p.id = i.product_id WHERE i.order_id = o.id), '[]'::json) AS items
         FROM orders o JOIN lives l ON l.id = o.live_id JOIN users u ON u.id = o.user_id WHERE o.id = $1`,
        [orderId],
      )
    ).rows[0];
  const [, order] = await Promise.all([
    pool.query("SELECT pg_notify($1, $2)", [
      "vitrine_bench_floor",
      JSON.stringify({ kind: "orders", liveId, orderId }),
    ]),
    readReply(),
  ]);
  return { order };
}

const app = await startDemoServer("sidebar", 3900);
// Setup and the SQL load on one pool; the floor on its own, as large as the server's (10).
const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
pool.on("error", () => {});
const floorPool = new pg.Pool({ connectionString: app.databaseUrl, max: 10 });
floorPool.on("error", () => {});
let bare;
let load;
try {
  const version = (await pool.query("SHOW server_version")).rows[0].server_version;
  const setup = await prepare(pool);
  const { live, known } = setup;
  const cookie = await app.adminCookie();

  bare = Fastify();
  bare.post("/add", async (request) => rawAdd(floorPool, live.id, request.body));
  const bareOrigin = await bare.listen({ port: 0, host: "127.0.0.1" });

  const viaApi = async (body) => {
    const response = await fetch(`${app.origin}/api/admin/live-sidebar/add`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: app.origin },
      body: JSON.stringify({ liveId: live.id, ...body }),
    });
    if (response.status !== 201)
      throw new Error(`add ${response.status}: ${(await response.text()).slice(0, 200)}`);
    await response.json();
  };
  const viaBare = async (body) => {
    const response = await fetch(`${bareOrigin}/add`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (response.status !== 200)
      throw new Error(`bare add ${response.status}: ${(await response.text()).slice(0, 200)}`);
    await response.json();
  };
  const viaPg = (body) => rawAdd(floorPool, live.id, body);

  // Warm-up: the JIT, both pools, the indexes' pages (a few adds each, products set aside).
  const spare = (
    await pool.query(
      `INSERT INTO products (live_id, ref, name, price_cents)
     SELECT $1, 900000 + n, 'Echauffement', 1000 FROM generate_series(1, 60) n RETURNING id`,
      [live.id],
    )
  ).rows.map((row) => row.id);
  for (const [index, productId] of spare.entries()) {
    const handle = index % 2 ? `bw${run}_${index}` : known[index];
    await [viaApi, viaBare, viaPg][index % 3]({ productId, handle });
  }

  load = startLoad({ origin: app.origin, pool, live });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const loadBefore = loadavg();
  // Short rounds in turn, so that the shared machine's ups and downs fall on all three alike.
  const contenders = [
    ["project: POST /api/admin/live-sidebar/add", contender(viaApi, setup.phases[0], known, "api")],
    ["floor: bare Fastify + pg, same statements", contender(viaBare, setup.phases[1], known, "bare")],
    ["floor: pg only, same statements (no HTTP)", contender(viaPg, setup.phases[2], known, "pg")],
  ];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [, measured] of contenders) await measured.round(SECONDS / ROUNDS);
  }
  const results = contenders.map(([name, measured]) => [name, measured.result()]);
  const loadAfter = loadavg();
  load.stop();
  await new Promise((resolve) => setTimeout(resolve, 300));
  const ingested = load.counts();
  const stored = (
    await pool.query("SELECT count(*)::int AS n FROM tiktok_events WHERE live_id = $1", [live.id])
  ).rows[0].n;
  const sold = (
    await pool.query(
      `SELECT count(*)::int AS items, count(DISTINCT i.order_id)::int AS orders FROM order_items i
       JOIN products p ON p.id = i.product_id WHERE p.live_id = $1`,
      [live.id],
    )
  ).rows[0];

  const ms = (value) => `${(value ?? NaN).toFixed(1).padStart(5)} ms`;
  log("");
  log(
    `Sidebar add, ${STAFF} staff, ${SECONDS} s each in ${ROUNDS} rounds taken in turn (think time 0-${2 * THINK_MS} ms), PostgreSQL ${version} (embedded)`,
  );
  log(
    `background load: ${LOAD === "none" ? "none" : `${RATE} comments/s ${LOAD === "http" ? "to POST /api/live-ingest/events" : "inserted straight into tiktok_events"}`}; ` +
      `${ingested.sent} sent, ${ingested.failed} failed, ${stored} stored${ingested.firstFailure ? ` (first failure: ${ingested.firstFailure})` : ""}`,
  );
  log("target: project p95 <= 25 ms");
  for (const [name, r] of results) {
    log(
      `  ${name.padEnd(44)} p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  max ${ms(r.max)}  ${r.n} adds (${r.perSecond.toFixed(0)}/s)${r.errors ? `  ${r.errors} errors` : ""}`,
    );
  }
  const [api, bareResult, pgResult] = results.map(([, r]) => r);
  log(
    `  project p95 / floor p95: ${(api.p95 / bareResult.p95).toFixed(2)}x (bare Fastify + pg), ${(api.p95 / pgResult.p95).toFixed(2)}x (pg only)`,
  );
  log(`  ${sold.items} lines in ${sold.orders} orders written in the live`);
  log(
    `load average (1 min) ${loadBefore[0].toFixed(2)} before, ${loadAfter[0].toFixed(2)} after, on ${cpus().length} cores (shared)`,
  );
} finally {
  load?.stop();
  await bare?.close();
  await pool.end();
  await floorPool.end();
  await app.stop();
}
