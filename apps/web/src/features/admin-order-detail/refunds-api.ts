import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminOrderResponseSchema, orderRefundsResponseSchema, type OrderStatus } from "@vitrine/domain";
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
  });
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
