import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  platformHandlesResponseSchema,
  type HandlePlatform,
  type PlatformHandleInput,
} from "@vitrine/domain";
import { apiFetch } from "../../../lib/api-client";

const LIVE_ACCOUNTS = "/api/customer/profile/live-accounts";

/** 'Mes comptes de live': the customer's account on each platform beside TikTok. */
export const liveAccountsQueryOptions = queryOptions({
  queryKey: ["customer", "profile", "live-accounts"],
  queryFn: ({ signal }) => apiFetch(LIVE_ACCOUNTS, { response: platformHandlesResponseSchema, signal }),
  select: (data) => data.accounts,
});

/** Adds or renames the account of one platform; the answer is the whole list. */
export function useSaveLiveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ platform, input }: { platform: HandlePlatform; input: PlatformHandleInput }) =>
      apiFetch(`${LIVE_ACCOUNTS}/${platform}`, {
        response: platformHandlesResponseSchema,
        method: "PUT",
        body: input,
      }),
    onSuccess: (data) => queryClient.setQueryData(liveAccountsQueryOptions.queryKey, data),
  });
}

export function useDeleteLiveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platform: HandlePlatform) =>
      apiFetch(`${LIVE_ACCOUNTS}/${platform}`, { response: platformHandlesResponseSchema, method: "DELETE" }),
    onSuccess: (data) => queryClient.setQueryData(liveAccountsQueryOptions.queryKey, data),
  });
}
