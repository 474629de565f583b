import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  userMergeDetailsResponseSchema,
  userMergeResponseSchema,
  userMergeSearchResponseSchema,
  type UserMergeRequest,
} from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";

const usersKey = ["admin", "users"] as const;
const mergeUrl = "/api/admin/user-merge";

/** Users whose e-mail, handle or name contains the text (ten at most, by last name). */
export function userMergeSearchQueryOptions(text: string) {
  return queryOptions({
    queryKey: [...usersKey, "merge-search", text],
    queryFn: ({ signal }) =>
      apiFetch(`${mergeUrl}/search?q=${encodeURIComponent(text)}`, {
        response: userMergeSearchResponseSchema,
        signal,
      }),
    select: (data) => data.users,
    // A search is asked again each time: accounts may have been merged meanwhile.
    staleTime: 0,
  });
}

/** A user as the merge card shows it, with their orders. */
export function userMergeDetailsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...usersKey, userId, "merge-details"],
    queryFn: ({ signal }) =>
      apiFetch(`${mergeUrl}/users/${encodeURIComponent(userId)}`, {
        response: userMergeDetailsResponseSchema,
        signal,
      }),
    select: (data) => data.user,
  });
}

export function useUserMergeDetails(userId: string) {
  return useQuery({ ...userMergeDetailsQueryOptions(userId), enabled: userId !== "" });
}

/** Moves the source's orders; users and orders everywhere are read again afterwards. */
export function useMergeUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UserMergeRequest) =>
      apiFetch(mergeUrl, { response: userMergeResponseSchema, method: "POST", body: request }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKey }),
        queryClient.invalidateQueries({ queryKey: ["admin", "orders"] }),
      ]),
  });
}
