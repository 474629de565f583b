import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../src/db/client";
import { migrateDatabase, MIGRATIONS_FOLDER } from "../src/db/migrate";
import { applySqlDefinitions, readSqlDefinitions } from "../src/db/sql-functions";
import { withDatabase } from "./support/global-setup";

/*
 * Every SQL function and trigger has one home, db/functions, applied after the migrations on every
 * start: the database holds exactly what the files say, and applying them again changes nothing.
 */

/** The SQL of a migration without its comments, and without the bodies of dollar-quoted strings. */
function migrationCode(sql: string): string {
  return sql.replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, "''").replace(/--[^\n]*/g, "");
}

describe("the migrations", () => {
  const files = readdirSync(MIGRATIONS_FOLDER).filter((file) => file.endsWith(".sql"));

  it("define no function, procedure or trigger", () => {
    expect(files.length).toBeGreaterThan(30);
    const defining = files.filter((file) =>
      /\bCREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|PROCEDURE|TRIGGER|CONSTRAINT\s+TRIGGER)\b/i.test(
        migrationCode(readFileSync(path.join(MIGRATIONS_FOLDER, file), "utf8")),
      ),
    );
    expect(defining).toEqual([]);
  });

  it("would be caught defining one", () => {
    const sneaky = `-- CREATE FUNCTION in a comment is fine\nCREATE  or replace\nfunction f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql;`;
    expect(/\bCREATE\s+(OR\s+REPLACE\s+)?FUNCTION\b/i.test(migrationCode(sneaky))).toBe(true);
  });
});

describe("the functions folder", () => {
  const definitions = readSqlDefinitions();

  it("holds one definition per file, named as its file says", () => {
    for (const definition of definitions) {
      const code = migrationCode(definition.sql);
      if (definition.kind === "function")
        expect(code, definition.file).toMatch(
          new RegExp(`CREATE OR REPLACE FUNCTION ${definition.name}\\s*\\(`, "i"),
        );
      else
        expect(code, definition.file).toMatch(
          new RegExp(
            `CREATE OR REPLACE TRIGGER ${definition.name}\\b[\\s\\S]*\\bON ${definition.table}\\b`,
            "i",
          ),
        );
      expect(code.match(/\bCREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER)\b/gi), definition.file).toHaveLength(
        1,
      );
    }
  });
});

describe("a database migrated from nothing", () => {
  let handle: DatabaseHandle;
  const sql = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    handle.db.$client.query<T>(text, values);

  beforeAll(async () => {
    const adminUrl = inject("adminDatabaseUrl");
    const database = `vitrine_t_fn_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    handle = connectDatabase(withDatabase(adminUrl, database), 2);
    await migrateDatabase(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** The app's functions and triggers, with their definitions as the database prints them. */
  async function catalogue() {
    const functions = await sql<{ name: string; definition: string }>(
      `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition FROM pg_proc p
        WHERE p.pronamespace = 'public'::regnamespace
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
        ORDER BY p.proname, p.oid`,
    );
    const triggers = await sql<{ name: string; definition: string }>(
      `SELECT 'trigger.' || c.relname || '.' || t.tgname AS name, pg_get_triggerdef(t.oid) AS definition
         FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace
        ORDER BY 1`,
    );
    return { functions: functions.rows, triggers: triggers.rows };
  }

  it("has exactly the functions and triggers of the folder, one each", async () => {
    const { functions, triggers } = await catalogue();
    const definitions = readSqlDefinitions();
    expect(functions.map((row) => row.name)).toEqual(
      definitions.filter((each) => each.kind === "function").map((each) => each.name),
    );
    expect(triggers.map((row) => row.name)).toEqual(
      definitions.filter((each) => each.kind === "trigger").map((each) => each.file.replace(/\.sql$/, "")),
    );
  });

  it("applies them again without touching anything", async () => {
    const before = await catalogue();
    const client = await handle.db.$client.connect();
    try {
      expect(await applySqlDefinitions(client)).toEqual([]);
      // A file that changed is applied again; the same text leaves the same definitions.
      const changed = readSqlDefinitions().map((each) => ({ ...each, stamp: `${each.stamp} (changed)` }));
      expect(await applySqlDefinitions(client, changed)).toHaveLength(changed.length);
      expect(await catalogue()).toEqual(before);
      expect(await applySqlDefinitions(client)).toHaveLength(changed.length);
      expect(await applySqlDefinitions(client)).toEqual([]);
    } finally {
      client.release();
    }
    await migrateDatabase(handle.db);
    expect(await catalogue()).toEqual(before);
  });
});
