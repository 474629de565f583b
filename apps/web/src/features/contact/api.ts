import { queryOptions, useQuery } from "@tanstack/react-query";
import { shopResponseSchema } from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";

export const shopQueryOptions = queryOptions({
  queryKey: ["shop"],
  queryFn: ({ signal }) => apiFetch("/api/shop", { response: shopResponseSchema, signal }),
  select: (data) => data.shop,
  staleTime: 5 * 60_000,
});

export function useShop() {
  return useQuery(shopQueryOptions);
}
