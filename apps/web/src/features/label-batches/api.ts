import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { labelBatchesUrl, labelBatchStatusSchema, labelBatchViewSchema } from "@vitrine/domain";
import { useEffect, useRef } from "react";
import * as z from "zod/mini";
import { apiFetch } from "../../lib/api-client";
import { ordersKey } from "../admin-shared/api/orders";

const batchResponseSchema = z.object({ batch: labelBatchViewSchema });

/** While a batch runs the panel asks again every second; the work goes on without it. */
const RUNNING_POLL_MS = 1_000;

const statusKey = (liveId: string) => ["admin", "lives", liveId, "label-batches"] as const;

export function labelBatchStatusQueryOptions(liveId: string) {
  return queryOptions({
    queryKey: statusKey(liveId),
    queryFn: ({ signal }) =>
      apiFetch(`${labelBatchesUrl(liveId)}/latest`, { response: labelBatchStatusSchema, signal }),
    refetchInterval: (query) => (query.state.data?.batch?.state === "running" ? RUNNING_POLL_MS : false),
  });
}

/** The live's latest batch; the orders' labels are read again when a batch seen running finishes. */
export function useLabelBatchStatus(liveId: string) {
  const queryClient = useQueryClient();
  const status = useQuery(labelBatchStatusQueryOptions(liveId));
  const state = status.data?.batch?.state;
  const seenRunning = useRef(false);
  useEffect(() => {
    if (state === "running") seenRunning.current = true;
    else if (state === "finished" && seenRunning.current) {
      seenRunning.current = false;
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    }
  }, [state, queryClient]);
  return status;
}

function useRefreshAfterBatch(liveId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: statusKey(liveId) }),
      queryClient.invalidateQueries({ queryKey: ordersKey }),
    ]);
  };
}

export function useStartLabelBatch(liveId: string) {
  const refresh = useRefreshAfterBatch(liveId);
  return useMutation({
    mutationFn: () => apiFetch(labelBatchesUrl(liveId), { method: "POST", response: batchResponseSchema }),
    onSuccess: refresh,
  });
}

export function useRetryLabelBatch(liveId: string) {
  const refresh = useRefreshAfterBatch(liveId);
  return useMutation({
    mutationFn: (batchId: string) =>
      apiFetch(`${labelBatchesUrl(liveId)}/${encodeURIComponent(batchId)}/retry`, {
        method: "POST",
        response: batchResponseSchema,
      }),
    onSuccess: refresh,
  });
}
