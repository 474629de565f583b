import { queryOptions } from "@tanstack/react-query";
import { liveFiguresDetailSchema } from "@vitrine/domain";
import { apiFetch } from "../../../lib/api-client";

/** One live's figures (the dashboard's live and the live's page 'Par plateforme' read the same). */
export function liveFiguresQueryOptions(liveId: string) {
  return queryOptions({
    queryKey: ["admin", "dashboard", "lives", liveId],
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/dashboard/lives/${encodeURIComponent(liveId)}`, {
        response: liveFiguresDetailSchema,
        signal,
      }),
    staleTime: 30_000,
  });
}
