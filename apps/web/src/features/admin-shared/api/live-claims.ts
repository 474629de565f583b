import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  liveClaimActionResponseSchema,
  liveClaimSettingsSchema,
  liveClaimsSnapshotSchema,
  type LiveClaimSettingsRequest,
} from "@vitrine/domain";
import { apiFetch } from "../../../lib/api-client";

/** Under the sidebar's key of the live: what refreshes the live's orders refreshes its claims. */
export function liveClaimsKey(liveId: string) {
  return ["admin", "live-sidebar", liveId, "claims"] as const;
}

const claimsUrl = (liveId: string) => `/api/admin/lives/${encodeURIComponent(liveId)}/claims`;

/** The live's claims as the server decided them, with its counters and settings. */
export function liveClaimsQueryOptions(liveId: string) {
  return queryOptions({
    queryKey: liveClaimsKey(liveId),
    queryFn: ({ signal }) => apiFetch(claimsUrl(liveId), { response: liveClaimsSnapshotSchema, signal }),
    enabled: liveId !== "",
  });
}

/** The live's mode and hold (PUT settings); the snapshot is read again once saved. */
export function useSaveClaimSettings(liveId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: LiveClaimSettingsRequest) =>
      apiFetch(`${claimsUrl(liveId)}/settings`, {
        response: liveClaimSettingsSchema,
        method: "PUT",
        body: settings,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveClaimsKey(liveId) }),
  });
}

export type ClaimAction = "give" | "release" | "skip" | "remove";

/** A staff action on one claim; the stream brings what it changed, the orders are read again. */
export function useClaimAction(liveId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, action }: { claimId: string; action: ClaimAction }) =>
      apiFetch(`${claimsUrl(liveId)}/${encodeURIComponent(claimId)}/${action}`, {
        response: liveClaimActionResponseSchema,
        method: "POST",
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["admin", "live-sidebar", liveId] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "orders"] }),
      ]),
  });
}
