import { hashKey, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  adminOrderResponseSchema,
  type AdminOrderResponse,
  type ShippingAddressRequest,
} from "@vitrine/domain";
import { apiFetch } from "../../../lib/api-client";

/** Every back office read of orders starts with this key: the list's and the order page's caches move together. */
export const ordersKey = ["admin", "orders"] as const;

export const orderUrl = (id: string) => `/api/admin/orders/${encodeURIComponent(id)}`;

export function adminOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ordersKey, "detail", id],
    queryFn: ({ signal }) => apiFetch(orderUrl(id), { response: adminOrderResponseSchema, signal }),
    select: (data) => data.order,
  });
}

/**
 * Every change answers with the order as it now is: the order page takes it as is, and every other
 * read of orders (the list, suggestions, the preparation cards) is asked again.
 */
export function useStoreChangedOrder() {
  const queryClient = useQueryClient();
  return async ({ order }: AdminOrderResponse) => {
    const detailKey = adminOrderQueryOptions(order.id).queryKey;
    queryClient.setQueryData(detailKey, { order });
    const detailHash = hashKey(detailKey);
    await queryClient.invalidateQueries({
      queryKey: ordersKey,
      predicate: (query) => query.queryHash !== detailHash,
    });
  };
}

/** Changes the address an order ships to: on the order page and on the preparation card. */
export function useUpdateOrderAddress(orderId: string) {
  const storeChangedOrder = useStoreChangedOrder();
  return useMutation({
    mutationFn: (address: ShippingAddressRequest) =>
      apiFetch(`${orderUrl(orderId)}/address`, {
        response: adminOrderResponseSchema,
        method: "PUT",
        body: address,
      }),
    onSuccess: storeChangedOrder,
  });
}
