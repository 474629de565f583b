import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  orderParcelResponseSchema,
  parcelMessages,
  parcelResponseSchema,
  parcelSplitResponseSchema,
  parcelSuggestionsResponseSchema,
} from "@vitrine/domain";
import { apiFetch, isApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";

/** Under the orders' key: a combine or a split refreshes every order list, card and page with it. */
const ordersKey = ["admin", "orders"] as const;
const parcelsUrl = "/api/admin/parcels";

/** The customers whose orders could travel in one parcel (the preparation board's offer). */
export const parcelSuggestionsQueryOptions = queryOptions({
  queryKey: [...ordersKey, "parcels", "suggestions"],
  queryFn: ({ signal }) =>
    apiFetch(`${parcelsUrl}/suggestions`, { response: parcelSuggestionsResponseSchema, signal }),
  select: (data) => data.suggestions,
});

export function useParcelSuggestions() {
  return useQuery(parcelSuggestionsQueryOptions);
}

/** The parcel an order travels in, and the paid orders whose parcel it may join. */
export function useOrderParcel(orderId: string) {
  return useQuery({
    queryKey: [...ordersKey, "parcels", "of", orderId],
    queryFn: ({ signal }) =>
      apiFetch(`${parcelsUrl}/of/${encodeURIComponent(orderId)}`, {
        response: orderParcelResponseSchema,
        signal,
      }),
  });
}

/**
 * Reads every order view again without waiting for it: the caller's own callbacks (its toast)
 * must run while its row is still on screen, before the fresh list takes the row away.
 */
function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ordersKey });
  };
}

export function useCombineParcel(onDone: () => void) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (orderIds: string[]) =>
      apiFetch(parcelsUrl, { response: parcelResponseSchema, method: "POST", body: { orderIds } }),
    onSuccess: ({ parcel }) => {
      onDone();
      toast.success(parcelMessages.combined(parcel.leadOrderNumber));
    },
    onError: (error) => {
      onDone();
      toast.error(isApiError(error) ? error.message : parcelMessages.combineFailed);
    },
    // A refusal may come from a stale board (another admin combined meanwhile): read it again too.
    onSettled: refresh,
  });
}

/** 'Séparer': the order leaves its parcel, or, given the lead, the whole parcel is undone. */
export function useSplitParcel() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiFetch(`${parcelsUrl}/split/${encodeURIComponent(orderId)}`, {
        response: parcelSplitResponseSchema,
        method: "POST",
      }),
    onSettled: refresh,
  });
}
