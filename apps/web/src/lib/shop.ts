import { queryOptions, useQuery } from "@tanstack/react-query";
import { shopResponseSchema } from "@vitrine/domain";
import { apiFetch } from "./api-client";

/** The shop's public identity: the contact page and the customer area both show its e-mail. */
export const shopQueryOptions = queryOptions({
  queryKey: ["shop"],
  queryFn: ({ signal }) => apiFetch("/api/shop", { response: shopResponseSchema, signal }),
  select: (data) => data.shop,
  staleTime: 5 * 60_000,
});

export function useShop() {
  return useQuery(shopQueryOptions);
}
