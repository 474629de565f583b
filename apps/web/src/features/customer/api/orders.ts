import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  customerOrderListResponseSchema,
  customerOrderResponseSchema,
  type CustomerOrder,
  type ShippingAddressRequest,
} from "@vitrine/domain";
import { apiFetch } from "../../../lib/api-client";

const orderUrl = (id: string) => `/api/customer/orders/${encodeURIComponent(id)}`;

export const customerOrdersQueryOptions = queryOptions({
  queryKey: ["customer", "orders"],
  queryFn: ({ signal }) =>
    apiFetch("/api/customer/orders", { response: customerOrderListResponseSchema, signal }),
  // The spec hides the orders the shop cancelled, whatever the server sends.
  select: (data) => data.orders.filter((order) => order.status !== "cancelled-by-admin"),
});

export function useCustomerOrders() {
  return useQuery(customerOrdersQueryOptions);
}

export function customerOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...customerOrdersQueryOptions.queryKey, id],
    queryFn: ({ signal }) => apiFetch(orderUrl(id), { response: customerOrderResponseSchema, signal }),
    select: (data) => data.order,
  });
}

export function useCustomerOrder(id: string) {
  return useQuery(customerOrderQueryOptions(id));
}

/**
 * Every change to an order answers with the order as it now is: the detail takes it as is, the list
 * (status, actions) is asked again.
 */
export function useStoreChangedOrder() {
  const queryClient = useQueryClient();
  return async (order: CustomerOrder) => {
    queryClient.setQueryData(customerOrderQueryOptions(order.id).queryKey, { order });
    await queryClient.invalidateQueries({ queryKey: customerOrdersQueryOptions.queryKey, exact: true });
  };
}

/** Saves the delivery address; the server moves the order to to-pay. */
export function useSaveShippingAddress(orderId: string) {
  const storeChangedOrder = useStoreChangedOrder();
  return useMutation({
    mutationFn: (address: ShippingAddressRequest) =>
      apiFetch(`${orderUrl(orderId)}/address`, {
        response: customerOrderResponseSchema,
        method: "PUT",
        body: address,
      }),
    onSuccess: ({ order }) => storeChangedOrder(order),
  });
}

/** 'Modifier': the order goes back to to-validate, its address form open again. */
export function useReopenOrder(orderId: string) {
  const storeChangedOrder = useStoreChangedOrder();
  return useMutation({
    mutationFn: () =>
      apiFetch(`${orderUrl(orderId)}/reopen`, { response: customerOrderResponseSchema, method: "POST" }),
    onSuccess: ({ order }) => storeChangedOrder(order),
  });
}
