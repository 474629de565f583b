import { migrate } from "drizzle-orm/node-postgres/migrator";
import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../src/db/client";
import { migrateDatabase, MIGRATIONS_FOLDER } from "../src/db/migrate";
import { withDatabase } from "./support/global-setup";

/*
 * A database made before each order kept its shipping fee migrates: its orders keep their totals,
 * get the fee of the time, and from then on the database keeps their totals.
 */

const LAST_BEFORE = "0021_default_message_templates";

let handle: DatabaseHandle;
let before: string;
beforeAll(async () => {
  const adminUrl = inject("adminDatabaseUrl");
  const database = `vitrine_m_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  handle = connectDatabase(withDatabase(adminUrl, database), 2);

  // The migrations as they stood before: the same files, the journal cut after LAST_BEFORE.
  before = await mkdtemp(join(tmpdir(), "vitrine-migrations-"));
  await cp(MIGRATIONS_FOLDER, before, { recursive: true });
  const journalPath = join(before, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === LAST_BEFORE);
  expect(cut).toBeGreaterThan(0);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut + 1) }));
  await migrate(handle.db, { migrationsFolder: before, migrationsSchema: "public" });
});
afterAll(async () => {
  await handle?.close();
  if (before) await rm(before, { recursive: true, force: true });
});

it("gives existing orders the 6 euros of the time, keeps their totals, and keeps them from then on", async () => {
  const sql = (text: string, values: unknown[] = []) => handle.db.$client.query(text, values);
  const {
    rows: [user],
  } = await sql(
    `INSERT INTO users (tiktok_username, email) VALUES ('marie', 'marie@example.com') RETURNING id`,
  );
  const {
    rows: [live],
  } = await sql(`INSERT INTO lives (ref, title, live_date) VALUES ('jeudi', 'Live', now()) RETURNING id`);
  const {
    rows: [product],
  } = await sql(
    `INSERT INTO products (live_id, ref, name, price_cents) VALUES ($1, 1, 'Robe', 2500) RETURNING id`,
    [live.id],
  );
  const {
    rows: [order],
  } = await sql(
    `INSERT INTO orders (order_number, live_id, user_id, total_amount_cents) VALUES ('HF-jeudi-1', $1, $2, 3100)
     RETURNING id`,
    [live.id, user.id],
  );
  await sql(`INSERT INTO order_items (order_id, product_id, price_cents) VALUES ($1, $2, 2500)`, [
    order.id,
    product.id,
  ]);

  await migrateDatabase(handle.db);

  const read = async () =>
    (await sql(`SELECT shipping_fee_cents, total_amount_cents FROM orders WHERE id = $1`, [order.id]))
      .rows[0];
  expect(await read()).toEqual({ shipping_fee_cents: 600, total_amount_cents: 3100 });
  await sql(`UPDATE order_items SET quantity = 2 WHERE order_id = $1`, [order.id]);
  expect(await read()).toEqual({ shipping_fee_cents: 600, total_amount_cents: 5600 });
});
