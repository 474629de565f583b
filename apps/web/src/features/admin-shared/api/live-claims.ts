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

/** The live's answers to doubts, one JSON line each (a file staff add to the reader's corpus). */
export function doubtAnswersUrl(liveId: string): string {
  return `${claimsUrl(liveId)}/doubt-answers`;
}

/** The live's claims as the server decided them, with its counters and settings. */
export function liveClaimsQueryOptions(liveId: string) {
  return queryOptions({
    queryKey: liveClaimsKey(liveId),
    queryFn: ({ signal }) => apiFetch(claimsUrl(liveId), { response: liveClaimsSnapshotSchema, signal }),
    enabled: liveId !== "",
  });
}

/** The live's mode, hold and doubt wait (PUT settings); the snapshot is read again once saved. */
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

/** What staff may do to a claim; "confirm" and "ignore" answer a doubt 'À confirmer'. */
export type ClaimAction = "give" | "release" | "skip" | "remove" | "confirm" | "ignore";

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
