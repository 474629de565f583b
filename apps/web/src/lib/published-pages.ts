import { queryOptions, useQuery } from "@tanstack/react-query";
import { publishedPagesResponseSchema, WINTER_PAGE_CODE } from "@vitrine/domain";
import { apiFetch } from "./api-client";

/** The active back-office pages published at /p/{code}: the footer and the landing read them. */
const publishedPagesQueryOptions = queryOptions({
  queryKey: ["pages", "published"],
  queryFn: ({ signal }) => apiFetch("/api/pages", { response: publishedPagesResponseSchema, signal }),
  select: (data) => data.pages,
  staleTime: 5 * 60_000,
});

/** The active pages marked for the footer; none while they load or when the list cannot be read. */
export function useFooterPages() {
  const published = useQuery(publishedPagesQueryOptions);
  return (published.data ?? []).filter((page) => page.inFooter);
}

/** The winter page when it is active, for the landing's banner. */
export function useWinterPage() {
  const published = useQuery(publishedPagesQueryOptions);
  return published.data?.find((page) => page.code === WINTER_PAGE_CODE);
}
