import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  adminOrderResponseSchema,
  orderRefundsResponseSchema,
  type OrderRefundView,
  type OrderStatus,
} from "@vitrine/domain";
import { useEffect, useRef } from "react";
import { apiFetch } from "../../lib/api-client";
import { orderUrl, ordersKey, useStoreChangedOrder } from "../admin-shared/api/orders";

const refundsKey = (orderId: string) => ["admin", "order-refunds", orderId] as const;

/**
 * Read again whenever the order's status changes (its key holds the status), and after a refusal,
 * but apart from the orders' key: a change of the order does not wait for its refunds to be read.
 */
export function orderRefundsQueryOptions(orderId: string, status: OrderStatus) {
  return queryOptions({
    queryKey: [...refundsKey(orderId), status],
    queryFn: ({ signal }) =>
      apiFetch(`${orderUrl(orderId)}/refunds`, { response: orderRefundsResponseSchema, signal }),
    // The refunds as they were while the new status's are read: no blank card in between.
    placeholderData: keepPreviousData,
    // A refund on its way or to check is settled on the server (its answer, or the check job):
    // read again until it is.
    refetchInterval: (query) => (query.state.data?.refunds.some(isRefundInFlight) ? REFUND_POLL_MS : false),
  });
}

const REFUND_POLL_MS = 3_000;

export const isRefundInFlight = (refund: OrderRefundView) =>
  refund.state === "requested" || refund.state === "to-check";

/**
 * Once no refund of the order is in flight any more, the order itself is read again: a refund
 * settled by the check job may have cancelled it meanwhile.
 */
export function useOrderFollowsItsRefunds(refunds: readonly OrderRefundView[] | undefined) {
  const queryClient = useQueryClient();
  const inFlight = refunds?.some(isRefundInFlight) ?? false;
  const wasInFlight = useRef(inFlight);
  useEffect(() => {
    if (wasInFlight.current && !inFlight) void queryClient.invalidateQueries({ queryKey: ordersKey });
    wasInFlight.current = inFlight;
  }, [inFlight, queryClient]);
}

export function useOrderRefunds(orderId: string, status: OrderStatus) {
  return useQuery(orderRefundsQueryOptions(orderId, status));
}

/** After a refused cancellation (recorded, the status unchanged): the refused row is read. */
export function useRefreshRefunds(orderId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: refundsKey(orderId) });
}

/** "Annuler et rembourser": a refusal is recorded too, so the refunds are read again either way. */
export function useCancelAndRefund(orderId: string) {
  const storeChangedOrder = useStoreChangedOrder();
  const refreshRefunds = useRefreshRefunds(orderId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`${orderUrl(orderId)}/cancel-and-refund`, {
        response: adminOrderResponseSchema,
        method: "POST",
      }),
    onSuccess: storeChangedOrder,
    onError: () => {
      void refreshRefunds();
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    },
  });
}
