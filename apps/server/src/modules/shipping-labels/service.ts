import {
  customerOrderMessages,
  parcelMessages,
  shippingAddressSchema,
  shippingLabelMessages,
  type ShippingLabelState,
} from "@vitrine/domain";
import { eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { orderItems, orders } from "../../db/schema";
import { DomainError } from "../../http/errors";
import type { GeneratedLabel, LabelProvider } from "../../integrations/labels/label-provider";
import { parcelWeightGrams } from "../../integrations/labels/parcel";
import type { Storage } from "../../integrations/storage/storage";
import { claimOrderLabel, clearOrderLabel, recordOrderLabel, releaseOrderLabelClaim } from "../orders";

/** The lead of the parcel an order travels in (combined parcels): it carries the one label. */
const parcelLead = alias(orders, "parcel_lead");

/** A parcel's orders: the lead and its members (a cancelled order has left its parcel). */
const parcelOrdersOf = (leadId: string) => or(eq(orders.id, leadId), eq(orders.parcelLeadId, leadId));

const notFound = () => new DomainError("NOT_FOUND", customerOrderMessages.notFound);
const noLabel = () => new DomainError("NOT_FOUND", shippingLabelMessages.noLabel);

/**
 * How long a claim on an order's label lasts at most: well past the label service's own time limit
 * (20 s for Colissimo) and the file's storage. Older, its server stopped mid-call.
 */
export const LABEL_CLAIM_SECONDS = 120;

/** Where an order's label is stored: one folder per order, the file named by its parcel number. */
export function labelStorageKey(orderId: string, trackingNumber: string): string {
  return `labels/${orderId}/${trackingNumber.replace(/[^A-Za-z0-9_-]/g, "_")}.pdf`;
}

export interface ShippingLabelServiceDeps {
  db: Database;
  provider: LabelProvider;
  storage: Storage;
  now?: () => Date;
}

export interface LabelFile {
  pdf: Uint8Array;
  fileName: string;
}

/**
 * An order's shipping label (spec section 4: absent, generated, deleted). The file lives in
 * Storage; the order keeps its key (`shipping_label_path`) and the parcel number (`tracking_id`).
 */
export function createShippingLabelService({
  db,
  provider,
  storage,
  now = () => new Date(),
}: ShippingLabelServiceDeps) {
  async function findOrder(orderId: string) {
    const [order] = await db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        shippingAddress: orders.shippingAddress,
        labelPath: orders.shippingLabelPath,
        trackingId: orders.trackingId,
        leadNumber: parcelLead.orderNumber,
      })
      .from(orders)
      .leftJoin(parcelLead, eq(parcelLead.id, orders.parcelLeadId))
      .where(eq(orders.id, orderId));
    if (!order) throw notFound();
    return order;
  }

  /** Stores the label and records it on the order; a failed record takes the file away again. */
  async function recordLabel(orderId: string, label: GeneratedLabel): Promise<void> {
    const key = labelStorageKey(orderId, label.trackingNumber);
    await storage.put(key, label.pdf);
    try {
      // Both columns in one statement, only if no other label was recorded meanwhile; the
      // parcel's other orders get its number in the same transaction (the customer follows them).
      await db.transaction(async (tx) => {
        const recorded = await recordOrderLabel(
          tx,
          orderId,
          { path: key, trackingNumber: label.trackingNumber },
          now(),
        );
        if (!recorded) throw new DomainError("CONFLICT", shippingLabelMessages.alreadyGenerated);
      });
    } catch (error) {
      await storage.delete(key);
      throw error;
    }
  }

  /**
   * Claims the order's label for this request, in one statement: only when it has none and no
   * other request holds a live claim. The reason of a refusal is read afterwards.
   */
  async function claimLabel(orderId: string): Promise<void> {
    if (await claimOrderLabel(db, orderId, LABEL_CLAIM_SECONDS)) return;
    const order = await findOrder(orderId);
    if (order.labelPath) throw new DomainError("CONFLICT", shippingLabelMessages.alreadyGenerated);
    throw new DomainError("CONFLICT", shippingLabelMessages.generationInProgress);
  }

  async function releaseClaim(orderId: string): Promise<void> {
    await releaseOrderLabelClaim(db, orderId);
  }

  return {
    /**
     * Makes the label through the provider, stores it and sets the label path and tracking number.
     * Each carrier call spends a parcel number: while one is under way for this order (another
     * click, another tab, another instance), a second request is refused at once instead of
     * calling again. The claim is a column, not a lock: no connection is held during the call.
     */
    async generateLabel(orderId: string, log: FastifyBaseLogger): Promise<ShippingLabelState> {
      const order = await findOrder(orderId);
      if (order.leadNumber) throw new DomainError("CONFLICT", parcelMessages.memberLabel(order.leadNumber));
      if (order.labelPath) throw new DomainError("CONFLICT", shippingLabelMessages.alreadyGenerated);
      if (!order.shippingAddress)
        throw new DomainError("VALIDATION_FAILED", shippingLabelMessages.addressMissing);
      const address = shippingAddressSchema.safeParse(order.shippingAddress);
      if (!address.success) {
        throw new DomainError("VALIDATION_FAILED", shippingLabelMessages.addressIncomplete);
      }
      await claimLabel(orderId);
      try {
        // Every order of its parcel goes in the box: an order alone is a parcel of one.
        const [pieces] = await db
          .select({ count: sql<number>`count(*)::int` })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(parcelOrdersOf(orderId));
        const pieceCount = pieces?.count ?? 0;
        let label: GeneratedLabel;
        try {
          label = await provider.generate({
            orderNumber: order.orderNumber,
            addressee: address.data,
            weightGrams: parcelWeightGrams(pieceCount),
            depositDate: now(),
          });
        } catch (error) {
          log.error({ err: error, orderId, provider: provider.name }, "the label provider made no label");
          // One message for staff here; the carrier's refusal travels as the cause (a live's batch
          // tells staff why each parcel failed).
          throw new DomainError("LABEL_PROVIDER_FAILED", shippingLabelMessages.generateFailed, undefined, {
            cause: error,
          });
        }
        await recordLabel(orderId, label);
        return { hasLabel: true, trackingId: label.trackingNumber };
      } catch (error) {
        await releaseClaim(orderId).catch((releaseError: unknown) => {
          log.warn(
            { err: releaseError, orderId },
            "a label claim could not be released; it lapses by itself",
          );
        });
        throw error;
      }
    },

    /** The label's PDF; 'Aucune étiquette disponible' when the order has none (or its file is gone). */
    async readLabel(orderId: string): Promise<LabelFile> {
      const order = await findOrder(orderId);
      if (!order.labelPath) throw noLabel();
      const pdf = await storage.get(order.labelPath);
      if (!pdf) throw noLabel();
      return { pdf, fileName: `etiquette-${order.orderNumber}.pdf` };
    },

    /** Clears the label path and tracking number, then removes the file. */
    async deleteLabel(orderId: string, log: FastifyBaseLogger): Promise<ShippingLabelState> {
      const order = await findOrder(orderId);
      const labelPath = order.labelPath;
      if (!labelPath) throw noLabel();
      const cleared = await db.transaction((tx) =>
        clearOrderLabel(tx, orderId, { path: labelPath, trackingId: order.trackingId }, now()),
      );
      if (!cleared) throw noLabel();
      // The order no longer points at the file: a file left behind is harmless, only logged.
      await storage.delete(labelPath).catch((error: unknown) => {
        log.warn({ err: error, orderId }, "a deleted label's file could not be removed");
      });
      return { hasLabel: false, trackingId: null };
    },
  };
}

export type ShippingLabelService = ReturnType<typeof createShippingLabelService>;
