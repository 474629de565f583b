#!/usr/bin/env node
// A live's labels in one go, at the size of a big live: 500 paid orders with addresses, filled in
// SQL, on the server as `npm start` runs it (embedded PostgreSQL, LABEL_PROVIDER=local, local
// storage). The batch is started through the API as the live's page does, and read back as the
// page does (GET .../label-batches/latest) until finished; then the live's labels PDF and its
// pick list are downloaded. The server's memory (RSS, from /proc) is sampled every 50 ms.
// Beside it, in the same run and in a process of its own, the floor: the local provider's own PDF
// maker drawing the same 500 labels and pdf-lib merging them (bench/support/label-floor.mjs): no
// database, no storage, no queue, no HTTP. Prints both side by side; asserts nothing.
//   npm run bench:labels -- [--orders=500]
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import pg from "pg";
import { PDFDocument } from "pdf-lib";
import { startDemoServer } from "./support/demo-server.mjs";
import { benchOptions, rssKb, sampleRss } from "./support/measure.mjs";

const options = benchOptions();
const ORDERS = Number(options.orders ?? 500);
const log = (message) => console.log(message);
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** A live of ORDERS paid orders, one customer and one to three pieces each, with addresses. */
async function fillLive(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    const live = (
      await client.query(
        `INSERT INTO lives (ref, title, live_date) VALUES ('bench-lbl', 'Live des étiquettes', now()) RETURNING id`,
      )
    ).rows[0].id;
    await client.query(
      `CREATE TEMP TABLE planned ON COMMIT DROP AS
       SELECT n, gen_random_uuid() AS order_id, gen_random_uuid() AS user_id, 1 + n % 3 AS items,
              sum(1 + n % 3) OVER (ORDER BY n) - (1 + n % 3) AS refs_before
         FROM generate_series(1, $1::int) AS n`,
      [ORDERS],
    );
    await client.query(
      `INSERT INTO users (id, first_name, last_name, email, tiktok_username)
       SELECT user_id, 'Cliente', 'Numéro ' || n, 'bench-label-' || n || '@example.com', 'bench_label_' || n FROM planned`,
    );
    await client.query(
      `INSERT INTO products (live_id, ref, name, price_cents, size, color_id)
       SELECT $1, refs_before + i,
              (ARRAY['Robe fleurie','Blouse écrue','Jean droit','Pull marin','Gilet long'])[1 + (n + i) % 5],
              2500, (ARRAY['S','M','L','TU'])[1 + (n * i) % 4],
              (SELECT id FROM product_colors ORDER BY name OFFSET (n + i) % greatest(1, (SELECT count(*) FROM product_colors)) LIMIT 1)
         FROM planned CROSS JOIN LATERAL generate_series(1, items) AS i`,
      [live],
    );
    await client.query(
      `INSERT INTO orders (id, order_number, live_id, user_id, status, shipping_fee_cents, order_date, payment_date,
                           shipping_address)
       SELECT order_id, 'HF-bench-lbl-' || n, $1, user_id, 'paid', 600, now() - (${ORDERS} - n) * interval '1 second',
              now(), jsonb_build_object('first_name', 'Cliente', 'last_name', 'Numéro ' || n, 'street', n || ' rue des Lilas',
                'zip', '69001', 'city', 'Lyon', 'country', 'France', 'phone', '0612345678',
                'email', 'bench-label-' || n || '@example.com')
         FROM planned`,
      [live],
    );
    await client.query(
      `INSERT INTO order_items (order_id, product_id, price_cents, color)
       SELECT p.order_id, pr.id, pr.price_cents, (SELECT jsonb_build_object('name', c.name, 'hex_code', c.hex_code)
                                                  FROM product_colors c WHERE c.id = pr.color_id)
         FROM planned p CROSS JOIN LATERAL generate_series(1, p.items) AS i
         JOIN products pr ON pr.live_id = $1 AND pr.ref = p.refs_before + i`,
      [live],
    );
    await client.query(`UPDATE lives SET order_counter = $2 WHERE id = $1`, [live, ORDERS]);
    await client.query("COMMIT");
    return live;
  } finally {
    await client.end();
  }
}

/** The floor, in a process of its own; its RSS sampled as the server's is. */
async function runFloor() {
  const child = spawn(
    process.execPath,
    ["--max-semi-space-size=64", "--import", "tsx", "bench/support/label-floor.mjs", String(ORDERS)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const stopSampling = sampleRss(child.pid);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  const peakKb = stopSampling();
  if (code !== 0) throw new Error(`the floor exited with ${code}`);
  return { ...JSON.parse(output.trim().split("\n").at(-1)), peakKb };
}

const app = await startDemoServer("labels", 3800);
try {
  log(`Filling a live of ${ORDERS} paid orders...`);
  const liveId = await fillLive(app.databaseUrl);
  const cookie = await app.adminCookie();
  const headers = { cookie, origin: app.origin };
  const api = (path, init = {}) => fetch(`${app.origin}${path}`, { ...init, headers });
  const base = `/api/admin/lives/${liveId}`;

  // Warm: the first label loads pdf-lib and bwip-js.
  const idleKb = rssKb(app.pid);
  const stopBatchSampling = sampleRss(app.pid);
  const started = performance.now();
  const start = await api(`${base}/label-batches`, { method: "POST" });
  if (start.status !== 201) throw new Error(`the batch did not start: ${start.status} ${await start.text()}`);
  let batch;
  for (;;) {
    batch = (await (await api(`${base}/label-batches/latest`)).json()).batch;
    if (batch.state === "finished") break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const batchMs = performance.now() - started;
  const batchPeakKb = stopBatchSampling();

  const stopPdfSampling = sampleRss(app.pid);
  const pdfStarted = performance.now();
  const labels = new Uint8Array(await (await api(`${base}/labels.pdf`)).arrayBuffer());
  const pdfMs = performance.now() - pdfStarted;
  const pdfPeakKb = stopPdfSampling();
  const pages = (await PDFDocument.load(labels)).getPageCount();

  const pickStarted = performance.now();
  const pickList = new Uint8Array(await (await api(`${base}/pick-list.pdf`)).arrayBuffer());
  const pickMs = performance.now() - pickStarted;
  const pickPages = (await PDFDocument.load(pickList)).getPageCount();

  log(`Floor: the local provider's PDF maker and pdf-lib alone, ${ORDERS} labels...`);
  const floor = await runFloor();

  log("");
  log(`Labels of a live of ${ORDERS} paid orders (load average ${loadavg()[0].toFixed(2)}, shared machine)`);
  log(`                                   app (HTTP, queue, storage)   floor (pdf-lib alone)`);
  log(
    `  ${ORDERS} labels made                   ${seconds(batchMs).padStart(10)} (${batch.done} done, ${batch.failed} failed)   ${seconds(floor.renderMs).padStart(10)}`,
  );
  log(
    `  merged PDF                         ${seconds(pdfMs).padStart(10)} download (${pages} pages, ${(labels.length / 1e6).toFixed(1)} MB)   ${seconds(floor.mergeMs).padStart(10)} merge (${floor.pages} pages, ${(floor.bytes / 1e6).toFixed(1)} MB)`,
  );
  log(
    `  peak RSS                           ${mb(Math.max(batchPeakKb, pdfPeakKb)).padStart(10)} (idle ${mb(idleKb)}; batch ${mb(batchPeakKb)}, PDF ${mb(pdfPeakKb)})   ${mb(floor.peakKb).padStart(10)}`,
  );
  log(`  pick list                          ${seconds(pickMs).padStart(10)} (${pickPages} pages)`);
} finally {
  await app.stop();
}
