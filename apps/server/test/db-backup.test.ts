import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faqs, users } from "../src/db/schema";
import { errorText } from "../src/lib/error-text";
import { choosePgDump, pgDumpCandidates, serverMajorVersion, toolMajorVersion } from "../src/db/backup";
import { withDatabase } from "./support/global-setup";
import { createTestApp, type TestApp } from "./support/test-app";

const root = path.resolve(import.meta.dirname, "../../..");
let t: TestApp;
let folder: string;
/** Why the round trip cannot run here (no pg_dump as new as the server), or undefined. */
let unavailable: string | undefined;
let psql: string | undefined;

beforeAll(async () => {
  t = await createTestApp();
  folder = mkdtempSync(path.join(tmpdir(), "vitrine-backup-"));
  const tools = pgDumpCandidates().flatMap((toolPath) => {
    const major = toolMajorVersion(toolPath);
    return major ? [{ path: toolPath, major }] : [];
  });
  try {
    const pgDump = choosePgDump(tools, await serverMajorVersion(t.databaseUrl));
    psql = [path.join(path.dirname(pgDump.path), "psql"), "psql"].find(
      (candidate) => spawnSync(candidate, ["--version"]).status === 0,
    );
    if (!psql) unavailable = "no psql to restore with";
  } catch (error) {
    unavailable = errorText(error);
  }
});
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

const countRows = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    for (const table of ["users", "faqs", "auth_users", "__drizzle_migrations"]) {
      const result = await client.query<{ count: string }>(`SELECT count(*) FROM ${table}`);
      counts[table] = Number(result.rows[0]?.count);
    }
    return counts;
  } finally {
    await client.end();
  }
};

const backUp = (file: string, env: Record<string, string>) =>
  spawnSync(process.execPath, ["--import", "tsx", "apps/server/src/db/backup-cli.ts", file], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });

describe("npm run db:backup", () => {
  it("dumps the database, and the README's restore steps bring every row back", async (context) => {
    if (unavailable) context.skip(unavailable);
    await t.db.insert(users).values([
      { email: "backup-1@example.com", tiktokUsername: "backup_one" },
      { email: "backup-2@example.com", firstName: "Zoé", lastName: "L'Hôte" },
    ]);
    await t.db.insert(faqs).values({ title: "Livrez-vous en Belgique ?", content: "<p>Oui.</p>", rank: 99 });
    const before = await countRows(t.databaseUrl);
    expect(before.users).toBeGreaterThanOrEqual(2);

    const file = path.join(folder, "nested", "backup.sql.gz");
    const run = backUp(file, { DATABASE_URL: t.databaseUrl });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Backup written to ${file}`);
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect(gunzipSync(readFileSync(file)).toString("utf8")).toContain("PostgreSQL database dump");

    // The restore steps of README.md: an empty database, then psql with ON_ERROR_STOP.
    const restored = `vitrine_t_restored_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${restored}`);
    await admin.end();
    const restoredUrl = withDatabase(t.databaseUrl, restored);
    const restore = spawnSync(
      "sh",
      ["-c", `gunzip -c "$FILE" | "$PSQL" --quiet --single-transaction -v ON_ERROR_STOP=1 "$URL"`],
      { env: { ...process.env, FILE: file, PSQL: psql ?? "psql", URL: restoredUrl }, encoding: "utf8" },
    );
    expect(restore.stderr).toBe("");
    expect(restore.status).toBe(0);
    expect(await countRows(restoredUrl)).toEqual(before);
  });

  it("fails without leaving a file when the database cannot be reached", () => {
    const file = path.join(folder, "unreachable.sql.gz");
    const run = backUp(file, { DATABASE_URL: "postgres://vitrine:x@127.0.0.1:9/vitrine" });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/ECONNREFUSED/);
    expect(existsSync(file)).toBe(false);
  });
});

describe("choosing pg_dump", () => {
  const tools = [
    { path: "/usr/lib/postgresql/15/bin/pg_dump", major: 15 },
    { path: "/usr/lib/postgresql/17/bin/pg_dump", major: 17 },
  ];

  it("takes the newest one when it is at least the server's version", () => {
    expect(choosePgDump(tools, 15).major).toBe(17);
    expect(choosePgDump(tools, 17).path).toBe("/usr/lib/postgresql/17/bin/pg_dump");
  });

  it("says what is missing when every pg_dump is older than the server", () => {
    expect(() => choosePgDump(tools.slice(0, 1), 17)).toThrow(
      "pg_dump 17 or newer is needed to back up this PostgreSQL 17 server; found: 15 (/usr/lib/postgresql/15/bin/pg_dump). " +
        "Install the PostgreSQL 17 client tools (Debian/Ubuntu: postgresql-client-17) or set PG_DUMP.",
    );
    expect(() => choosePgDump([], 16)).toThrow(/found: none/);
  });
});
