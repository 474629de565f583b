import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api-client";

export interface Faq {
  id: string;
  title: string;
  /** HTML, sanitized by the server on write. */
  content: string;
  rank: number;
}

export const faqsQueryOptions = queryOptions({
  queryKey: ["faqs"],
  queryFn: ({ signal }) => apiFetch<{ faqs: Faq[] }>("/api/faqs", { signal }),
  select: (data) => [...data.faqs].sort((a, b) => a.rank - b.rank),
  staleTime: 5 * 60_000,
});

export function useFaqs() {
  return useQuery(faqsQueryOptions);
}
