import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  adminOrderResponseSchema,
  isReferenceSearch,
  productSuggestionsResponseSchema,
  type OrderStatus,
} from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";
import {
  adminOrderQueryOptions,
  orderUrl,
  ordersKey,
  useStoreChangedOrder,
} from "../admin-shared/api/orders";

export function useAdminOrder(id: string) {
  return useQuery(adminOrderQueryOptions(id));
}

/** Products of the order's live still for sale whose reference starts with `ref` (digits only). */
export function productSuggestionsQueryOptions(orderId: string, ref: string) {
  return queryOptions({
    queryKey: [...ordersKey, "detail", orderId, "product-suggestions", ref],
    queryFn: ({ signal }) =>
      apiFetch(`${orderUrl(orderId)}/product-suggestions?ref=${encodeURIComponent(ref)}`, {
        response: productSuggestionsResponseSchema,
        signal,
      }),
    enabled: isReferenceSearch(ref),
  });
}

export function useProductSuggestions(orderId: string, ref: string) {
  return useQuery(productSuggestionsQueryOptions(orderId, ref));
}

/** A refused change may come from a stale page (another admin changed the order): read it again. */
function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ordersKey });
}

export function useSetOrderStatus(orderId: string) {
  const storeChangedOrder = useStoreChangedOrder();
  const refreshOrders = useRefreshOrders();
  return useMutation({
    mutationFn: (status: OrderStatus) =>
      apiFetch(`${orderUrl(orderId)}/status`, {
        response: adminOrderResponseSchema,
        method: "PUT",
        body: { status },
      }),
    onSuccess: storeChangedOrder,
    onError: refreshOrders,
  });
}

export function useAddOrderItem(orderId: string) {
  const storeChangedOrder = useStoreChangedOrder();
  const refreshOrders = useRefreshOrders();
  return useMutation({
    mutationFn: (productId: string) =>
      apiFetch(`${orderUrl(orderId)}/items`, {
        response: adminOrderResponseSchema,
        method: "POST",
        body: { productId },
      }),
    onSuccess: storeChangedOrder,
    onError: refreshOrders,
  });
}

export function useDeleteOrderItem(orderId: string) {
  const storeChangedOrder = useStoreChangedOrder();
  const refreshOrders = useRefreshOrders();
  return useMutation({
    mutationFn: (itemId: string) =>
      apiFetch(`${orderUrl(orderId)}/items/${encodeURIComponent(itemId)}`, {
        response: adminOrderResponseSchema,
        method: "DELETE",
      }),
    onSuccess: storeChangedOrder,
    onError: refreshOrders,
  });
}
