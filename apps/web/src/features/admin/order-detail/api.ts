import { hashKey, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  adminOrderResponseSchema,
  isReferenceSearch,
  productSuggestionsResponseSchema,
  type AdminOrderResponse,
  type OrderStatus,
  type ShippingAddressRequest,
} from "@vitrine/domain";
import { apiFetch } from "../../../lib/api-client";

/** Every back office read of orders starts with this key: the list's and this page's caches move together. */
const ordersKey = ["admin", "orders"] as const;

const orderUrl = (id: string) => `/api/admin/orders/${encodeURIComponent(id)}`;

export function adminOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ordersKey, "detail", id],
    queryFn: ({ signal }) => apiFetch(orderUrl(id), { response: adminOrderResponseSchema, signal }),
    select: (data) => data.order,
  });
}

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

/**
 * Every change answers with the order as it now is: this page takes it as is, and every other
 * read of orders (the list, suggestions, the preparation cards) is asked again.
 */
function useStoreChangedOrder() {
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
