#!/usr/bin/env node
// What a signed-in request costs compared with an anonymous one: starts the server as `npm start`
// does (embedded PostgreSQL, demo data, fresh data folder), signs the demo admin in, then runs
// autocannon (10 connections) on GET /api/auth/session anonymous (the machine's floor for this
// route) and signed in, and beside them a bare Fastify + pg endpoint running the same session
// query (the floor of any design that reads the session from the database on each request).
// Prints the figures and the ratios; asserts nothing.
import autocannon from "autocannon";
import Fastify from "fastify";
import pg from "pg";
import { startDemoServer } from "./support/demo-server.mjs";

const seconds = Number(process.argv[2] ?? 10);
const app = await startDemoServer("session", 3800);
const { origin } = app;
try {
  const cookie = await app.adminCookie();
  const check = await (await fetch(`${origin}/api/auth/session`, { headers: { cookie } })).json();
  if (!check.user?.isAdmin) throw new Error("the cookie does not open an admin session");

  const run = (headers, duration = seconds) =>
    autocannon({ url: `${origin}/api/auth/session`, connections: 10, duration, headers });
  // A short warm-up of both paths, so neither pays for the JIT or the pool's first connections.
  await run({}, 3);
  await run({ cookie }, 3);
  const anonymous = await run({});
  const signedIn = await run({ cookie });

  const token = decodeURIComponent(cookie.split("=")[1]).split(".")[0];
  const pool = new pg.Pool({
    connectionString: app.databaseUrl,
    max: 10,
  });
  pool.on("error", () => {});
  const bare = Fastify();
  bare.get("/session", async () => {
    const { rows } = await pool.query({
      name: "bare_session",
      text: `SELECT s.id, s.created_at, s.expires_at, s.password_verified, u.id AS user_id, u.email, u.first_name,
                    u.last_name, u.tiktok_username, u.is_admin
             FROM auth_sessions s LEFT JOIN users u ON u.auth_id = s.user_id
             WHERE s.token = $1 AND s.expires_at > now() LIMIT 1`,
      values: [token],
    });
    return { user: rows[0] ?? null };
  });
  const bareOrigin = await bare.listen({ port: 0, host: "127.0.0.1" });
  await autocannon({ url: `${bareOrigin}/session`, connections: 10, duration: 3 });
  const bareQuery = await autocannon({ url: `${bareOrigin}/session`, connections: 10, duration: seconds });
  await bare.close();
  await pool.end();
  const line = (label, result) =>
    `${label.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(result.latency.p99).padStart(3)} ms   errors ${result.errors + result.non2xx}`;
  console.log(`GET /api/auth/session, 10 connections, ${seconds} s each`);
  console.log(line("anonymous (floor)", anonymous));
  console.log(line("signed in as admin (project)", signedIn));
  console.log(line("bare Fastify + pg, same query", bareQuery));
  const percent = (a, b) => `${((a.requests.average / b.requests.average) * 100).toFixed(0)} %`;
  console.log(`signed in / anonymous: ${percent(signedIn, anonymous)}`);
  console.log(
    `bare query / anonymous: ${percent(bareQuery, anonymous)} (ceiling of one query per request here)`,
  );
  console.log(`signed in / bare query: ${percent(signedIn, bareQuery)}`);
} finally {
  await app.stop();
}
