import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardResponseSchema, liveFiguresOverviewSchema } from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";
import { liveFiguresQueryOptions } from "../admin-shared/api/live-figures";

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
  return useQuery({ ...liveFiguresQueryOptions(liveId ?? ""), enabled: liveId !== null });
}
