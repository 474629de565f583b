import { csvExportMessages, ORDER_EXPORT_HEADERS, orderStatusLabels } from "@vitrine/domain";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import http from "node:http";
import pg from "pg";
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { connectDatabase, type DatabaseHandle } from "../src/db/client";
import { orders } from "../src/db/schema";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import { insertColor, insertCustomer, insertLive, insertOrder, insertProduct } from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => t.close());

const suffix = randomBytes(2).toString("hex");
const BOM = "\uFEFF";

async function download(url: string) {
  const response = await kit.injectAs("admin", { method: "GET", url });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** The file's records as cells (no field here holds a quote, a semicolon or a line break). */
function recordsOf(body: string): string[][] {
  expect(body.startsWith(BOM)).toBe(true);
  expect(body.endsWith("\r\n")).toBe(true);
  const lines = body.slice(1).split("\r\n").slice(0, -1);
  for (const line of lines) expect(line).not.toContain("\n");
  return lines.map((line) => line.split(";"));
}

describe("CSV exports", () => {
  it("write the orders as French Excel reads them, with the orders page's filters", async () => {
    const customer = await insertCustomer(t.db, {
      firstName: "Hélène",
      lastName: "Françoise",
      tiktokUsername: `=cmd_${suffix}`,
    });
    const live = await insertLive(t.db, { title: "Soldes d'été €" });
    const piece = await insertProduct(t.db, { liveId: live.id, priceCents: 390 });
    const paid = await insertOrder(t.db, {
      products: [piece],
      userId: customer.id,
      status: "paid",
      orderDate: new Date("2026-11-26T20:30:00Z"),
    });
    const unpaid = await insertOrder(t.db, {
      liveId: live.id,
      userId: customer.id,
      status: "to-pay",
      orderDate: new Date("2026-11-20T09:00:00Z"),
    });

    const response = await download("/api/admin/exports/orders.csv?status=paid");
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="commandes-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''commandes-/,
    );
    const [header, ...rows] = recordsOf(response.body);
    expect(header).toEqual([...ORDER_EXPORT_HEADERS]);
    expect(rows.length).toBeGreaterThan(0);
    // Only the status asked for.
    for (const row of rows) expect(row[2]).toBe(orderStatusLabels.paid);
    expect(rows.map((row) => row[0])).not.toContain(unpaid.orderNumber);
    expect(rows.find((row) => row[0] === paid.orderNumber)).toEqual([
      paid.orderNumber,
      "26/11/2026 21:30",
      "Payée",
      "Hélène Françoise",
      customer.email,
      `'=cmd_${suffix}`,
      "Soldes d'été €",
      "9,90",
    ]);

    const both = recordsOf((await download(`/api/admin/exports/orders.csv?liveId=${live.id}`)).body);
    // Newest first.
    expect(both.slice(1).map((row) => row[0])).toEqual([paid.orderNumber, unpaid.orderNumber]);
  });

  it("write a live's sales: each piece, its buyer, price and what became of it", async () => {
    const buyer = await insertCustomer(t.db, { firstName: "Zoé", lastName: "Garçon" });
    const live = await insertLive(t.db);
    const color = await insertColor(t.db, { name: `Écru ${suffix}` });
    const sold = await insertProduct(t.db, {
      liveId: live.id,
      name: "Robe à fleurs",
      priceCents: 2990,
      colorId: color.id,
      size: "S",
    });
    const held = await insertProduct(t.db, {
      liveId: live.id,
      name: "Pull",
      priceCents: 1990,
      colorId: null,
      size: null,
    });
    const released = await insertProduct(t.db, {
      liveId: live.id,
      name: "Jupe",
      priceCents: 990,
      colorId: null,
    });
    await insertProduct(t.db, { liveId: live.id, name: "+ Top", priceCents: 500, colorId: null });
    const paidOrder = await insertOrder(t.db, { products: [sold], userId: buyer.id, status: "paid" });
    await insertOrder(t.db, { products: [held], userId: buyer.id });
    const cancelled = await insertOrder(t.db, { products: [released] });
    await t.db.update(orders).set({ status: "cancelled-by-admin" }).where(eq(orders.id, cancelled.id));

    const response = await download(`/api/admin/exports/lives/${live.id}/sales.csv`);
    expect(response.headers["content-disposition"]).toContain(`filename="ventes-${live.ref}-`);
    const [header, ...rows] = recordsOf(response.body);
    expect(header?.[0]).toBe("Référence");
    expect(rows).toEqual([
      [
        String(sold.ref),
        "Robe à fleurs",
        `Écru ${suffix}`,
        "S",
        "29,90",
        "Vendu payé",
        buyer.tiktokUsername,
        "Zoé Garçon",
        buyer.email,
        paidOrder.orderNumber,
        "TikTok",
      ],
      [
        String(held.ref),
        "Pull",
        "",
        "",
        "19,90",
        "Réservé",
        buyer.tiktokUsername,
        "Zoé Garçon",
        buyer.email,
        expect.any(String),
        "TikTok",
      ],
      [String(released.ref), "Jupe", "", "M", "9,90", "Libéré", "", "", "", "", ""],
      [expect.any(String), "'+ Top", "", "M", "5,00", "Invendu", "", "", "", "", ""],
    ]);
    const unknown = await kit.injectAs("admin", {
      method: "GET",
      url: "/api/admin/exports/lives/00000000-0000-4000-8000-000000000000/sales.csv",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Live introuvable");
  });

  it("write the users page's customers, never the administrators", async () => {
    const customer = await insertCustomer(t.db, { firstName: "Maëlle", lastName: "Çelik" });
    await insertOrder(t.db, { userId: customer.id });
    const [header, ...rows] = recordsOf((await download("/api/admin/exports/users.csv")).body);
    expect(header).toEqual([
      "Prénom",
      "Nom",
      "Nom affiché",
      "E-mail",
      "Pseudo TikTok",
      "Pseudo vérifié",
      "Compte",
      "Commandes",
      "Inscrit le",
      "Dernière connexion",
    ]);
    expect(rows.find((row) => row[3] === customer.email)).toEqual([
      "Maëlle",
      "Çelik",
      "",
      customer.email,
      customer.tiktokUsername,
      "Non",
      "Oui",
      "1",
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
      "",
    ]);
    expect(rows.map((row) => row[3])).not.toContain("admin@vitrine.local");
  });

  it("are for administrators only", async () => {
    const live = await insertLive(t.db);
    for (const url of [
      "/api/admin/exports/orders.csv",
      `/api/admin/exports/lives/${live.id}/sales.csv`,
      "/api/admin/exports/users.csv",
    ]) {
      for (const role of ["anonymous", "customer", "adminByMagicLink"] as const) {
        const response = await kit.injectAs(role, { method: "GET", url });
        expect(response.statusCode, `${role} ${url}`).toBe(role === "anonymous" ? 401 : 403);
        expect(response.body).not.toContain("\uFEFF");
      }
    }
  });

  describe("of many orders", () => {
    // About 9 MB of CSV: more than the loopback socket's buffers hold (4 MB to send at most, the
    // paused reader's 128 kB), so a paused client holds the export's cursor open.
    const MANY = 80_000;
    let liveId: string;
    beforeAll(async () => {
      const customer = await insertCustomer(t.db);
      const live = await insertLive(t.db);
      liveId = live.id;
      await t.db.$client.query(
        `INSERT INTO orders (order_number, live_id, user_id, status, shipping_fee_cents, order_date)
         SELECT 'BULK-${suffix}-' || n, $1, $2, 'delivered', 600, now() - n * interval '1 second'
           FROM generate_series(1, ${MANY}) AS n`,
        [live.id, customer.id],
      );
    }, 60_000);

    // A connection of the test's own: it looks even while the app's pool is all taken.
    let observer: pg.Client;
    beforeAll(async () => {
      observer = new pg.Client({ connectionString: t.databaseUrl });
      await observer.connect();
    });
    afterAll(async () => observer.end());

    /** The backends running the export's query now (not idle): its cursor still open. */
    async function exportQueriesRunning(): Promise<number> {
      const { rows } = await observer.query<{ count: string }>(
        `SELECT count(*) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND query LIKE '%orders csv export%' AND state <> 'idle'`,
      );
      return Number(rows[0]?.count);
    }

    /** Downloads under way, ended after each test whatever it found. */
    const downloads = new Set<http.ClientRequest>();
    afterEach(async () => {
      for (const request of downloads) request.destroy();
      downloads.clear();
      await eventually(async () => (await exportQueriesRunning()) === 0, 10_000);
    });

    /**
     * The export queries whose cursor nobody fetched from for `ms` (each fetch moves state_change):
     * their download is stalled, the server no longer spends anything on it.
     */
    async function stalledExportQueries(ms: number): Promise<number> {
      const { rows } = await observer.query<{ count: string }>(
        `SELECT count(*) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND query LIKE '%orders csv export%' AND state <> 'idle'
            AND now() - state_change > $1 * interval '1 millisecond'`,
        [ms],
      );
      return Number(rows[0]?.count);
    }

    /**
     * GET over real HTTP, answering once the body holds its first order (the header alone is
     * written before the query starts), with the response paused there.
     */
    async function openExport(url: string) {
      const cookie = await kit.cookieOf("admin");
      return new Promise<{ response: http.IncomingMessage; first: Buffer; request: http.ClientRequest }>(
        (resolve, reject) => {
          const request = http.get(`${base}${url}`, { headers: { cookie } }, (response) => {
            const chunks: Buffer[] = [];
            const onData = (chunk: Buffer) => {
              chunks.push(chunk);
              const first = Buffer.concat(chunks);
              const headerEnd = first.indexOf("\r\n");
              if (headerEnd === -1 || first.indexOf("\r\n", headerEnd + 2) === -1) return;
              response.pause();
              response.off("data", onData);
              resolve({ response, first, request });
            };
            response.on("data", onData);
            response.once("error", reject);
          });
          downloads.add(request);
          request.once("error", reject);
        },
      );
    }

    it("stream: the file starts while the query still reads, and all of it arrives", async () => {
      const { response, first } = await openExport(`/api/admin/exports/orders.csv?liveId=${liveId}`);
      expect(response.statusCode).toBe(200);
      expect(first.subarray(0, 3)).toEqual(Buffer.from(BOM));
      // A reply built whole would come only after its query ended and its connection went back.
      expect(await exportQueriesRunning()).toBe(1);

      const chunks: Buffer[] = [first];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.resume();
      await new Promise((resolve) => response.once("end", resolve));
      const records = recordsOf(Buffer.concat(chunks).toString("utf8"));
      expect(records).toHaveLength(MANY + 1);
      expect(records[1]?.[0]).toBe(`BULK-${suffix}-1`);
      await eventually(async () => (await exportQueriesRunning()) === 0);
    }, 60_000);

    interface StalledAnswer {
      status: number;
      /** The whole body of a refusal; none of a file, which is never read. */
      refusal: string | undefined;
      response: http.IncomingMessage;
    }

    /**
     * GET over real HTTP by a client that reads nothing of a file (a refusal is read whole), each
     * on its own connection; `answer` resolves once the status arrived.
     */
    async function stalledExport(url: string, server = base) {
      const cookie = await kit.cookieOf("admin");
      const request = http.get(`${server}${url}`, { headers: { cookie }, agent: false });
      downloads.add(request);
      const answer = new Promise<StalledAnswer>((resolve, reject) => {
        request.once("response", (response) => {
          const status = response.statusCode ?? 0;
          if (status === 200) {
            response.pause();
            resolve({ status, refusal: undefined, response });
            return;
          }
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.once("end", () =>
            resolve({ status, refusal: Buffer.concat(chunks).toString(), response }),
          );
        });
        request.once("error", reject);
      });
      // A request ended by the test rejects its answer: nobody waits for it then.
      answer.catch(() => {});
      return { request, answer };
    }

    /** Each answer that came within `ms`, in the order asked; undefined for one still awaited. */
    async function answeredWithin<T>(pending: Promise<T>[], ms: number): Promise<(T | undefined)[]> {
      const late = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms));
      return Promise.all(pending.map((answer) => Promise.race([answer, late])));
    }

    it("keep the app's connections for its requests: ten stalled downloads leave it ready and quick", async () => {
      const customer = await kit.cookieOf("customer");
      const ordersPage = async () => {
        const started = performance.now();
        const response = await fetch(`${base}/api/customer/orders`, {
          headers: { cookie: customer },
          signal: AbortSignal.timeout(5_000),
        });
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - started };
      };
      // Its session read and its route warmed up before, so the time below is the request's own.
      expect((await ordersPage()).status).toBe(200);

      const url = `/api/admin/exports/orders.csv?liveId=${liveId}`;
      const opened = await Promise.all(Array.from({ length: 10 }, () => stalledExport(url)));
      const answers = await answeredWithin(
        opened.map(({ answer }) => answer),
        5_000,
      );
      // Measured once the downloads are stalled, not while they still fill the sockets' buffers.
      await eventually(async () => (await stalledExportQueries(300)) >= 2, 10_000);

      const ready = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5_000) });
      expect(ready.status).toBe(200);
      const page = await ordersPage();
      expect(page.status).toBe(200);
      // Starved of connections it would wait for the pool's timeout (seconds); a loaded CI machine
      // answers well under one.
      expect(page.ms).toBeLessThan(1_000);

      // Two downloads held open meanwhile, the others refused at once in French.
      expect(await exportQueriesRunning()).toBe(2);
      expect(answers.map((answer) => answer?.status).sort()).toEqual([200, 200, ...Array(8).fill(429)]);
      for (const answer of answers.filter((one) => one?.status === 429)) {
        expect(JSON.parse(answer?.refusal ?? "")).toEqual({
          code: "RATE_LIMITED",
          message: csvExportMessages.busy,
        });
      }
    }, 60_000);

    it("refuse another export in French while two are under way, and take one again once one ends", async () => {
      const url = `/api/admin/exports/orders.csv?liveId=${liveId}`;
      const [first, second] = await Promise.all([stalledExport(url), stalledExport(url)]);
      const answers = await answeredWithin(
        [first, second].map((opened) => opened?.answer),
        5_000,
      );
      expect(answers.map((answer) => answer?.status)).toEqual([200, 200]);

      const third = await kit.injectAs("admin", { method: "GET", url: "/api/admin/exports/users.csv" });
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ code: "RATE_LIMITED", message: "Un export est déjà en cours" });
      expect(third.body).not.toContain("\uFEFF");

      first.request.destroy();
      await eventually(async () => (await exportQueriesRunning()) === 1);
      // The slot is freed once the cut query's connection is back in the pool, a moment after
      // the query itself ends: the next export is taken as soon as it is.
      let again = 0;
      await eventually(async () => {
        again = (await kit.injectAs("admin", { method: "GET", url: "/api/admin/exports/users.csv" }))
          .statusCode;
        return again !== 429;
      });
      expect(again).toBe(200);
    }, 60_000);

    it("read on a pool of their own: one streams while every connection of the app's pool is taken", async () => {
      const url = `/api/admin/exports/orders.csv?liveId=${liveId}`;
      // The admin's session read now: the request below finds it in the instance's memory.
      expect(
        (await kit.injectAs("admin", { method: "GET", url: "/api/admin/exports/users.csv" })).statusCode,
      ).toBe(200);
      const appPool = t.db.$client;
      const held = await Promise.all(Array.from({ length: appPool.options.max }, () => appPool.connect()));
      try {
        const [opened] = await answeredWithin([openExport(url)], 5_000);
        expect(opened?.response.statusCode).toBe(200);
        expect(await exportQueriesRunning()).toBe(1);
      } finally {
        for (const client of held) client.release();
      }
    }, 60_000);

    describe("on an instance that waits a second for a client", () => {
      let quick: FastifyInstance;
      let quickBase: string;
      let database: DatabaseHandle;
      beforeAll(async () => {
        database = connectDatabase(t.databaseUrl, 5);
        quick = await buildApp({
          config: { ...t.config, exportStallSeconds: 1 },
          db: database.db,
          mailer: { send: async () => {} },
          authSecret: t.authSecret,
          logger: false,
        });
        quickBase = await quick.listen({ port: 0, host: "127.0.0.1" });
      });
      afterAll(async () => {
        await quick.close();
        await database.close();
      });

      it("cut a download whose client takes nothing, which ends its query", async () => {
        const { answer } = await stalledExport(`/api/admin/exports/orders.csv?liveId=${liveId}`, quickBase);
        const { status, response } = await answer;
        expect(status).toBe(200);
        await eventually(async () => (await exportQueriesRunning()) === 1);
        const stalledAt = performance.now();
        await eventually(async () => (await exportQueriesRunning()) === 0, 10_000);
        // Cut for stalling, not at once: the socket's buffers filled first, then a second went by.
        expect(performance.now() - stalledAt).toBeGreaterThan(500);
        // Read now, the download ends short of its last order: the server cut it.
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        const ended = new Promise((resolve) => response.once("close", resolve));
        response.resume();
        await ended;
        expect(response.complete).toBe(false);
        expect(Buffer.concat(chunks).toString()).not.toContain(`BULK-${suffix}-${MANY}\r\n`);
        // Its slot is free again.
        const after = await quick.inject({
          method: "GET",
          url: "/api/admin/exports/users.csv",
          headers: { cookie: await kit.cookieOf("admin") },
        });
        expect(after.statusCode).toBe(200);
      }, 60_000);
    });

    it("stop the query when the client goes away", async () => {
      const { request } = await openExport(`/api/admin/exports/orders.csv?liveId=${liveId}`);
      expect(await exportQueriesRunning()).toBe(1);
      request.destroy();
      await eventually(async () => (await exportQueriesRunning()) === 0);
      // The pool still serves.
      const after = await kit.injectAs("admin", { method: "GET", url: "/api/admin/exports/users.csv" });
      expect(after.statusCode).toBe(200);
    }, 60_000);
  });
});
