import { queryOptions, useQuery } from "@tanstack/react-query";
import { faqListResponseSchema } from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";

export const faqsQueryOptions = queryOptions({
  queryKey: ["faqs"],
  queryFn: ({ signal }) => apiFetch("/api/faqs", { response: faqListResponseSchema, signal }),
  select: (data) => [...data.faqs].sort((a, b) => a.rank - b.rank),
  staleTime: 5 * 60_000,
});

export function useFaqs() {
  return useQuery(faqsQueryOptions);
}
