import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  adminOrderListResponseSchema,
  newOrderResponseSchema,
  bulkOrderStatusResponseSchema,
  userChoicesResponseSchema,
  type AdminOrderFilters,
  type BulkOrderStatusInput,
  type BulkOrderStatusResult,
  type NewOrderInput,
} from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";

const ordersKey = ["admin", "orders"] as const;
const ORDERS_URL = "/api/admin/orders";

function withQuery(url: string, query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== "") search.set(name, String(value));
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

/** One page of the orders matching the filters, with their total; the previous page stays shown while the next loads. */
export function ordersQueryOptions(query: AdminOrderFilters) {
  return queryOptions({
    queryKey: [...ordersKey, "list", query],
    queryFn: ({ signal }) =>
      apiFetch(withQuery(ORDERS_URL, query), { response: adminOrderListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOrders(query: AdminOrderFilters) {
  return useQuery(ordersQueryOptions(query));
}

/** Customers whose e-mail, handle or name contains the text (at most 10); none without text. */
export function userChoicesQueryOptions(text: string) {
  return queryOptions({
    queryKey: [...ordersKey, "user-choices", { text }],
    queryFn: ({ signal }) =>
      apiFetch(withQuery(`${ORDERS_URL}/user-choices`, { q: text }), {
        response: userChoicesResponseSchema,
        signal,
      }),
    select: (data) => data.users,
    enabled: text.trim() !== "",
  });
}

export function useUserChoices(text: string) {
  return useQuery(userChoicesQueryOptions(text));
}

/** The user a filter names by id (a shared or reloaded page): their name for the filter's label. */
export function chosenUserQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...ordersKey, "user-choices", { userId }],
    queryFn: ({ signal }) =>
      apiFetch(withQuery(`${ORDERS_URL}/user-choices`, { userId }), {
        response: userChoicesResponseSchema,
        signal,
      }),
    select: (data) => data.users[0] ?? null,
    enabled: userId !== "",
  });
}

export function useChosenUser(userId: string) {
  return useQuery(chosenUserQueryOptions(userId));
}

function useInvalidateOrders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ordersKey });
}

export function useCreateOrder() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (input: NewOrderInput) =>
      apiFetch(ORDERS_URL, { response: newOrderResponseSchema, method: "POST", body: input }),
    onSuccess: invalidate,
  });
}

/** One request of a bulk status change (at most 1000 orders; the screen sends chunks of 50). */
export function sendBulkOrderStatus(input: BulkOrderStatusInput): Promise<BulkOrderStatusResult> {
  return apiFetch(`${ORDERS_URL}/bulk-status`, {
    response: bulkOrderStatusResponseSchema,
    method: "POST",
    body: input,
  });
}

/** Every list shows the new statuses once a bulk change ends (or stops). */
export function useOrdersChanged() {
  return useInvalidateOrders();
}
