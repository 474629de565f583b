import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  orderPreparationMessages,
  preparationListResponseSchema,
  preparationValidatedResponseSchema,
} from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";
import { toast } from "../../lib/toast";

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
    // Told here, not by the card: the card leaves the list as soon as it is read again, and a
    // callback given to `mutate` by a component gone by then is never called.
    onSuccess: ({ order }) => {
      toast.success(orderPreparationMessages.validated(order.orderNumber));
      return queryClient.invalidateQueries({ queryKey: ordersKey });
    },
  });
}
