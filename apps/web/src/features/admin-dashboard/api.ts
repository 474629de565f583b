import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardResponseSchema } from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";

export const dashboardQueryOptions = queryOptions({
  queryKey: ["admin", "dashboard"],
  queryFn: ({ signal }) => apiFetch("/api/admin/dashboard", { response: dashboardResponseSchema, signal }),
  select: (data) => data.dashboard,
  staleTime: 30_000,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
