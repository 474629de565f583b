import { httpMessages } from "@vitrine/domain";
import type { FastifyInstance } from "fastify";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { buildApp } from "../src/app";
import { connectDatabase, type DatabaseHandle } from "../src/db/client";
import { MIGRATIONS_FOLDER, migrateDatabase } from "../src/db/migrate";
import { users } from "../src/db/schema";
import { simulatorKeys } from "../src/integrations/payments/simulator-provider";
import { setOrderStatus } from "../src/modules/orders";
import { LISTENER_APPLICATION_NAME } from "../src/realtime/pg-live-hub";
import { defaultAuthRateLimits, type AuthRateLimits } from "../src/rate-limits";
import { ADMIN, signInAsAdmin } from "./support/actors";
import {
  deliveryAddress,
  insertCustomer,
  insertLive,
  insertOrder,
  insertProduct,
  orderRowOf,
} from "./support/factories";
import { readLabelPdf } from "./support/label-pdf";
import { chatEvent, openSse, postEvents } from "./support/live-kit";
import { startS3Server } from "./support/s3-server";
import { withDatabase } from "./support/global-setup";
import { postPaymentIpn, signedPaymentIpn } from "./support/payment-kit";
import { createTestApp, type TestApp } from "./support/test-app";

const limits: AuthRateLimits = {
  ...defaultAuthRateLimits,
  magicLinkPerEmail: { max: 3, windowSeconds: 600 },
};

/** Instance A (createTestApp) and instance B: its own process state and pool, the same database. */
let a: TestApp;
let b: FastifyInstance;
let bDatabase: DatabaseHandle;
beforeAll(async () => {
  a = await createTestApp({ authRateLimits: limits });
  bDatabase = connectDatabase(a.databaseUrl, 5);
  b = await buildApp({
    config: a.config,
    db: bDatabase.db,
    mailer: { send: async () => {} },
    authSecret: a.authSecret,
    authRateLimits: limits,
    logger: false,
  });
  await b.ready();
});
afterAll(async () => {
  await b.close();
  await bDatabase.close();
  await a.close();
});

const sessionOn = async (app: FastifyInstance, cookie: string) =>
  (await app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })).json();

describe("two instances on one database", () => {
  it("accept each other's sessions, and a sign-out on one ends the session on both", async () => {
    const cookie = await signInAsAdmin(a);
    expect(await sessionOn(b, cookie)).toMatchObject({ user: { email: ADMIN.email, isAdmin: true } });

    const signOut = await b.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie } });
    expect(signOut.statusCode).toBeLessThan(300);
    expect(await sessionOn(a.app, cookie)).toEqual({ user: null });
  });

  it("share one rate-limit counter: the requests spread over both are counted together", async () => {
    await a.db.insert(users).values({ email: "two-instances@example.com" });
    const requestLink = (app: FastifyInstance) =>
      app.inject({
        method: "POST",
        url: "/api/auth/magic-link",
        payload: { email: "two-instances@example.com" },
        remoteAddress: "198.51.100.7",
      });
    const statuses = [];
    for (const app of [a.app, b, a.app]) statuses.push((await requestLink(app)).statusCode);
    expect(statuses).toEqual([202, 202, 202]);
    const fourth = await requestLink(b);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ code: "RATE_LIMITED", message: httpMessages.rateLimited });
  });

  it("pay an order once per provider transaction: one that paid on A pays nothing on B, even back to to-pay", async () => {
    const order = await insertOrder(a.db, { status: "to-pay" });
    const fields = signedPaymentIpn({
      shopId: "simulator",
      password: simulatorKeys(a.authSecret).password,
      orderId: order.id,
      amountCents: order.totalAmountCents,
      transactionId: "tx-two-instances",
    });
    const notify = (app: FastifyInstance) => postPaymentIpn(app, fields);
    expect((await notify(a.app)).json()).toEqual({ outcome: "paid" });
    await setOrderStatus(a.db, order.id, "to-pay");
    expect((await notify(b)).json()).toEqual({ outcome: "replayed" });
    expect((await orderRowOf(a.db, order.id)).status).toBe("to-pay");
  });
});

describe("the live feed across two instances", () => {
  it("brings an event ingested on A, and an orders change published on A, to a stream of B", async () => {
    const cookie = await signInAsAdmin(a);
    const live = await insertLive(a.db, { isActive: true });
    const base = await b.listen({ port: 0, host: "127.0.0.1" });
    const client = await openSse(`${base}/api/admin/live-feed/stream?liveId=${live.id}`, { cookie });
    try {
      const started = performance.now();
      const answer = await postEvents(a.app, live.ref, [chatEvent({ comment: "je prends le 7" })]);
      expect(answer.json()).toEqual({ accepted: 1, duplicates: 0 });
      await client.waitFor((messages) => messages.some((m) => m.event === "live-event"));
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(client.liveEvents().map((e) => e.comment)).toEqual(["je prends le 7"]);

      await a.app.liveHub.publishOrdersChanged({ liveId: live.id, orderId: live.id });
      await client.waitFor((messages) => messages.some((m) => m.event === "orders"));

      // A full batch travels as several notifications (ids only, under the payload limit).
      const many = Array.from({ length: 500 }, (_, i) => chatEvent({ comment: `n°${i}` }));
      expect((await postEvents(a.app, live.ref, many)).json()).toEqual({ accepted: 500, duplicates: 0 });
      await client.waitFor((messages) => messages.filter((m) => m.event === "live-event").length === 501);
      const seqs = client.liveEvents().map((event) => event.seq);
      expect(new Set(seqs).size).toBe(501);
      expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
      // B resumes after the last of them only once it has handed out every one.
      await client.waitFor(() => client.lastEventId() === String(seqs.at(-1)));
    } finally {
      client.close();
    }
  });

  it("re-sends to a stream of B what A committed while B could not listen", async () => {
    const cookie = await signInAsAdmin(a);
    const live = await insertLive(a.db, { isActive: true });
    const address = b.server.address();
    const base =
      address && typeof address === "object"
        ? `http://127.0.0.1:${address.port}`
        : await b.listen({ port: 0, host: "127.0.0.1" });
    const client = await openSse(`${base}/api/admin/live-feed/stream?liveId=${live.id}`, { cookie });
    const listeners = async () =>
      (
        await a.db.execute<{ count: number }>(
          sql`SELECT count(*)::int AS count FROM pg_stat_activity
              WHERE application_name = ${LISTENER_APPLICATION_NAME} AND datname = current_database()`,
        )
      ).rows[0]?.count;
    try {
      // Every instance's listening connection ends (a database restart, a network cut); each
      // listens again after a short wait, and the comment is committed before B does.
      await a.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE application_name = ${LISTENER_APPLICATION_NAME} AND datname = current_database()`,
      );
      while ((await listeners()) !== 0) await new Promise((resolve) => setTimeout(resolve, 5));
      const answer = await postEvents(a.app, live.ref, [chatEvent({ comment: "pendant la coupure" })]);
      expect(answer.json()).toEqual({ accepted: 1, duplicates: 0 });
      // B's own comment, later, reaches B's stream at once: the catch-up must still go back to A's.
      await postEvents(b, live.ref, [chatEvent({ comment: "arrivé par B" })]);

      await client.waitFor(() => new Set(client.liveEvents().map((event) => event.seq)).size === 2, 10_000);
      const bySeq = [...new Map(client.liveEvents().map((event) => [event.seq, event])).values()].sort(
        (x, y) => x.seq - y.seq,
      );
      expect(bySeq.map((event) => event.comment)).toEqual(["pendant la coupure", "arrivé par B"]);
    } finally {
      client.close();
    }
  });
});

describe("instances starting together on a database that needs migrations", () => {
  it("apply each migration once, and all of them start", async () => {
    const adminUrl = inject("adminDatabaseUrl");
    const name = `vitrine_t_fresh_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const handles = [1, 2, 3].map(() => connectDatabase(withDatabase(adminUrl, name), 3));
    try {
      await Promise.all(handles.map((handle) => migrateDatabase(handle.db)));
      const journal: { entries: unknown[] } = JSON.parse(
        readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"),
      );
      const applied = await handles[0]?.pool.query<{ count: string }>(
        "SELECT count(*) FROM __drizzle_migrations",
      );
      expect(Number(applied?.rows[0]?.count)).toBe(journal.entries.length);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
});

/** Instance A (createTestApp) and a second instance B on its database, both with `env`'s files. */
async function twoInstancesWith(env: Record<string, string>) {
  const first = await createTestApp({ env });
  const handle = connectDatabase(first.databaseUrl, 3);
  const second = await buildApp({
    config: first.config,
    db: handle.db,
    mailer: { send: async () => {} },
    authSecret: first.authSecret,
    logger: false,
  });
  await second.ready();
  return {
    first,
    second,
    close: async () => {
      await second.close();
      await handle.close();
      await first.close();
    },
  };
}

describe.each([
  {
    storage: "a folder both instances mount (STORAGE=local)",
    start: async () => {
      const folder = await mkdtemp(path.join(tmpdir(), "vitrine-shared-files-"));
      return {
        env: { STORAGE: "local", STORAGE_DIR: folder },
        stop: () => rm(folder, { recursive: true, force: true }),
      };
    },
  },
  {
    storage: "one S3 bucket (STORAGE=s3)",
    start: async () => {
      const s3 = await startS3Server();
      return { env: s3.env, stop: s3.close };
    },
  },
])("two instances sharing $storage", ({ start }) => {
  it("download from one the label the other generated, and see its deletion", async () => {
    const store = await start();
    const instances = await twoInstancesWith(store.env);
    try {
      const { first, second } = instances;
      const cookie = await signInAsAdmin(first);
      const customer = await insertCustomer(first.db);
      const product = await insertProduct(first.db);
      const order = await insertOrder(first.db, {
        userId: customer.id,
        status: "paid",
        products: [product],
        shippingAddress: deliveryAddress,
      });
      const url = `/api/admin/orders/${order.id}/label`;

      const generated = await first.app.inject({ method: "POST", url, headers: { cookie } });
      expect(generated.statusCode).toBe(201);
      const { trackingId } = generated.json().label;
      const download = await second.inject({ method: "GET", url, headers: { cookie } });
      expect(download.statusCode).toBe(200);
      expect(download.headers["content-type"]).toBe("application/pdf");
      expect((await readLabelPdf(download.rawPayload)).barcodes).toEqual([trackingId]);

      expect((await second.inject({ method: "DELETE", url, headers: { cookie } })).statusCode).toBe(200);
      const afterDeletion = await first.app.inject({ method: "GET", url, headers: { cookie } });
      expect(afterDeletion.statusCode).toBe(404);
    } finally {
      await instances.close();
      await store.stop();
    }
  });
});
