import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connectDatabase } from "../../src/db/client";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "../../src/db/embedded";
import { migrateDatabase } from "../../src/db/migrate";
import { testPort } from "./ports";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL for the run: DATABASE_URL when set (CI), otherwise an embedded server in a temp
 * folder. A template database is migrated once; each test file clones it (see test-app.ts).
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(tmpdir(), "vitrine-test-pg-"));
    const port = testPort("TEST_PG_PORT", 55_000, 5_000);
    embedded = await startEmbeddedDatabase({ dataDir, port, log: () => {} });
    adminUrl = embedded.url;
  }
  const templateDatabase = `vitrine_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase}`);
  await admin.query(`CREATE DATABASE ${templateDatabase}`);
  const template = connectDatabase(withDatabase(adminUrl, templateDatabase), 2);
  await migrateDatabase(template.db);
  await template.close();

  project.provide("adminDatabaseUrl", adminUrl);
  project.provide("templateDatabase", templateDatabase);

  return async () => {
    const dropped = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'vitrine_t\\_%' OR datname = $1`,
      [templateDatabase],
    );
    for (const { datname } of dropped.rows)
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
