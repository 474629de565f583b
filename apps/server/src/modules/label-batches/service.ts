import {
  AWAITING_SHIPMENT_ORDER_STATUSES,
  PAID_ORDER_STATUS,
  addresseeName,
  userFullName,
  labelBatchMessages,
  shippingAddressSchema,
  shippingLabelMessages,
  type LabelBatchStatus,
  type LabelBatchView,
} from "@vitrine/domain";
import { sql, type SQL } from "drizzle-orm";
import type { JobHelpers } from "graphile-worker";
import type { Queryable } from "../../db/client";
import { orderStatusArray } from "../../db/order-status-sql";
import { DomainError } from "../../http/errors";
import { createLabelProvider } from "../../integrations/labels/create-label-provider";
import { isLabelProviderError, type LabelProvider } from "../../integrations/labels/label-provider";
import { createStorage } from "../../integrations/storage/create-storage";
import type { Storage } from "../../integrations/storage/storage";
import type { AppContext } from "../module";
import { holdsItsPieces } from "../orders";
import { createShippingLabelService, LABEL_CLAIM_SECONDS } from "../shipping-labels";
import { labelFailureReason } from "./failure-reason";
import type { PickListLine } from "./pdf";

export const LABEL_BATCH_TASK = "label_batch";

/** Parcels one batch labels at once. */
export const LABEL_BATCH_LANES = 3;

/** How long a batch waits before looking again at parcels another worker is labelling. */
const BUSY_RETRY_SECONDS = 5;

/** A parcel is its lead order; members are labelled with it. Every list of parcels uses this order. */
const PARCEL_ORDER = sql.raw("o.order_date, o.order_number, o.id");

/** The statuses of a parcel on its way (the pick list and the labels PDF show them). */
const TO_SHIP = orderStatusArray(AWAITING_SHIPMENT_ORDER_STATUSES);

/** A label claim younger than this is another request's call in progress (shipping-labels). */
const LIVE_CLAIM = sql`o.label_requested_at IS NOT NULL AND o.label_requested_at >= now() - make_interval(secs => ${LABEL_CLAIM_SECONDS})`;

const liveNotFound = () => new DomainError("NOT_FOUND", labelBatchMessages.liveNotFound);
const batchNotFound = () => new DomainError("NOT_FOUND", labelBatchMessages.batchNotFound);

async function rowsOf<Row extends Record<string, unknown>>(db: Queryable, query: SQL) {
  return (await db.execute<Row>(query)).rows;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function payloadBatchId(payload: unknown): string | undefined {
  if (typeof payload !== "object" || payload === null) return undefined;
  const value: unknown = (payload as Record<string, unknown>).batchId;
  return typeof value === "string" ? value : undefined;
}

/** Adds the batch's job (one per batch: a job already waiting is moved, one running gets a successor). */
function addBatchJob(db: Queryable, batchId: string, delaySeconds = 0) {
  return db.execute(sql`
    SELECT graphile_worker.add_job(${LABEL_BATCH_TASK}, json_build_object('batchId', ${batchId}::uuid),
             run_at := now() + make_interval(secs => ${delaySeconds}), max_attempts := 10,
             job_key := 'label-batch:' || ${batchId}, job_key_mode := 'replace')`);
}

export interface LabelBatchServiceOptions {
  /** The carrier; the one LABEL_PROVIDER names by default (tests count its calls). */
  provider?: LabelProvider;
  storage?: Storage;
}

/**
 * A live's labels in one go (decision 033): a batch lists the live's ready parcels, a job on the
 * app's queue labels them one at a time through the shipping-labels service (its claim: one label
 * per order, ever), and the live's labels and pick list are drawn as one PDF each.
 */
export async function createLabelBatchService(
  { config, db, jobs, log }: Pick<AppContext, "config" | "db" | "jobs" | "log">,
  options: LabelBatchServiceOptions = {},
) {
  const provider = options.provider ?? createLabelProvider({ config, db });
  const storage = options.storage ?? (await createStorage(config));
  const labels = createShippingLabelService({ db, provider, storage });

  async function findLive(liveId: string) {
    const [live] = await rowsOf<{ id: string; title: string }>(
      db,
      sql`SELECT id, title FROM lives WHERE id = ${liveId}`,
    );
    if (!live) throw liveNotFound();
    return live;
  }

  /**
   * The live's ready parcels: leads or lone orders of this live, paid, every member paid, with a
   * complete address, no label, and no label being made.
   */
  async function readyParcels(tx: Queryable, liveId: string): Promise<string[]> {
    const rows = await rowsOf<{ id: string; shipping_address: unknown }>(
      tx,
      sql`SELECT o.id, o.shipping_address FROM orders o
           WHERE o.live_id = ${liveId} AND o.status = ${PAID_ORDER_STATUS} AND o.parcel_lead_id IS NULL
             AND o.shipping_label_path IS NULL AND o.shipping_address IS NOT NULL
             AND NOT (${LIVE_CLAIM})
             AND NOT EXISTS (SELECT 1 FROM orders m WHERE m.parcel_lead_id = o.id
                              AND m.status <> ${PAID_ORDER_STATUS} AND ${holdsItsPieces(sql`m.status`)})
           ORDER BY ${PARCEL_ORDER}`,
    );
    return rows
      .filter((row) => shippingAddressSchema.safeParse(row.shipping_address).success)
      .map((row) => row.id);
  }

  async function batchView(batchId: string): Promise<LabelBatchView> {
    const [batch] = await rowsOf<{
      id: string;
      state: LabelBatchView["state"];
      created_at: Date | string;
      finished_at: Date | string | null;
      total: number;
      done: number;
      failed: number;
      pending: number;
    }>(
      db,
      sql`SELECT b.id, b.state, b.created_at, b.finished_at,
                 count(bo.order_id)::int AS total,
                 count(*) FILTER (WHERE bo.state = 'done')::int AS done,
                 count(*) FILTER (WHERE bo.state = 'failed')::int AS failed,
                 count(*) FILTER (WHERE bo.state = 'pending')::int AS pending
            FROM label_batches b LEFT JOIN label_batch_orders bo ON bo.batch_id = b.id
           WHERE b.id = ${batchId} GROUP BY b.id`,
    );
    if (!batch) throw batchNotFound();
    const failures = await rowsOf<{
      order_id: string;
      order_number: string;
      error: string | null;
      attempts: number;
    }>(
      db,
      sql`SELECT bo.order_id, o.order_number, bo.error, bo.attempts
            FROM label_batch_orders bo JOIN orders o ON o.id = bo.order_id
           WHERE bo.batch_id = ${batchId} AND bo.state = 'failed' ORDER BY ${PARCEL_ORDER}`,
    );
    return {
      id: batch.id,
      state: batch.state,
      total: batch.total,
      done: batch.done,
      failed: batch.failed,
      pending: batch.pending,
      failures: failures.map((row) => ({
        orderId: row.order_id,
        orderNumber: row.order_number,
        reason: row.error ?? "",
        attempts: row.attempts,
      })),
      createdAt: iso(batch.created_at) ?? "",
      finishedAt: iso(batch.finished_at),
    };
  }

  type Outcome = { state: "done" } | { state: "failed"; reason: string } | { state: "busy" };

  /** One parcel through the shipping-labels service; what the batch records of it. */
  async function labelOne(orderId: string): Promise<Outcome> {
    try {
      await labels.generateLabel(orderId, log);
      return { state: "done" };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // Recorded already (a batch stopped between the label and its row): no second label.
      if (error.message === shippingLabelMessages.alreadyGenerated) return { state: "done" };
      if (error.message === shippingLabelMessages.generationInProgress) return { state: "busy" };
      if (error.code === "LABEL_PROVIDER_FAILED") {
        const refusal = isLabelProviderError(error.cause) ? error.cause : undefined;
        return { state: "failed", reason: labelFailureReason(refusal) };
      }
      return { state: "failed", reason: error.message };
    }
  }

  /**
   * The batch's job: the pending parcels in parcel order, LABEL_BATCH_LANES at a time (a label is
   * mostly drawing, the rest waits on the database and the storage: lanes overlap them), until
   * none is left. A closing app stops every lane between two parcels and re-queues the rest; each
   * parcel's label claim keeps two workers (two instances, a re-queued job) from labelling it twice.
   */
  async function runBatch(payload: unknown, helpers: JobHelpers): Promise<void> {
    const batchId = payloadBatchId(payload);
    if (!batchId) return;
    const stopping = () => jobs.stopping.aborted || helpers.abortSignal.aborted;
    const inFlight = new Set<string>();
    // One pick at a time in this job: two lanes never take the same parcel.
    let picking: Promise<unknown> = Promise.resolve();
    const pick = () => {
      const next = picking.then(async () => {
        const [row] = await rowsOf<{
          order_id: string;
          status: string;
          parcel_lead_id: string | null;
        }>(
          db,
          sql`SELECT bo.order_id, o.status, o.parcel_lead_id
                FROM label_batch_orders bo JOIN orders o ON o.id = bo.order_id
                JOIN label_batches b ON b.id = bo.batch_id AND b.state = 'running'
               WHERE bo.batch_id = ${batchId} AND bo.state = 'pending' AND NOT (${LIVE_CLAIM})
                 AND bo.order_id <> ALL(${`{${[...inFlight].join(",")}}`}::uuid[])
               ORDER BY ${PARCEL_ORDER} LIMIT 1`,
        );
        if (row) inFlight.add(row.order_id);
        return row;
      });
      picking = next.catch(() => undefined);
      return next;
    };

    const lane = async () => {
      while (!stopping()) {
        const next = await pick();
        if (!next) return;
        try {
          const outcome: Outcome =
            next.status !== PAID_ORDER_STATUS || next.parcel_lead_id !== null
              ? { state: "failed", reason: labelBatchMessages.noLongerToShip }
              : await labelOne(next.order_id);
          if (outcome.state === "busy") continue;
          await db.execute(sql`
            UPDATE label_batch_orders
               SET state = ${outcome.state}, error = ${outcome.state === "failed" ? outcome.reason : null},
                   attempts = attempts + 1, updated_at = now()
             WHERE batch_id = ${batchId} AND order_id = ${next.order_id} AND state = 'pending'`);
        } finally {
          inFlight.delete(next.order_id);
        }
      }
    };
    // Every lane ends before the job does (a failure of one is thrown once the others stopped).
    const lanes = await Promise.allSettled(Array.from({ length: LABEL_BATCH_LANES }, lane));
    const failure = lanes.find((result) => result.status === "rejected");
    if (failure) throw failure.reason;

    if (stopping()) {
      await addBatchJob(db, batchId);
      return;
    }
    const finished = await db.execute(sql`
      UPDATE label_batches SET state = 'finished', finished_at = now()
       WHERE id = ${batchId} AND state = 'running'
         AND NOT EXISTS (SELECT 1 FROM label_batch_orders WHERE batch_id = ${batchId} AND state = 'pending')
      RETURNING id`);
    const [running] = await rowsOf<{ id: string }>(
      db,
      sql`SELECT id FROM label_batches WHERE id = ${batchId} AND state = 'running'`,
    );
    // Parcels left are being labelled elsewhere: look again once their claim is settled.
    if (finished.rows.length === 0 && running) await addBatchJob(db, batchId, BUSY_RETRY_SECONDS);
  }
  jobs.define(LABEL_BATCH_TASK, runBatch);

  /** The stored label files of the live's parcels, in parcel order. */
  async function labelledParcels(liveId: string) {
    return rowsOf<{ id: string; shipping_label_path: string }>(
      db,
      sql`SELECT o.id, o.shipping_label_path FROM orders o
           WHERE o.live_id = ${liveId} AND o.parcel_lead_id IS NULL AND o.status = ANY (${TO_SHIP})
             AND o.shipping_label_path IS NOT NULL
           ORDER BY ${PARCEL_ORDER}`,
    );
  }

  return {
    /**
     * Batches still running when this instance starts (the app closed or crashed mid-batch): their
     * job is added again. A job left locked by a stopped worker would wait hours for the queue to
     * free it; the parcels' label claims make a second worker harmless.
     */
    async resumeRunning(): Promise<number> {
      const running = await rowsOf<{ id: string }>(
        db,
        sql`SELECT id FROM label_batches WHERE state = 'running'`,
      );
      for (const { id } of running) await addBatchJob(db, id);
      return running.length;
    },

    /** The live's ready parcels now, its latest batch, and how many of its parcels have a label. */
    async status(liveId: string): Promise<LabelBatchStatus> {
      await findLive(liveId);
      const [latest] = await rowsOf<{ id: string }>(
        db,
        sql`SELECT id FROM label_batches WHERE live_id = ${liveId} ORDER BY created_at DESC, id DESC LIMIT 1`,
      );
      const ready = await readyParcels(db, liveId);
      return {
        batch: latest ? await batchView(latest.id) : null,
        readyParcels: ready.length,
        labelledParcels: (await labelledParcels(liveId)).length,
      };
    },

    /**
     * Starts labelling the live's ready parcels; while a batch of the live runs, that one is
     * answered instead (a second click, another tab). Nothing ready: a French refusal.
     */
    async start(liveId: string, userId: string | null): Promise<{ created: boolean; batch: LabelBatchView }> {
      const { batchId, created } = await db.transaction(async (tx) => {
        // The live's row serialises starts: the check and the insert see the same batches.
        const [live] = await rowsOf<{ id: string }>(
          tx,
          sql`SELECT id FROM lives WHERE id = ${liveId} FOR UPDATE`,
        );
        if (!live) throw liveNotFound();
        const [running] = await rowsOf<{ id: string }>(
          tx,
          sql`SELECT id FROM label_batches WHERE live_id = ${liveId} AND state = 'running'`,
        );
        if (running) return { batchId: running.id, created: false };
        const parcels = await readyParcels(tx, liveId);
        if (parcels.length === 0) throw new DomainError("CONFLICT", labelBatchMessages.nothingReady);
        const [batch] = await rowsOf<{ id: string }>(
          tx,
          sql`INSERT INTO label_batches (live_id, requested_by_user_id) VALUES (${liveId}, ${userId}) RETURNING id`,
        );
        if (!batch) throw new Error("the label batch was not inserted");
        await tx.execute(sql`
          INSERT INTO label_batch_orders (batch_id, order_id)
          SELECT ${batch.id}, unnest(${`{${parcels.join(",")}}`}::uuid[])`);
        await addBatchJob(tx, batch.id);
        return { batchId: batch.id, created: true };
      });
      return { created, batch: await batchView(batchId) };
    },

    /** The batch's failed parcels go back to pending and its job is added again. */
    async retry(liveId: string, batchId: string): Promise<LabelBatchView> {
      await db.transaction(async (tx) => {
        const [batch] = await rowsOf<{ id: string }>(
          tx,
          sql`SELECT id FROM label_batches WHERE id = ${batchId} AND live_id = ${liveId} FOR UPDATE`,
        );
        if (!batch) throw batchNotFound();
        const [other] = await rowsOf<{ id: string }>(
          tx,
          sql`SELECT id FROM label_batches WHERE live_id = ${liveId} AND state = 'running' AND id <> ${batchId}`,
        );
        if (other) throw new DomainError("CONFLICT", labelBatchMessages.anotherRunning);
        const retried = await tx.execute(sql`
          UPDATE label_batch_orders SET state = 'pending', error = NULL, updated_at = now()
           WHERE batch_id = ${batchId} AND state = 'failed' RETURNING order_id`);
        if (retried.rows.length === 0) throw new DomainError("CONFLICT", labelBatchMessages.nothingToRetry);
        await tx.execute(
          sql`UPDATE label_batches SET state = 'running', finished_at = NULL WHERE id = ${batchId}`,
        );
        await addBatchJob(tx, batchId);
      });
      return batchView(batchId);
    },

    /** Every label of the live's parcels as one PDF, in the pick list's parcel order. */
    async labelsPdf(liveId: string): Promise<Uint8Array> {
      await findLive(liveId);
      const parcels = await labelledParcels(liveId);
      const files: Uint8Array[] = [];
      for (const parcel of parcels) {
        const file = await storage.get(parcel.shipping_label_path);
        if (file) files.push(file);
      }
      if (files.length === 0) throw new DomainError("NOT_FOUND", labelBatchMessages.noLabels);
      const { mergeLabelPdfs } = await import("./pdf");
      return mergeLabelPdfs(files);
    },

    /** The live's pick list: its parcels' pieces by article, then by parcel. */
    async pickListPdf(liveId: string): Promise<{ pdf: Uint8Array; liveTitle: string }> {
      const live = await findLive(liveId);
      const rows = await rowsOf<{
        lead_id: string;
        rank: number;
        order_numbers: string[];
        first_name: string | null;
        last_name: string | null;
        user_first_name: string | null;
        user_last_name: string | null;
        customer: string;
        ref: number;
        name: string;
        colour: string | null;
        size: string | null;
        quantity: number;
      }>(
        db,
        sql`WITH parcels AS (
              SELECT o.id, o.shipping_address, o.user_id, row_number() OVER (ORDER BY ${PARCEL_ORDER})::int AS rank
                FROM orders o
               WHERE o.live_id = ${liveId} AND o.parcel_lead_id IS NULL AND o.status = ANY (${TO_SHIP})),
            pieces AS (
              SELECT p.id AS lead_id, p.rank, p.shipping_address, p.user_id, m.order_number, i.quantity,
                     pr.ref, pr.name, pr.size, i.color->>'name' AS colour
                FROM parcels p
                JOIN orders m ON (m.id = p.id OR m.parcel_lead_id = p.id) AND ${holdsItsPieces(sql`m.status`)}
                JOIN order_items i ON i.order_id = m.id AND NOT i.is_released
                JOIN products pr ON pr.id = i.product_id)
            SELECT x.lead_id, x.rank, x.ref, x.name, x.size, x.colour, sum(x.quantity)::int AS quantity,
                   (SELECT array_agg(DISTINCT y.order_number ORDER BY y.order_number) FROM pieces y
                     WHERE y.lead_id = x.lead_id) AS order_numbers,
                   x.shipping_address->>'first_name' AS first_name, x.shipping_address->>'last_name' AS last_name,
                   u.first_name AS user_first_name, u.last_name AS user_last_name,
                   coalesce(u.display_name, u.tiktok_username, u.email, '') AS customer
              FROM pieces x JOIN users u ON u.id = x.user_id
             GROUP BY x.lead_id, x.rank, x.ref, x.name, x.size, x.colour, x.shipping_address, u.id
             ORDER BY x.rank, x.ref`,
      );
      if (rows.length === 0) throw new DomainError("NOT_FOUND", labelBatchMessages.noPieces);
      const lines: PickListLine[] = rows.map((row) => ({
        parcelRank: row.rank,
        orderNumbers: row.order_numbers,
        customer:
          addresseeName(row) ||
          userFullName({ firstName: row.user_first_name, lastName: row.user_last_name }) ||
          row.customer,
        ref: row.ref,
        name: row.name,
        colour: row.colour,
        size: row.size,
        quantity: row.quantity,
      }));
      const { renderPickList } = await import("./pdf");
      return { pdf: await renderPickList(live.title, lines, new Date()), liveTitle: live.title };
    },
  };
}

export type LabelBatchService = Awaited<ReturnType<typeof createLabelBatchService>>;
