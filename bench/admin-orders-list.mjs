#!/usr/bin/env node
// What the back office's orders list costs with 100 000 orders. Starts the server as `npm start`
// does (embedded PostgreSQL in a fresh data folder, or a fresh database on the server of
// DATABASE_URL when it is set), fills it (support/fill-orders.mjs), signs the demo admin in, then
// measures with autocannon GET /api/admin/orders (session, validation, serialization: the real
// API) on a few filters an admin uses, each a page of 50 with its total count. Beside it, in the
// same run, a bare Fastify + pg endpoint runs the very same statements (the module's own
// fetchOrderList: same prepared-statement names, text and values) without session, validation or
// the response schema, in a process of its own as the app's server is
// (support/bare-orders-server.mjs). Two passes: one admin at a time (1 connection), and a load of
// 10 connections; in each, the endpoints are measured in turns over three rounds, so that a busy
// moment of the machine does not weigh on one of them only. A second bare endpoint also runs the
// session look-up statement (same prepared statement) that the app ran for every signed-in
// request before it kept sessions in memory (decision 020): what one more round trip costs.
// Prints p50 / p95 latency and requests/s of each and the throughput ratios; asserts nothing.
// Targets: p95 <= 50 ms, and at least 85 % of the bare endpoint's requests/s.
//   node bench/admin-orders-list.mjs [seconds per measure]   (default 12)
import autocannon from "autocannon";
import { loadavg } from "node:os";
import { spawn } from "node:child_process";
import pg from "pg";
import { startDemoServer } from "./support/demo-server.mjs";
import { freshDatabase } from "./support/fresh-database.mjs";
import { FILL, fillOrders } from "./support/fill-orders.mjs";

const seconds = Number(process.argv[2] ?? 12);
const LOAD_CONNECTIONS = 10;
const ROUNDS = 3;
const log = (message) => console.log(message);

/** The bare endpoints in a process of their own (support/bare-orders-server.mjs). */
async function startBareServer(env) {
  // With the app server's V8 settings (apps/server/src/node-flags.ts): the code is compared, not the flags.
  const child = spawn(
    process.execPath,
    ["--max-semi-space-size=64", "--import", "tsx", "bench/support/bare-orders-server.mjs"],
    {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const origin = await new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const match = output.match(/listening (\S+)/);
      if (match) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return {
    origin,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/** Latency of every response (autocannon's own percentiles stop at p50, p90, p97.5). */
function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(url, headers, connections, duration) {
  const latencies = [];
  const instance = autocannon({ url, headers, connections, duration });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  return {
    latencies,
    requests: result.requests.total,
    duration,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/**
 * The endpoints measured in turns, a few rounds of each, rather than one after the other: a busy
 * moment of the machine then spreads over all of them instead of weighing on one.
 */
async function measureInRounds(targets, connections, duration) {
  const runs = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, target] of targets.entries()) {
      runs[index].push(await measure(target.url, target.headers, connections, duration / ROUNDS));
    }
  }
  return runs.map((rounds) => {
    const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const seconds = rounds.reduce((sum, r) => sum + r.duration, 0);
    return {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      rps: rounds.reduce((sum, r) => sum + r.requests, 0) / seconds,
      errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    };
  });
}

const database = await freshDatabase("orders");
const app = await startDemoServer("orders", 3700, { databaseUrl: database.url });
const { origin } = app;
const reader = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
reader.on("error", () => {});
let bare;
try {
  log(
    `Filling ${FILL.orders.toLocaleString("en")} orders (${database.url ? "DATABASE_URL's server" : "embedded PostgreSQL"})...`,
  );
  const fillMs = await fillOrders(app.databaseUrl, log);
  const version = (await reader.query("SHOW server_version")).rows[0].server_version;
  const counts = (
    await reader.query(
      "SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM users) AS people, (SELECT count(*) FROM order_items) AS lines",
    )
  ).rows[0];
  log(
    `Filled in ${(fillMs / 1000).toFixed(0)} s: ${counts.orders} orders, ${counts.people} people, ${counts.lines} order lines (PostgreSQL ${version})`,
  );

  // The filters, taken from the data as an admin would type them.
  const query = async (text) => (await reader.query(text)).rows[0];
  const unpaid = await query(
    "SELECT live_id FROM orders WHERE status = 'to-pay' GROUP BY live_id ORDER BY count(*) DESC, live_id LIMIT 1",
  );
  const someone = await query(
    "SELECT tiktok_username FROM users WHERE tiktok_username ~ '^[a-z]+_[a-z]{4}[0-9]+$' ORDER BY tiktok_username LIMIT 1 OFFSET 1234",
  );
  const olderLive = await query(
    "SELECT ref FROM lives WHERE ref ~ '-[0-9]{2}$' ORDER BY live_date LIMIT 1 OFFSET 5",
  );
  const scenarios = [
    { name: "status + live", query: { status: "to-pay", liveId: unpaid.live_id } },
    { name: "free text, part of a handle", query: { q: someone.tiktok_username.replace(/[0-9]+$/, "") } },
    { name: "order number prefix", query: { q: `HF-${olderLive.ref}-1` } },
    { name: "no filter (the landing page)", query: {} },
  ];

  const cookie = await app.adminCookie();
  const headers = { cookie };
  const token = decodeURIComponent(cookie.split("=")[1]).split(".")[0];
  bare = await startBareServer({
    BARE_DATABASE_URL: app.databaseUrl,
    BARE_SESSION_TOKEN: token,
    BARE_FILTERS: JSON.stringify(
      Object.fromEntries(scenarios.map((scenario) => [scenario.name, scenario.query])),
    ),
  });
  const bareOrigin = bare.origin;
  const results = [];
  const loadBefore = loadavg();
  for (const scenario of scenarios) {
    const apiUrl = `${origin}/api/admin/orders?${new URLSearchParams(scenario.query)}`;
    const bareUrl = `${bareOrigin}/orders/${encodeURIComponent(scenario.name)}`;
    const bareSessionUrl = `${bareOrigin}/orders-with-session/${encodeURIComponent(scenario.name)}`;
    const api = await (await fetch(apiUrl, { headers })).json();
    const floor = await (await fetch(bareUrl)).json();
    if (api.total !== floor.total || api.orders.length !== floor.orders.length) {
      throw new Error(
        `${scenario.name}: the API and the bare endpoint disagree (${api.total} / ${floor.total})`,
      );
    }
    // Warm-up of every path: the JIT, the pools' connections, the pages of the indexes.
    for (const [url, warmUpHeaders] of [
      [apiUrl, headers],
      [bareUrl, {}],
      [bareSessionUrl, {}],
    ]) {
      await measure(url, warmUpHeaders, LOAD_CONNECTIONS, 2);
    }
    for (const connections of [1, LOAD_CONNECTIONS]) {
      const duration = connections === 1 ? Math.max(3, Math.round(seconds / 2)) : seconds;
      const [apiFigures, bareFigures, bareSessionFigures] = await measureInRounds(
        [
          { url: apiUrl, headers },
          { url: bareUrl, headers: {} },
          { url: bareSessionUrl, headers: {} },
        ],
        connections,
        duration,
      );
      results.push({
        scenario: `${scenario.name} (${api.total} orders, page of ${api.orders.length})`,
        connections,
        api: apiFigures,
        bare: bareFigures,
        bareSession: bareSessionFigures,
      });
    }
  }
  const loadAfter = loadavg();

  const ms = (value) => `${value.toFixed(1).padStart(5)} ms`;
  const figures = (r) =>
    `p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  ${r.rps.toFixed(0).padStart(5)} req/s${r.errors ? `  ${r.errors} errors` : ""}`;
  log("");
  log(
    `GET /api/admin/orders with ${counts.orders} orders; ${seconds} s per measure (${Math.max(3, Math.round(seconds / 2))} s with 1 connection), in ${ROUNDS} rounds taken in turns`,
  );
  log(`targets: project p95 <= 50 ms, project req/s >= 85 % of the bare endpoint's`);
  log(
    `bare: the list statements only; bare + session: the session look-up first, as the app did before decision 020`,
  );
  let current = "";
  for (const r of results) {
    if (r.scenario !== current) log(`\n${(current = r.scenario)}`);
    const ratio = (floor) => `${((r.api.rps / floor.rps) * 100).toFixed(0)} %`;
    log(`  ${String(r.connections).padStart(2)} conn.  project               ${figures(r.api)}`);
    log(`           bare Fastify + pg     ${figures(r.bare)}   ratio ${ratio(r.bare)}`);
    log(`           bare + session        ${figures(r.bareSession)}   ratio ${ratio(r.bareSession)}`);
  }
  log(
    `\nload average (1 min) ${loadBefore[0].toFixed(2)} before, ${loadAfter[0].toFixed(2)} after, on ${(await import("node:os")).cpus().length} cores`,
  );
} finally {
  await bare?.stop();
  await reader.end();
  await app.stop();
  await database.drop();
}
