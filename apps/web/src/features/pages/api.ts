import { queryOptions, useQuery } from "@tanstack/react-query";
import { contentPageResponseSchema } from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";

export const contentPageQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ["pages", code],
    queryFn: ({ signal }) =>
      apiFetch(`/api/pages/${encodeURIComponent(code)}`, { response: contentPageResponseSchema, signal }),
    select: (data) => data.page,
    staleTime: 5 * 60_000,
  });

export function useContentPage(code: string) {
  return useQuery(contentPageQueryOptions(code));
}
