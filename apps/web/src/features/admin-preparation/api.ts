import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { preparationListResponseSchema, preparationValidatedResponseSchema } from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";

const ordersKey = ["admin", "orders"] as const;
const preparationUrl = "/api/admin/preparation";

/** The paid orders waiting to be prepared, first paid first. */
export const preparationOrdersQueryOptions = queryOptions({
  queryKey: [...ordersKey, "preparation"],
  queryFn: ({ signal }) => apiFetch(preparationUrl, { response: preparationListResponseSchema, signal }),
  select: (data) => data.orders,
});

export function usePreparationOrders() {
  return useQuery(preparationOrdersQueryOptions);
}

/** Moves a prepared order to to-ship: it leaves this list, and every order list is read again. */
export function useValidatePreparation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiFetch(`${preparationUrl}/${encodeURIComponent(orderId)}/validate`, {
        response: preparationValidatedResponseSchema,
        method: "POST",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}
