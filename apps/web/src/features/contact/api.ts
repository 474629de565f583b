import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api-client";

export interface Shop {
  name: string;
  contactEmail: string;
  /** Several lines separated by line breaks. */
  postalAddress: string;
}

export const shopQueryOptions = queryOptions({
  queryKey: ["shop"],
  queryFn: ({ signal }) => apiFetch<{ shop: Shop }>("/api/shop", { signal }),
  select: (data) => data.shop,
  staleTime: 5 * 60_000,
});

export function useShop() {
  return useQuery(shopQueryOptions);
}
