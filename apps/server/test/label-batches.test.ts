import { labelBatchMessages, labelFailureReasons, type LabelBatchStatus } from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import type { Database } from "../src/db/client";
import { orders, PARCEL_NUMBER_SEQUENCE } from "../src/db/schema";
import { LABEL_BATCH_LANES } from "../src/modules/label-batches";
import { catalogueCallers, type Caller } from "./support/catalogue-fixtures";
import { eventually } from "./support/eventually";
import {
  deliveryAddress,
  insertCustomer,
  insertLive,
  insertOrder,
  insertProduct,
  orderRowOf,
  type LiveRow,
  type OrderWithItems,
} from "./support/factories";
import { pdfPageTexts } from "./support/label-pdf";
import { createTestApp, type TestApp } from "./support/test-app";

const batchesUrl = (liveId: string) => `/api/admin/lives/${liveId}/label-batches`;
const latestUrl = (liveId: string) => `${batchesUrl(liveId)}/latest`;

/** How many labels the local provider has numbered: one parcel number per carrier call. */
async function carrierCalls(db: Database): Promise<number> {
  const result = await db.execute<{ last_value: string; is_called: boolean }>(
    sql.raw(`SELECT last_value, is_called FROM ${PARCEL_NUMBER_SEQUENCE}`),
  );
  const row = result.rows[0];
  return row?.is_called ? Number(row.last_value) : 0;
}

/** A paid order of the live, one piece, to the usual address unless told otherwise. */
async function paidOrder(db: Database, live: LiveRow, overrides: Parameters<typeof insertOrder>[1] = {}) {
  const customer = await insertCustomer(db, { firstName: "Amélie", lastName: "Poulain" });
  const product = await insertProduct(db, { liveId: live.id });
  return insertOrder(db, {
    userId: customer.id,
    status: "paid",
    paymentDate: new Date(),
    shippingAddress: deliveryAddress,
    products: [product],
    ...overrides,
  });
}

async function batchRow(db: Database, liveId: string) {
  const result = await db.execute<{ id: string; state: string; done: number; pending: number }>(sql`
    SELECT b.id, b.state,
           count(*) FILTER (WHERE bo.state = 'done')::int AS done,
           count(*) FILTER (WHERE bo.state = 'pending')::int AS pending
      FROM label_batches b JOIN label_batch_orders bo ON bo.batch_id = b.id
     WHERE b.live_id = ${liveId} GROUP BY b.id ORDER BY b.created_at DESC LIMIT 1`);
  return result.rows[0];
}

async function filesOf(storageDir: string, orderId: string): Promise<string[]> {
  const folder = path.join(storageDir, "labels", orderId);
  return existsSync(folder) ? readdir(folder) : [];
}

/** Holds an order's row lock: the batch's label claim on it waits until `release`. */
async function holdOrder(databaseUrl: string, orderId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("BEGIN");
  await client.query("SELECT id FROM orders WHERE id = $1 FOR NO KEY UPDATE", [orderId]);
  return async () => {
    await client.query("COMMIT");
    await client.end();
  };
}

describe("a live's labels in one go", () => {
  let t: TestApp;
  let as: { admin: Caller; customer: Caller; anonymous: Caller };
  let storageDir: string;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), "vitrine-label-batches-"));
    t = await createTestApp({ env: { STORAGE_DIR: storageDir } });
    as = await catalogueCallers(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  const statusOf = async (liveId: string): Promise<LabelBatchStatus> => {
    const response = await as.admin("GET", latestUrl(liveId));
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const finished = (liveId: string) => async () => (await statusOf(liveId)).batch?.state === "finished";

  it("labels every ready parcel of the live once: members, unpaid, labelled, address-less and other lives' orders left out", async () => {
    const live = await insertLive(t.db);
    const lone = await paidOrder(t.db, live);
    const lead = await paidOrder(t.db, live);
    const member = await paidOrder(t.db, live, { userId: lead.userId, parcelLeadId: lead.id });
    const unpaid = await paidOrder(t.db, live, { status: "to-pay", paymentDate: null });
    const labelled = await paidOrder(t.db, live, {
      shippingLabelPath: "labels/elsewhere/VT0000000001.pdf",
      trackingId: "VT0000000001",
    });
    const noAddress = await paidOrder(t.db, live, { shippingAddress: null });
    const otherLive = await paidOrder(t.db, await insertLive(t.db));

    expect(await statusOf(live.id)).toEqual({ batch: null, readyParcels: 2, labelledParcels: 1 });
    const callsBefore = await carrierCalls(t.db);
    const started = await as.admin("POST", batchesUrl(live.id));
    expect(started.statusCode).toBe(201);
    expect(started.json().batch).toMatchObject({ state: "running", total: 2 });

    await eventually(finished(live.id), 15_000);
    const status = await statusOf(live.id);
    expect(status.batch).toMatchObject({
      state: "finished",
      total: 2,
      done: 2,
      failed: 0,
      pending: 0,
      failures: [],
    });
    expect(status.readyParcels).toBe(0);
    expect(await carrierCalls(t.db)).toBe(callsBefore + 2);
    for (const order of [lone, lead]) {
      const row = await orderRowOf(t.db, order.id);
      expect(row.trackingId).toMatch(/^VT\d{11}$/);
      expect(await filesOf(storageDir, order.id)).toEqual([`${row.trackingId}.pdf`]);
    }
    for (const order of [member, unpaid, noAddress, otherLive]) {
      expect((await orderRowOf(t.db, order.id)).shippingLabelPath).toBeNull();
    }
    expect((await orderRowOf(t.db, labelled.id)).trackingId).toBe("VT0000000001");

    // Nothing ready any more: a French refusal, and no new batch.
    const again = await as.admin("POST", batchesUrl(live.id));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "CONFLICT", message: labelBatchMessages.nothingReady });
    expect((await statusOf(live.id)).batch?.id).toBe(status.batch?.id);
  });

  it("lists a parcel the carrier refused with its reason, and labels it once retried after the address is fixed", async () => {
    const live = await insertLive(t.db);
    const fine = await paidOrder(t.db, live);
    const wrongZip = await paidOrder(t.db, live, { shippingAddress: { ...deliveryAddress, zip: "00000" } });

    expect((await as.admin("POST", batchesUrl(live.id))).statusCode).toBe(201);
    await eventually(finished(live.id), 15_000);
    const { batch } = await statusOf(live.id);
    expect(batch).toMatchObject({ done: 1, failed: 1, pending: 0 });
    expect(batch?.failures).toEqual([
      {
        orderId: wrongZip.id,
        orderNumber: wrongZip.orderNumber,
        reason: labelFailureReasons.zipUnknown,
        attempts: 1,
      },
    ]);
    expect((await orderRowOf(t.db, wrongZip.id)).shippingLabelPath).toBeNull();
    expect((await orderRowOf(t.db, fine.id)).shippingLabelPath).not.toBeNull();

    await t.db
      .update(orders)
      .set({ shippingAddress: { ...deliveryAddress, zip: "69003" } })
      .where(eq(orders.id, wrongZip.id));
    const retried = await as.admin("POST", `${batchesUrl(live.id)}/${batch?.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().batch).toMatchObject({ id: batch?.id, state: "running", failed: 0, pending: 1 });
    await eventually(finished(live.id), 15_000);
    expect((await statusOf(live.id)).batch).toMatchObject({ done: 2, failed: 0, failures: [] });
    expect((await orderRowOf(t.db, wrongZip.id)).trackingId).toMatch(/^VT/);

    const nothing = await as.admin("POST", `${batchesUrl(live.id)}/${batch?.id}/retry`);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(labelBatchMessages.nothingToRetry);
  });

  it("merges the live's labels into one PDF, a page per label, in parcel order", async () => {
    const live = await insertLive(t.db);
    const parcels: OrderWithItems[] = [];
    for (let i = 0; i < 3; i++) parcels.push(await paidOrder(t.db, live));
    expect((await as.admin("GET", `/api/admin/lives/${live.id}/labels.pdf`)).json().message).toBe(
      labelBatchMessages.noLabels,
    );
    await as.admin("POST", batchesUrl(live.id));
    await eventually(finished(live.id), 15_000);

    const response = await as.admin("GET", `/api/admin/lives/${live.id}/labels.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getPageCount()).toBe(3);
    const texts = await pdfPageTexts(response.rawPayload);
    parcels.forEach((order, page) => expect(texts[page]).toContain(`Commande : ${order.orderNumber}`));
  });

  it("draws the pick list: pieces by article with colour and size, then by parcel, page numbers and accents", async () => {
    const live = await insertLive(t.db, { title: "Live d'été" });
    const rouge = await insertProduct(t.db, { liveId: live.id, name: "Robe à fleurs", size: "M" });
    const sameArticle = await insertProduct(t.db, {
      liveId: live.id,
      name: "Robe à fleurs",
      size: "M",
      colorId: rouge.colorId,
    });
    const other = await insertProduct(t.db, {
      liveId: live.id,
      name: "Blouse écrue",
      size: "S",
      colorId: null,
    });
    const first = await insertCustomer(t.db, { firstName: "Zoé", lastName: "Lefèvre" });
    const second = await insertCustomer(t.db, { firstName: "Hélène", lastName: "Brûlé" });
    const firstOrder = await insertOrder(t.db, {
      userId: first.id,
      status: "paid",
      shippingAddress: { ...deliveryAddress, first_name: "Zoé", last_name: "Lefèvre" },
      products: [rouge, other],
    });
    const secondOrder = await insertOrder(t.db, {
      userId: second.id,
      status: "paid",
      shippingAddress: { ...deliveryAddress, first_name: "Hélène", last_name: "Brûlé" },
      products: [sameArticle],
    });

    const response = await as.admin("GET", `/api/admin/lives/${live.id}/pick-list.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const [page] = await pdfPageTexts(response.rawPayload);
    expect(page).toContain("Liste de préparation : Live d'été");
    expect(page).toContain("Page 1 / 1");
    // "Blouse" comes before "Robe"; the two dresses of one article sit under one heading, parcel by parcel.
    const blouse = page?.indexOf("Blouse écrue · Couleur : aucune · Taille : S") ?? -1;
    const robe = page?.indexOf("Robe à fleurs · Couleur :") ?? -1;
    expect(blouse).toBeGreaterThan(-1);
    expect(robe).toBeGreaterThan(blouse);
    expect(page?.split("Robe à fleurs").length).toBe(2);
    const afterRobe = page?.slice(robe) ?? "";
    expect(afterRobe.indexOf(firstOrder.orderNumber)).toBeGreaterThan(-1);
    expect(afterRobe.indexOf(secondOrder.orderNumber)).toBeGreaterThan(
      afterRobe.indexOf(firstOrder.orderNumber),
    );
    expect(afterRobe).toContain("Zoé Lefèvre");
    expect(afterRobe).toContain("Hélène Brûlé");
  });

  it("refuses customers and visitors on every route", async () => {
    const live = await insertLive(t.db);
    await paidOrder(t.db, live);
    const routes: ["GET" | "POST", string][] = [
      ["POST", batchesUrl(live.id)],
      ["GET", latestUrl(live.id)],
      ["POST", `${batchesUrl(live.id)}/${live.id}/retry`],
      ["GET", `/api/admin/lives/${live.id}/labels.pdf`],
      ["GET", `/api/admin/lives/${live.id}/pick-list.pdf`],
    ];
    for (const [method, url] of routes) {
      expect((await as.customer(method, url)).statusCode).toBe(403);
      expect((await as.anonymous(method, url)).statusCode).toBe(401);
    }
    expect(await batchRow(t.db, live.id)).toBeUndefined();
    expect((await as.admin("GET", latestUrl("00000000-0000-4000-8000-000000000000"))).statusCode).toBe(404);
  });
});

describe("a batch interrupted by a restart", () => {
  let storageDir: string;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), "vitrine-label-batches-restart-"));
  });
  afterAll(async () => rm(storageDir, { recursive: true, force: true }));

  it("reads its progress while it runs, answers a second start with it, and finishes on the next start with no label made twice", async () => {
    const first = await createTestApp({ env: { STORAGE_DIR: storageDir } });
    const as = await catalogueCallers(first);
    const live = await insertLive(first.db);
    // Every lane of the batch is caught on a parcel whose row is held, after the first two.
    const total = LABEL_BATCH_LANES + 4;
    const parcels: OrderWithItems[] = [];
    for (let i = 0; i < total; i++) parcels.push(await paidOrder(first.db, live));
    const held = parcels.slice(2, 2 + LABEL_BATCH_LANES);
    const callsBefore = await carrierCalls(first.db);

    const releases = await Promise.all(held.map((order) => holdOrder(first.databaseUrl, order.id)));
    const started = await as.admin("POST", batchesUrl(live.id));
    expect(started.statusCode).toBe(201);
    const batchId: string = started.json().batch.id;
    await eventually(async () => (await batchRow(first.db, live.id))?.done === 2, 15_000);
    const progress = await as.admin("GET", latestUrl(live.id));
    expect(progress.json().batch).toMatchObject({
      id: batchId,
      state: "running",
      total,
      done: 2,
      pending: total - 2,
    });
    const secondStart = await as.admin("POST", batchesUrl(live.id));
    expect(secondStart.statusCode).toBe(200);
    expect(secondStart.json().batch.id).toBe(batchId);

    // The app closes mid-batch: the parcels under way are finished, the rest waits.
    const closing = first.app.close();
    for (const release of releases) await release();
    await closing;
    const stopped = await batchRow(first.db, live.id);
    expect(stopped).toMatchObject({ id: batchId, state: "running", done: 2 + LABEL_BATCH_LANES, pending: 2 });

    // The next start on the same database carries on.
    const second = await buildApp({
      config: first.config,
      db: first.db,
      mailer: { send: async () => {} },
      authSecret: first.authSecret,
      logger: false,
    });
    try {
      await second.ready();
      await eventually(async () => (await batchRow(first.db, live.id))?.state === "finished", 20_000);
      expect(await batchRow(first.db, live.id)).toMatchObject({ id: batchId, done: total, pending: 0 });
      expect(await carrierCalls(first.db)).toBe(callsBefore + total);
      const tracking = new Set<string>();
      for (const order of parcels) {
        const row = await orderRowOf(first.db, order.id);
        expect(await filesOf(storageDir, order.id)).toEqual([`${row.trackingId}.pdf`]);
        tracking.add(row.trackingId ?? "");
      }
      expect(tracking.size).toBe(total);
    } finally {
      await second.close();
      await first.close().catch(() => {});
    }
  });

  it("a batch whose worker died (its job left locked) is added again at the next start", async () => {
    const first = await createTestApp({ env: { STORAGE_DIR: storageDir } });
    const live = await insertLive(first.db);
    for (let i = 0; i < 2; i++) await paidOrder(first.db, live);
    await first.app.close();
    // As a killed server leaves it: a running batch, its job locked by a worker that is gone.
    await first.db.transaction(async (tx) => {
      const batch = await tx.execute<{ id: string }>(
        sql`INSERT INTO label_batches (live_id) VALUES (${live.id}) RETURNING id`,
      );
      const batchId = batch.rows[0]?.id ?? "";
      await tx.execute(sql`
        INSERT INTO label_batch_orders (batch_id, order_id) SELECT ${batchId}, id FROM orders WHERE live_id = ${live.id}`);
      await tx.execute(sql`
        SELECT graphile_worker.add_job('label_batch', json_build_object('batchId', ${batchId}::uuid),
                 job_key := 'label-batch:' || ${batchId})`);
      await tx.execute(
        sql`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'worker-killed'`,
      );
    });
    const second = await buildApp({
      config: first.config,
      db: first.db,
      mailer: { send: async () => {} },
      authSecret: first.authSecret,
      logger: false,
    });
    try {
      await second.ready();
      await eventually(async () => (await batchRow(first.db, live.id))?.state === "finished", 20_000);
      expect(await batchRow(first.db, live.id)).toMatchObject({ done: 2, pending: 0 });
    } finally {
      await second.close();
      await first.close().catch(() => {});
    }
  });
});
