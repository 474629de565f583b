#!/usr/bin/env node
// The customer's own live page (decision 032) under a live's load. Starts the server as `npm start`
// does (embedded PostgreSQL in a fresh data folder, or DATABASE_URL's server), makes an automatic
// live of 999 pieces and N customers with an account, a handle and a session (written straight
// into the database: signing 300 people up by mail is not what is measured), opens one
// /api/customer/live/stream per customer and the staff's live feed stream, then posts claims
// through the ingestion at a steady rate: each a customer's "je prends le <n>" of a piece nobody
// claimed yet, the customers taken in turn. It prints:
//   - project: comment -> the customer's stream event showing that claim (from the start of the
//     ingest request that carries it), p50/p95/p99;
//   - floors of the same run: the same requests' acknowledgement, and comment -> the staff
//     stream's `claims` event carrying the same claim;
//   - lost events: claims never shown on their customer's stream (10 s after the last post), and
//     events sent to streams for changes not theirs (each snapshot beyond the first that brings
//     no new state of the stream's own claims).
// Usage: npm run bench:customer-live -- [--customers=300] [--rate=20] [--seconds=30]
import { createHmac, randomBytes } from "node:crypto";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { createAutomaticLive } from "../scripts/live/automatic-live.mjs";
import { sendComment } from "../scripts/live/ingest-client.mjs";
import { startDemoServer } from "./support/demo-server.mjs";
import { benchOptions, latencyStats } from "./support/measure.mjs";

const options = benchOptions();
const CUSTOMERS = Number(options.customers ?? 300);
const RATE = Number(options.rate ?? 20);
const SECONDS = Number(options.seconds ?? 30);
const PIECES = 999;
const SESSION_COOKIE = "vitrine.session_token";
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value) => `${Number.isFinite(value) ? value.toFixed(0) : "-"} ms`;
const line = (s) => `p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  (${s.n})`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

/** Customers with an account, a handle and an open session; their signed session cookies. */
async function createCustomers(db, authSecret, count) {
  const run = randomBytes(3).toString("hex");
  const handles = Array.from({ length: count }, (_, i) => `bench_cl_${run}_${i}`);
  const tokens = handles.map(() => randomBytes(24).toString("hex"));
  await db.query(
    `WITH input AS (
       SELECT h.handle, t.token, 'bench-' || h.handle AS auth_id
         FROM unnest($1::text[]) WITH ORDINALITY h(handle, n)
         JOIN unnest($2::text[]) WITH ORDINALITY t(token, n) USING (n)
     ), auth AS (
       INSERT INTO auth_users (id, email, email_verified)
       SELECT auth_id, handle || '@bench.local', true FROM input
     ), shop AS (
       INSERT INTO users (auth_id, email, tiktok_username, first_name)
       SELECT auth_id, handle || '@bench.local', handle, 'Bench' FROM input
     )
     INSERT INTO auth_sessions (id, token, user_id, expires_at)
     SELECT 'bench-' || token, token, auth_id, now() + interval '1 day' FROM input`,
    [handles, tokens],
  );
  // As better-auth and @fastify/cookie write it: the token, its HMAC, URI-encoded.
  const cookieOf = (token) =>
    `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${createHmac("sha256", authSecret).update(token).digest("base64")}`)}`;
  return handles.map((handle, i) => ({ handle, cookie: cookieOf(tokens[i]) }));
}

/** A server-sent events stream read as it comes: `onEvent(event, data, at)` for each event. */
async function openStream(url, cookie, onEvent) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { cookie }, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`stream refused: ${response.status} ${url}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const at = Date.now();
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = "message";
          let data = "";
          for (const row of block.split("\n")) {
            if (row.startsWith("event: ")) event = row.slice(7);
            else if (row.startsWith("data: ")) data += row.slice(6);
          }
          if (data) onEvent(event, JSON.parse(data), at);
        }
      }
    } catch {
      // closed
    }
  })();
  return () => controller.abort();
}

const authSecret = randomBytes(32).toString("hex");
process.env.AUTH_SECRET = authSecret;
const server = await startDemoServer("customer-live", 45_000, { databaseUrl: process.env.DATABASE_URL });
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
const closers = [];
try {
  console.log(
    `Customer live page benchmark on ${cpus().length} cores (shared), load average before: ${load()}`,
  );
  // Other lives of the demo data would be the page's live for customers without claims.
  await db.query("UPDATE lives SET is_active = false WHERE is_active");
  const live = await createAutomaticLive(db, { ref: "benchcust", title: "Bench client", pieces: PIECES });
  const customers = await createCustomers(db, authSecret, CUSTOMERS);

  // Per claim (by ref): when its comment was posted, acknowledged, and seen on each stream.
  const posted = new Map();
  const customerSeen = new Map();
  const staffSeen = new Map();
  let snapshots = 0;
  let notTheirs = 0;
  let opened = 0;
  await Promise.all(
    customers.map(async (customer) => {
      const known = new Map();
      let first = true;
      closers.push(
        await openStream(`${server.origin}/api/customer/live/stream`, customer.cookie, (event, data, at) => {
          if (event !== "live") return;
          snapshots += 1;
          if (first) {
            first = false;
            opened += 1;
            return;
          }
          let news = false;
          for (const claim of data.claims) {
            if (known.get(claim.id) !== claim.state || claim.state === "waitlisted") news = true;
            known.set(claim.id, claim.state);
            const key = `${customer.handle}:${claim.ref}`;
            if (!customerSeen.has(key)) customerSeen.set(key, at);
          }
          if (!news) notTheirs += 1;
        }),
      );
    }),
  );
  const adminCookie = await server.adminCookie();
  closers.push(
    await openStream(
      `${server.origin}/api/admin/live-feed/stream?liveId=${live.id}&types=chat`,
      adminCookie,
      (event, data, at) => {
        if (event !== "claims") return;
        for (const claim of data.claims) {
          const key = `${claim.handle}:${claim.ref}`;
          if (!staffSeen.has(key)) staffSeen.set(key, at);
        }
      },
    ),
  );
  while (opened < CUSTOMERS) await sleep(50);
  console.log(`${CUSTOMERS} customer streams open, and the staff stream; ${RATE} claims/s for ${SECONDS} s`);

  const acks = [];
  const requests = [];
  const total = Math.min(PIECES, Math.round(RATE * SECONDS));
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const customer = customers[i % CUSTOMERS];
    const ref = i + 1;
    const key = `${customer.handle}:${ref}`;
    const at = Date.now();
    posted.set(key, at);
    requests.push(
      sendComment({
        url: server.origin,
        liveRef: live.ref,
        uniqueId: customer.handle,
        comment: `je prends le ${ref}`,
      })
        .then(() => acks.push(Date.now() - at))
        .catch(() => {}),
    );
  }
  await Promise.all(requests);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && [...posted.keys()].some((key) => !customerSeen.has(key))) await sleep(100);

  const latencies = (seen) => [...posted].flatMap(([key, at]) => (seen.has(key) ? [seen.get(key) - at] : []));
  const project = latencyStats(latencies(customerSeen));
  const staff = latencyStats(latencies(staffSeen));
  const ack = latencyStats(acks);
  const lost = [...posted.keys()].filter((key) => !customerSeen.has(key)).length;
  console.log(`    project: comment -> the customer's stream event:  ${line(project)}`);
  console.log(`    floor:   comment -> the staff stream's claims:    ${line(staff)}`);
  console.log(`    floor:   ingest acknowledgement:                 ${line(ack)}`);
  console.log(
    `    lost: ${lost} of ${posted.size} claims never shown on their customer's stream; ` +
      `${snapshots - CUSTOMERS} snapshots sent after the first ones, ${notTheirs} of them with nothing new for their customer`,
  );
  console.log(`    project p95 / staff stream p95: ${(project.p95 / staff.p95).toFixed(2)}x`);
  console.log(`Load average after: ${load()}`);
} finally {
  for (const close of closers) close();
  await db.end();
  await server.stop();
}
