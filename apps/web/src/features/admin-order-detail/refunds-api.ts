import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminOrderResponseSchema, orderRefundsResponseSchema } from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";
import { orderUrl, ordersKey, useStoreChangedOrder } from "../admin-shared/api/orders";

/** Under the orders' key: every change of an order reads its refunds again. */
export function orderRefundsQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...ordersKey, "detail", orderId, "refunds"],
    queryFn: ({ signal }) =>
      apiFetch(`${orderUrl(orderId)}/refunds`, { response: orderRefundsResponseSchema, signal }),
  });
}

export function useOrderRefunds(orderId: string) {
  return useQuery(orderRefundsQueryOptions(orderId));
}

/** "Annuler et rembourser": a refusal is recorded too, so the refunds are read again either way. */
export function useCancelAndRefund(orderId: string) {
  const storeChangedOrder = useStoreChangedOrder();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`${orderUrl(orderId)}/cancel-and-refund`, {
        response: adminOrderResponseSchema,
        method: "POST",
      }),
    onSuccess: storeChangedOrder,
    onError: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}
