import {
  BULK_STATUS_CHUNK_SIZE,
  chunked,
  type BulkOrderStatusInput,
  type BulkOrderStatusResult,
  type OrderStatus,
} from "@vitrine/domain";

export interface BulkStatusProgress {
  done: number;
  total: number;
}

export interface BulkStatusRun {
  orderIds: readonly string[];
  status: OrderStatus;
  /** Sends one chunk (the API's bulk-status route). */
  send: (input: BulkOrderStatusInput) => Promise<BulkOrderStatusResult>;
  onProgress: (progress: BulkStatusProgress) => void;
  /** Why every order of a chunk whose request failed as a whole (network, server) is reported. */
  chunkFailure: (error: unknown) => string;
  chunkSize?: number;
}

/**
 * A bulk status change of hundreds of orders, one request per chunk, one after the other, so that
 * progress can be shown between them. A chunk whose request fails counts its orders as failed and
 * the run goes on with the next: each order succeeds or fails on its own, as on the server.
 */
export async function runBulkStatus({
  orderIds,
  status,
  send,
  onProgress,
  chunkFailure,
  chunkSize = BULK_STATUS_CHUNK_SIZE,
}: BulkStatusRun): Promise<BulkOrderStatusResult> {
  const result: BulkOrderStatusResult = { updated: [], failed: [] };
  const total = orderIds.length;
  let done = 0;
  onProgress({ done, total });
  for (const chunk of chunked(orderIds, chunkSize)) {
    try {
      const answer = await send({ orderIds: chunk, status });
      result.updated.push(...answer.updated);
      result.failed.push(...answer.failed);
    } catch (error) {
      const message = chunkFailure(error);
      result.failed.push(...chunk.map((id) => ({ id, orderNumber: null, message })));
    }
    done += chunk.length;
    onProgress({ done, total });
  }
  return result;
}
