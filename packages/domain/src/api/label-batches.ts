import * as z from "zod/mini";
import { LABEL_BATCH_STATES } from "../after-live";

/** An order the carrier refused, with its reason in French. */
export const labelBatchFailureSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  reason: z.string(),
  attempts: z.number(),
});
export type LabelBatchFailure = z.infer<typeof labelBatchFailureSchema>;

export const labelBatchViewSchema = z.object({
  id: z.string(),
  state: z.enum(LABEL_BATCH_STATES),
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  pending: z.number(),
  failures: z.array(labelBatchFailureSchema),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
});
export type LabelBatchView = z.infer<typeof labelBatchViewSchema>;

/**
 * GET /api/admin/lives/:id/label-batches/latest: the last batch (null before the first), how many
 * parcels are ready now, and whether the live has labels to download.
 */
export const labelBatchStatusSchema = z.object({
  batch: z.nullable(labelBatchViewSchema),
  readyParcels: z.number(),
  labelledParcels: z.number(),
});
export type LabelBatchStatus = z.infer<typeof labelBatchStatusSchema>;

export const labelBatchParamsSchema = z.object({ id: z.uuid(), batchId: z.uuid() });

export function labelBatchesUrl(liveId: string): string {
  return `/api/admin/lives/${encodeURIComponent(liveId)}/label-batches`;
}
export function liveLabelsPdfUrl(liveId: string): string {
  return `/api/admin/lives/${encodeURIComponent(liveId)}/labels.pdf`;
}
export function livePickListPdfUrl(liveId: string): string {
  return `/api/admin/lives/${encodeURIComponent(liveId)}/pick-list.pdf`;
}
