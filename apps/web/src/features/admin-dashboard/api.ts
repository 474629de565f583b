import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardResponseSchema, liveFiguresDetailSchema, liveFiguresOverviewSchema } from "@vitrine/domain";
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

export const liveFiguresOverviewQueryOptions = queryOptions({
  queryKey: ["admin", "dashboard", "lives"],
  queryFn: ({ signal }) =>
    apiFetch("/api/admin/dashboard/lives", { response: liveFiguresOverviewSchema, signal }),
  staleTime: 30_000,
});

export function useLiveFiguresOverview() {
  return useQuery(liveFiguresOverviewQueryOptions);
}

export function useLiveFigures(liveId: string | null) {
  return useQuery({
    queryKey: ["admin", "dashboard", "lives", liveId],
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/dashboard/lives/${liveId}`, { response: liveFiguresDetailSchema, signal }),
    enabled: liveId !== null,
    staleTime: 30_000,
  });
}
