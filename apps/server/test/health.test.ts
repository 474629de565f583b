import { sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { connectDatabase } from "../src/db/client";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("/healthz", () => {
  it("answers 200 while the process runs, without a session", async () => {
    const response = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["set-cookie"]).toBeUndefined();
  });
});

describe("/readyz", () => {
  it("answers 200 when the database answers and has every committed migration", async () => {
    const response = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ready" });
  });

  it("answers 503 while the last committed migration is not applied", async () => {
    const [last] = (
      await t.db.execute<{ id: number; hash: string; created_at: string }>(
        sql`SELECT id, hash, created_at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
      )
    ).rows;
    if (!last) throw new Error("the template database has no migration");
    await t.db.execute(sql`DELETE FROM __drizzle_migrations WHERE id = ${last.id}`);
    try {
      const response = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "not-ready", reason: "MIGRATIONS_PENDING" });
    } finally {
      await t.db.execute(
        sql`INSERT INTO __drizzle_migrations (id, hash, created_at) VALUES (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
  });

  it("answers 503 on a database that was never migrated", async () => {
    await t.db.execute(sql`ALTER TABLE __drizzle_migrations RENAME TO __drizzle_migrations_aside`);
    try {
      const response = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "not-ready", reason: "MIGRATIONS_PENDING" });
    } finally {
      await t.db.execute(sql`ALTER TABLE __drizzle_migrations_aside RENAME TO __drizzle_migrations`);
    }
  });

  it("answers 503 when the database cannot be reached, and /healthz still answers 200", async () => {
    // A port nothing listens on: connections are refused at once.
    const unreachable = connectDatabase("postgres://vitrine:x@127.0.0.1:9/vitrine", 1);
    const app = await buildApp({
      config: t.config,
      db: unreachable.db,
      mailer: { send: async () => {} },
      authSecret: randomBytes(32).toString("hex"),
      logger: false,
    });
    try {
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: "not-ready", reason: "DATABASE_UNREACHABLE" });
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});
