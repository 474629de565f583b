import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";

/**
 * The SQL functions and triggers, one per file, each holding its current definition: a migration
 * keeps tables, indexes and data moves, and never defines code (a test holds it to that). Files
 * are `<function>.sql` (CREATE OR REPLACE FUNCTION) and `trigger.<table>.<trigger>.sql`
 * (CREATE OR REPLACE TRIGGER, PostgreSQL 14 and later).
 */
export const FUNCTIONS_FOLDER = fileURLToPath(new URL("./functions", import.meta.url));

export interface SqlDefinitionFile {
  file: string;
  kind: "function" | "trigger";
  name: string;
  /** The trigger's table. */
  table?: string;
  sql: string;
  /** Written on the object as its comment: an object whose file did not change is left alone. */
  stamp: string;
}

const TRIGGER_FILE = /^trigger\.(\w+)\.(\w+)\.sql$/;
const FUNCTION_FILE = /^(\w+)\.sql$/;

/** The folder's files: the functions first (the triggers name them), each group by name. */
export function readSqlDefinitions(folder: string = FUNCTIONS_FOLDER): SqlDefinitionFile[] {
  const files = readdirSync(folder)
    .filter((file) => file.endsWith(".sql"))
    .sort();
  const definitions = files.map((file): SqlDefinitionFile => {
    const sql = readFileSync(path.join(folder, file), "utf8");
    const hash = createHash("sha256").update(sql).digest("hex").slice(0, 16);
    const stamp = `From db/functions/${file} (sha256 ${hash})`;
    const trigger = TRIGGER_FILE.exec(file);
    if (trigger?.[1] && trigger[2])
      return { file, kind: "trigger", table: trigger[1], name: trigger[2], sql, stamp };
    const fn = FUNCTION_FILE.exec(file);
    if (!fn?.[1]) throw new Error(`db/functions/${file}: not a function or trigger file name`);
    return { file, kind: "function", name: fn[1], sql, stamp };
  });
  return [
    ...definitions.filter((definition) => definition.kind === "function"),
    ...definitions.filter((definition) => definition.kind === "trigger"),
  ];
}

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Creates or replaces every function and trigger whose file changed since it was last applied, in
 * one transaction on `client` (the caller holds the migrations' lock). Unchanged objects are not
 * touched: replacing a trigger locks its table against writes, which the other instances of a
 * rolling start are doing. Functions go in with their bodies unchecked (a SQL function naming one
 * not yet created would fail), then the changed ones once more with checks, every name now there.
 * Returns the files applied.
 */
export async function applySqlDefinitions(
  client: pg.ClientBase,
  definitions: SqlDefinitionFile[] = readSqlDefinitions(),
): Promise<string[]> {
  const applied: SqlDefinitionFile[] = [];
  await client.query("BEGIN");
  try {
    await client.query("SET LOCAL check_function_bodies = off");
    for (const definition of definitions.filter((each) => each.kind === "function")) {
      const current = await functionsNamed(client, definition.name);
      if (current.length === 1 && current[0]?.stamp === definition.stamp) continue;
      await client.query(definition.sql);
      const [created, ...others] = await functionsNamed(client, definition.name);
      if (!created || others.length > 0)
        throw new Error(
          `db/functions/${definition.file} must leave exactly one function ${definition.name} ` +
            "(a changed signature drops the old one at the top of the file)",
        );
      await client.query(`COMMENT ON FUNCTION ${created.signature} IS ${quoted(definition.stamp)}`);
      applied.push(definition);
    }
    await client.query("SET LOCAL check_function_bodies = on");
    for (const definition of applied) await client.query(definition.sql);
    for (const definition of definitions.filter((each) => each.kind === "trigger")) {
      const { rows } = await client.query<{ stamp: string | null }>(
        `SELECT obj_description(t.oid, 'pg_trigger') AS stamp FROM pg_trigger t
          WHERE t.tgname = $1 AND t.tgrelid = to_regclass('public.' || quote_ident($2))`,
        [definition.name, definition.table],
      );
      if (rows[0]?.stamp === definition.stamp) continue;
      await client.query(definition.sql);
      await client.query(
        `COMMENT ON TRIGGER ${definition.name} ON ${definition.table} IS ${quoted(definition.stamp)}`,
      );
      applied.push(definition);
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
  return applied.map((definition) => definition.file);
}

async function functionsNamed(client: pg.ClientBase, name: string) {
  const { rows } = await client.query<{ signature: string; stamp: string | null }>(
    `SELECT p.oid::regprocedure::text AS signature, obj_description(p.oid, 'pg_proc') AS stamp
       FROM pg_proc p WHERE p.proname = $1 AND p.pronamespace = 'public'::regnamespace`,
    [name],
  );
  return rows;
}
