import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * Only the orders core writes the orders table (see modules/orders/index.ts): another module that
 * needs an order changed calls one of its functions. This reads every module's source, as the
 * lint reads imports, for the statements that write the table in Drizzle or in SQL.
 */
const modulesDir = path.dirname(fileURLToPath(import.meta.url));

/** The modules that may write orders themselves: the core only. */
const ORDER_WRITERS = ["orders"];

const WRITES_ORDERS = [
  /\.\s*(update|insert|delete)\(\s*orders\s*\)/,
  /\bUPDATE\s+orders\b/i,
  /\bINSERT\s+INTO\s+orders\b/i,
  /\bDELETE\s+FROM\s+orders\b/i,
];

function writesOrders(source: string): boolean {
  return WRITES_ORDERS.some((pattern) => pattern.test(source));
}

function moduleSources(): { file: string; source: string }[] {
  return readdirSync(modulesDir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => ({ file, source: readFileSync(path.join(modulesDir, file), "utf8") }));
}

describe("writes of the orders table", () => {
  it("recognise an update, an insert or a delete, in Drizzle or in SQL", () => {
    expect(writesOrders("await tx.update(orders).set({ trackingId: null })")).toBe(true);
    expect(writesOrders("await db\n  .insert(orders)\n  .values(row)")).toBe(true);
    expect(writesOrders("sql`UPDATE orders SET claim_reminder_sent_at = now()`")).toBe(true);
    expect(writesOrders("sql`insert into orders (id) VALUES (1)`")).toBe(true);
    expect(writesOrders("sql`DELETE FROM orders WHERE id = 1`")).toBe(true);
    expect(writesOrders("db.select().from(orders).for('update')")).toBe(false);
    expect(writesOrders("sql`SELECT id FROM orders FOR NO KEY UPDATE`")).toBe(false);
    expect(writesOrders("await tx.update(orderItems).set({ isReleased: true })")).toBe(false);
  });

  it("are made by the orders core only", () => {
    const sources = moduleSources();
    expect(sources.length).toBeGreaterThan(50);
    const writers = sources
      .filter(({ source }) => writesOrders(source))
      .map(({ file }) => file.split(path.sep)[0])
      .filter((module) => module !== undefined && !ORDER_WRITERS.includes(module));
    expect(writers).toEqual([]);
  });

  it("are in the core itself, so the scan reads the right files", () => {
    const core = moduleSources().filter(({ file }) => file.split(path.sep)[0] === "orders");
    expect(core.some(({ source }) => writesOrders(source))).toBe(true);
  });
});
