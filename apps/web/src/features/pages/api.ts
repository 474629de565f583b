import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api-client";

export interface ContentPage {
  code: string;
  title: string;
  /** HTML, sanitized by the server on write. */
  content: string;
}

export const contentPageQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ["pages", code],
    queryFn: ({ signal }) =>
      apiFetch<{ page: ContentPage }>(`/api/pages/${encodeURIComponent(code)}`, { signal }),
    select: (data) => data.page,
    staleTime: 5 * 60_000,
  });

export function useContentPage(code: string) {
  return useQuery(contentPageQueryOptions(code));
}
