import { httpMessages, type ApiErrorBody } from "@vitrine/domain";
import { and, eq, sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { connectDatabase, DATABASE_CONNECT_TIMEOUT_MS, type DatabaseHandle } from "../src/db/client";
import { databaseUnreachable } from "../src/db/pg-error";
import { auditEvents, lives } from "../src/db/schema";
import { signInAsAdmin } from "./support/actors";
import { eventually } from "./support/eventually";
import { insertLive, insertProduct, type LiveRow, type ProductRow } from "./support/factories";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy";
import { createTestApp, type TestApp } from "./support/test-app";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unreachable: ApiErrorBody = { code: "DATABASE_UNREACHABLE", message: httpMessages.databaseUnreachable };

let proxy: TcpProxy;
let t: TestApp;
// The test's own way to the database, around the proxy: what was written, whatever the app sees.
let direct: DatabaseHandle;
let adminCookie: string;
beforeAll(async () => {
  // The test databases live on the admin URL's server: the app's pool reaches it through the proxy.
  const server = new URL(inject("adminDatabaseUrl"));
  proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  t = await createTestApp({
    poolUrl: (databaseUrl) => {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(proxy.port);
      return url.toString();
    },
  });
  direct = connectDatabase(t.databaseUrl, 2);
  adminCookie = await signInAsAdmin(t);
});
afterAll(async () => {
  await proxy.start();
  await t.close();
  await direct.close();
  await proxy.stop();
});
beforeEach(() => proxy.start());

async function livePiece(): Promise<{ live: LiveRow; piece: ProductRow }> {
  const live = await insertLive(direct.db, { isActive: true });
  return { live, piece: await insertProduct(direct.db, { liveId: live.id, colorId: null }) };
}

/** A staff action: 'Présenter' on a piece of the sidebar. */
const present = ({ live, piece }: { live: LiveRow; piece: ProductRow }) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/live-sidebar/shown",
    headers: { cookie: adminCookie },
    payload: { liveId: live.id, productId: piece.id },
  });

/** Whether the action was written, read around the proxy. */
async function written({ live }: { live: LiveRow }) {
  const [row] = await direct.db
    .select({ shown: lives.shownProductId })
    .from(lives)
    .where(eq(lives.id, live.id));
  const audited = await direct.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(eq(auditEvents.action, "live-piece-shown"), sql`${auditEvents.details} ->> 'liveId' = ${live.id}`),
    );
  return { shown: row?.shown ?? null, audited: audited.length };
}

/** The database answers again: the same action goes through, so the refusals above were the cut's. */
async function presentsOnceBack(target: { live: LiveRow; piece: ProductRow }) {
  await proxy.start();
  // Long enough for anything the cut left waiting to have run, had it been kept.
  await sleep(1_500);
  expect(await written(target)).toEqual({ shown: null, audited: 0 });
  await eventually(async () => (await present(target)).statusCode === 200, 10_000);
  expect(await written(target)).toEqual({ shown: target.piece.id, audited: 1 });
}

describe("a staff action while the database is unreachable", () => {
  it("is refused at once in French when PostgreSQL is stopped, and never applied later", async () => {
    const target = await livePiece();
    await proxy.stop();
    const started = Date.now();
    const response = await present(target);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(unreachable);
    await presentsOnceBack(target);
  });

  /** The action refused with the French 503, after the pool's connection timeout and no longer. */
  async function expectRefusedAtTheTimeout(target: Awaited<ReturnType<typeof livePiece>>) {
    const started = Date.now();
    const response = await present(target);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThan(DATABASE_CONNECT_TIMEOUT_MS - 1_000);
    expect(waited).toBeLessThanOrEqual(DATABASE_CONNECT_TIMEOUT_MS + 1_000);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(unreachable);
  }

  it("is refused within the connection timeout when PostgreSQL does not answer, and never applied later", async () => {
    const target = await livePiece();
    await proxy.silence();
    // The pool lets go of its connections the cut closed: the action needs a new one.
    await sleep(300);
    await expectRefusedAtTheTimeout(target);
    await presentsOnceBack(target);
  });

  it("waits no longer than the timeout for a connection, and is dropped from the pool's queue", async () => {
    const target = await livePiece();
    const pool = t.db.$client;
    // Every connection of the app's pool taken, as queries stuck on a database out of reach do.
    const held: pg.PoolClient[] = [];
    let queued: Promise<pg.PoolClient> | null = null;
    for (;;) {
      const next = pool.connect();
      const got = await Promise.race([next, sleep(500).then(() => null)]);
      if (!got) {
        queued = next;
        break;
      }
      held.push(got);
    }
    await expectRefusedAtTheTimeout(target);
    await queued.then((late) => late.release()).catch(() => {});
    for (const client of held) client.release();
    await presentsOnceBack(target);
  });
});

describe("a connection PostgreSQL ends while a request holds it", () => {
  it("fails its holder's next query, keeps the server running, and leaves the pool whole", async () => {
    // The app's own pool settings (connectDatabase), straight to the database.
    const handle = connectDatabase(t.databaseUrl, 2);
    try {
      const held = await handle.pool.connect();
      const { pid } = (await held.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!;
      // As a stop of PostgreSQL ends every connection: this one is checked out, between two
      // queries. Its error event, unheard, would be thrown out of the process (the run reports it).
      const ended = new Promise((resolve) => held.once("end", resolve));
      await direct.pool.query("SELECT pg_terminate_backend($1)", [pid]);
      await ended;
      await expect(held.query("SELECT 1")).rejects.toThrow("not queryable");
      held.release();
      for (let query = 0; query < 6; query += 1) {
        expect((await handle.pool.query<{ one: number }>("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
      }
    } finally {
      await handle.close();
    }
  });
});

describe("what counts as the database out of reach", () => {
  it("knows the socket's, the pool's and PostgreSQL's own words for it, and nothing else", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(databaseUnreachable(refused)).toBe(true);
    expect(databaseUnreachable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(databaseUnreachable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(databaseUnreachable(Object.assign(new Error("shutting down"), { code: "57P01" }))).toBe(true);
    expect(databaseUnreachable(Object.assign(new Error("link"), { code: "08006" }))).toBe(true);
    expect(databaseUnreachable(new Error("wrapped", { cause: refused }))).toBe(true);
    expect(databaseUnreachable(new AggregateError([refused]))).toBe(true);
    expect(databaseUnreachable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(databaseUnreachable(new Error("something else"))).toBe(false);
    expect(databaseUnreachable(null)).toBe(false);
  });
});
