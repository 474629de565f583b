import { queryOptions, useQuery } from "@tanstack/react-query";
import { liveListResponseSchema } from "@vitrine/domain";
import { apiFetch } from "../../../lib/api-client";

export const livesKey = ["admin", "lives"] as const;

/** Every live, newest date first. */
export const livesQueryOptions = queryOptions({
  queryKey: livesKey,
  queryFn: ({ signal }) => apiFetch("/api/admin/lives", { response: liveListResponseSchema, signal }),
  select: (data) => data.lives,
});

export function useLives() {
  return useQuery(livesQueryOptions);
}
