import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  liveResponseSchema,
  liveViewerListResponseSchema,
  tiktokEventListResponseSchema,
  type Live,
  type LiveCreateInput,
  type LiveUpdateInput,
} from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";
import { livesKey, livesQueryOptions } from "../admin-shared/api/lives";

const liveUrl = (id: string) => `/api/admin/lives/${encodeURIComponent(id)}`;

export function liveQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...livesKey, id],
    queryFn: ({ signal }) => apiFetch(liveUrl(id), { response: liveResponseSchema, signal }),
    select: (data) => data.live,
  });
}

export function useLive(id: string) {
  return useQuery(liveQueryOptions(id));
}

export function liveViewersQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...livesKey, id, "viewers"],
    queryFn: ({ signal }) =>
      apiFetch(`${liveUrl(id)}/viewers`, { response: liveViewerListResponseSchema, signal }),
    select: (data) => data.viewers,
  });
}

export function useLiveViewers(id: string) {
  return useQuery(liveViewersQueryOptions(id));
}

export function liveEventsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...livesKey, id, "events"],
    queryFn: ({ signal }) =>
      apiFetch(`${liveUrl(id)}/events`, { response: tiktokEventListResponseSchema, signal }),
    select: (data) => data.events,
  });
}

export function useLiveEvents(id: string) {
  return useQuery(liveEventsQueryOptions(id));
}

/** Products show their live's title: a change to a live refreshes them too. */
function useInvalidateLives() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: livesKey }),
      queryClient.invalidateQueries({ queryKey: ["admin", "products"] }),
    ]);
  };
}

export function useCreateLive() {
  const invalidate = useInvalidateLives();
  return useMutation({
    mutationFn: (input: LiveCreateInput) =>
      apiFetch("/api/admin/lives", { response: liveResponseSchema, method: "POST", body: input }),
    onSuccess: invalidate,
  });
}

export function useUpdateLive(id: string) {
  const invalidate = useInvalidateLives();
  return useMutation({
    mutationFn: (input: LiveUpdateInput) =>
      apiFetch(liveUrl(id), { response: liveResponseSchema, method: "PUT", body: input }),
    onSuccess: invalidate,
  });
}

/** Switches a live on or off; the list shows the new state at once and rolls back on failure. */
export function useSetLiveActive() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateLives();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiFetch(`${liveUrl(id)}/active`, {
        response: liveResponseSchema,
        method: "PATCH",
        body: { isActive },
      }),
    onMutate: async ({ id, isActive }) => {
      await queryClient.cancelQueries({ queryKey: livesKey, exact: true });
      const previous = queryClient.getQueryData(livesQueryOptions.queryKey);
      queryClient.setQueryData(livesQueryOptions.queryKey, (data) =>
        data
          ? { lives: data.lives.map((live: Live) => (live.id === id ? { ...live, isActive } : live)) }
          : data,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(livesQueryOptions.queryKey, context.previous);
    },
    onSettled: invalidate,
  });
}
