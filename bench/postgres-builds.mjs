#!/usr/bin/env node
// Two PostgreSQL servers of the same machine on the same SQL (decision 030, "The embedded
// PostgreSQL and the server"): the embedded one `npm start` runs (started here in a temporary data
// folder, as apps/server/src/db/embedded.ts starts it) and DATABASE_URL's server, or any two given.
// Each class of work runs on one server then the other, round after round, so the machine's load
// falls on both alike: a CPU-only PL/pgSQL loop, a PL/pgSQL batch shaped like the claims engine's
// (a FOR UPDATE on the live's row, then per claim a read, an upsert, an insert under a trigger that
// updates its order, jsonb built), and one insert a transaction (WAL and fsync). Each server gets
// a scratch database, dropped at the end.
// Usage: npm run bench:postgres -- [--a=<url>] [--b=<url>] [--rounds=5] [--seconds=5]
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedDatabase } from "../apps/server/src/db/embedded.ts";
import { benchOptions } from "./support/measure.mjs";

const options = benchOptions();
const ROUNDS = Number(options.rounds ?? 5);
const SECONDS = Number(options.seconds ?? 5);
const SCRATCH = `vitrine_bench_builds_${process.pid}`;

const SCHEMA = `
CREATE TABLE bench_live (id int PRIMARY KEY, last_seq bigint NOT NULL DEFAULT 0);
INSERT INTO bench_live SELECT g FROM generate_series(1, 8) g;
CREATE TABLE bench_order (id bigserial PRIMARY KEY, handle text UNIQUE, total int NOT NULL DEFAULT 0,
  items int NOT NULL DEFAULT 0);
CREATE TABLE bench_claim (id bigserial PRIMARY KEY, live int, handle text, piece int, state text,
  payload jsonb, order_id bigint REFERENCES bench_order);
CREATE INDEX ON bench_claim (live, piece) WHERE state <> 'released';
CREATE TABLE bench_comment (id bigserial PRIMARY KEY, body text, at timestamptz DEFAULT now());
CREATE FUNCTION bench_claim_order_total() RETURNS trigger AS $$
BEGIN
  UPDATE bench_order SET total = total + 1500, items = items + 1 WHERE id = NEW.order_id;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER bench_claim_order_total AFTER INSERT ON bench_claim
  FOR EACH ROW EXECUTE FUNCTION bench_claim_order_total();
CREATE FUNCTION bench_apply(p_live int, p_items jsonb) RETURNS jsonb AS $$
DECLARE v_item jsonb; v_order bigint; v_held boolean; v_out jsonb := '[]';
BEGIN
  PERFORM 1 FROM bench_live WHERE id = p_live FOR UPDATE;
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    v_held := EXISTS (SELECT 1 FROM bench_claim c WHERE c.live = p_live
                       AND c.piece = (v_item ->> 'piece')::int AND c.state <> 'released');
    INSERT INTO bench_order (handle) VALUES (v_item ->> 'handle')
      ON CONFLICT (handle) DO UPDATE SET handle = excluded.handle RETURNING id INTO v_order;
    INSERT INTO bench_claim (live, handle, piece, state, payload, order_id)
    VALUES (p_live, v_item ->> 'handle', (v_item ->> 'piece')::int,
            CASE WHEN v_held THEN 'waitlisted' ELSE 'held' END, v_item, v_order);
    v_out := v_out || jsonb_build_object('order', v_order, 'held', v_held);
  END LOOP;
  UPDATE bench_live SET last_seq = last_seq + 1 WHERE id = p_live;
  RETURN jsonb_build_object('orders', v_out);
END $$ LANGUAGE plpgsql;
CREATE FUNCTION bench_cpu(n int) RETURNS bigint AS $$
DECLARE s bigint := 0;
BEGIN
  FOR i IN 1..n LOOP s := s + i % 7; END LOOP;
  RETURN s;
END $$ LANGUAGE plpgsql;`;

/** A batch of 30 claims of pieces near `seq`, as the engine's batches are. */
function claimBatch(seq) {
  return JSON.stringify(
    Array.from({ length: 30 }, (_, i) => ({
      handle: `viewer${(seq * 31 + i * 7) % 5000}`,
      piece: (seq * 3 + i) % 999,
      size: "M",
    })),
  );
}

const WORK = {
  "CPU-only PL/pgSQL loop": (client) => client.query("SELECT bench_cpu(200000)"),
  "engine-like PL/pgSQL batch": (client, seq) =>
    client.query("SELECT bench_apply($1, $2::jsonb)", [1 + (seq % 8), claimBatch(seq)]),
  "one insert a transaction": (client) =>
    client.query("INSERT INTO bench_comment (body) VALUES ('je prends le 12 en M stp, merci !')"),
};

/** A scratch database on `url`'s server, with the schema above. */
async function scratchDatabase(name, url) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${SCRATCH}`);
  const scratchUrl = new URL(url);
  scratchUrl.pathname = `/${SCRATCH}`;
  const client = new pg.Client({ connectionString: scratchUrl.toString() });
  await client.connect();
  await client.query(SCHEMA);
  const {
    rows: [server],
  } = await client.query("SELECT current_setting('server_version') AS version");
  return {
    name: `${name} (PostgreSQL ${server.version})`,
    client,
    seq: 0,
    times: Object.fromEntries(Object.keys(WORK).map((work) => [work, []])),
    drop: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Mean milliseconds a call of `work` over `SECONDS` on one server. */
async function timeWork(server, work) {
  const until = performance.now() + SECONDS * 1000;
  let calls = 0;
  const started = performance.now();
  while (performance.now() < until) {
    await WORK[work](server.client, (server.seq += 1));
    calls += 1;
  }
  return (performance.now() - started) / calls;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const cleanups = [];
try {
  let urlA = options.a;
  if (!urlA) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-bench-builds-"));
    const embedded = await startEmbeddedDatabase({
      dataDir,
      port: 20_000 + (process.pid % 20_000),
      log: () => {},
    });
    cleanups.push(async () => {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    urlA = embedded.url;
  }
  const urlB = options.b ?? process.env.DATABASE_URL;
  if (!urlB) throw new Error("Give --b=<url> or DATABASE_URL: the server to compare with");
  const servers = [];
  for (const [name, url] of [
    [options.a ? "a" : "embedded", urlA],
    [options.b ? "b" : "DATABASE_URL", urlB],
  ]) {
    const server = await scratchDatabase(name, url);
    cleanups.unshift(server.drop);
    servers.push(server);
  }
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(" ");
  console.log(
    `PostgreSQL builds side by side, ${ROUNDS} rounds of ${SECONDS} s a class and server; load average before: ${load()}`,
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const work of Object.keys(WORK)) {
      for (const server of servers) server.times[work].push(await timeWork(server, work));
    }
  }
  for (const work of Object.keys(WORK)) {
    const [a, b] = servers.map((server) => median(server.times[work]));
    console.log(
      `  ${work}: ${servers[0].name} ${a.toFixed(2)} ms, ${servers[1].name} ${b.toFixed(2)} ms a call (median of rounds): ${(a / b).toFixed(2)}x`,
    );
  }
  console.log(`Load average after: ${load()}`);
} finally {
  for (const cleanup of cleanups) await cleanup();
}
