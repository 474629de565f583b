#!/usr/bin/env node
// What creating 500 products in one bulk submit costs: starts the server as `npm start` does
// (embedded PostgreSQL, demo data, fresh data folder), signs the demo admin in, then times
// POST /api/admin/products/bulk over fresh ranges of 500 references (the project's figure, HTTP and
// validation included). Beside it, the machine's floor: the same INSERT ... SELECT generate_series
// ... ON CONFLICT DO NOTHING RETURNING of 500 rows sent straight through pg. Prints medians and
// extremes; the budget is 2 s per submit. Asserts nothing.
import pg from "pg";
import { startDemoServer } from "./support/demo-server.mjs";

const rounds = Number(process.argv[2] ?? 9);
const SIZE = 500;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const line = (label, times) =>
  `${label.padEnd(44)} median ${median(times).toFixed(0).padStart(5)} ms   min ${Math.min(...times)
    .toFixed(0)
    .padStart(5)} ms   max ${Math.max(...times)
    .toFixed(0)
    .padStart(5)} ms`;

const app = await startDemoServer("bulk", 3900);
const { origin } = app;
try {
  const cookie = await app.adminCookie();
  const headers = { cookie, origin, "content-type": "application/json" };
  const get = async (url) => (await fetch(`${origin}${url}`, { headers })).json();
  const [live] = (await get("/api/admin/lives")).lives;
  const [color] = (await get("/api/admin/colors")).colors;
  if (!live || !color) throw new Error("the demo data has no live or no colour");

  // Ranges far above the demo products, a new one each time: every submit creates all 500 rows.
  let nextStart = 10_000;
  const takeRange = () => {
    const start = nextStart;
    nextStart += SIZE;
    return { start, end: start + SIZE - 1 };
  };

  const viaApi = async () => {
    const range = takeRange();
    const started = performance.now();
    const response = await fetch(`${origin}/api/admin/products/bulk`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        liveId: live.id,
        name: "Robe bench",
        priceCents: 1500,
        colorId: color.id,
        ...range,
      }),
    });
    const body = await response.json();
    const elapsed = performance.now() - started;
    if (response.status !== 201 || body.createdRefs.length !== SIZE) {
      throw new Error(`bulk creation failed: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    return elapsed;
  };

  const pool = new pg.Pool({
    connectionString: app.databaseUrl,
    max: 2,
  });
  pool.on("error", () => {});
  const viaPg = async () => {
    const range = takeRange();
    const started = performance.now();
    const { rowCount } = await pool.query(
      `INSERT INTO products (live_id, ref, name, price_cents, color_id)
       SELECT $1::uuid, ref, $2, $3::int, $4::uuid FROM generate_series($5::int, $6::int) AS ref
       ON CONFLICT (live_id, ref) DO NOTHING
       RETURNING ref`,
      [live.id, "Robe bench", 1500, color.id, range.start, range.end],
    );
    const elapsed = performance.now() - started;
    if (rowCount !== SIZE) throw new Error(`straight insert created ${rowCount} rows`);
    return elapsed;
  };

  // A warm-up of both paths, so neither pays for the JIT or the first connections.
  await viaApi();
  await viaPg();
  const api = [];
  const floor = [];
  for (let i = 0; i < rounds; i++) {
    api.push(await viaApi());
    floor.push(await viaPg());
  }
  await pool.end();

  console.log(`${SIZE} products in one bulk creation, ${rounds} rounds each (budget: 2000 ms per submit)`);
  console.log(line("POST /api/admin/products/bulk (project)", api));
  console.log(line("same INSERT straight through pg (floor)", floor));
  console.log(`project / floor (medians): ${(median(api) / median(floor)).toFixed(1)}x`);
} finally {
  await app.stop();
}
