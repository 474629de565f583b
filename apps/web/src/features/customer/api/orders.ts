import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  customerOrderListResponseSchema,
  customerOrderResponseSchema,
  lastShippingAddressResponseSchema,
  PAYMENT_PAGE_ORDER_REFRESH_MS,
} from "@vitrine/domain";
import { apiFetch } from "../../../lib/api-client";

// The reads apart from the changes (order-changes.ts): the orders list, part of a customer's first
// load, carries no mutation code.

export const orderUrl = (id: string) => `/api/customer/orders/${encodeURIComponent(id)}`;

export const customerOrdersQueryOptions = queryOptions({
  queryKey: ["customer", "orders"],
  queryFn: ({ signal }) =>
    apiFetch("/api/customer/orders", { response: customerOrderListResponseSchema, signal }),
  // The spec hides the orders the shop cancelled, whatever the server sends, except those it
  // refunded: the customer reads 'Remboursée' with the amount.
  select: (data) => ({
    orders: data.orders.filter((order) => order.status !== "cancelled-by-admin" || order.refund !== null),
  }),
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
 * The order as the payment page keeps it: asked again at intervals (and when the page comes back
 * to the front), so that a total staff changed shows before the customer pays.
 */
export function useCustomerOrderWhilePaying(id: string) {
  return useQuery({ ...customerOrderQueryOptions(id), refetchInterval: PAYMENT_PAGE_ORDER_REFRESH_MS });
}

/** The address of the customer's latest order that has one: the next address form starts from it. */
export function useLastShippingAddress(enabled: boolean) {
  return useQuery({
    queryKey: [...customerOrdersQueryOptions.queryKey, "last-address"],
    queryFn: ({ signal }) =>
      apiFetch("/api/customer/orders/last-address", { response: lastShippingAddressResponseSchema, signal }),
    select: (data) => data.address,
    enabled,
    // Typing the address by hand stays possible when this read fails: the form does not wait twice.
    retry: false,
  });
}
