import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { commentTestResponseSchema, siteClaimResponseSchema } from "@vitrine/domain";
import { useEffect, useRef } from "react";
import { apiFetch } from "../../../lib/api-client";
import { customerLiveQueryOptions } from "./live";

const COMMENT_TEST_URL = "/api/customer/live/comment-test";
/** How often a test still waiting asks whether the code was seen. */
export const COMMENT_TEST_POLL_MS = 2_000;

export const commentTestQueryOptions = queryOptions({
  queryKey: ["customer", "live", "comment-test"],
  queryFn: ({ signal }) => apiFetch(COMMENT_TEST_URL, { response: commentTestResponseSchema, signal }),
});

/**
 * The customer's comment test, asked again while it waits; its end is read by the server's clock.
 * When it ends, the live's snapshot is read again: the test decides whether 'Je le prends' shows.
 */
export function useCommentTest() {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...commentTestQueryOptions,
    refetchInterval: (current) =>
      current.state.data?.test?.result === "waiting" ? COMMENT_TEST_POLL_MS : false,
  });
  const result = query.data?.test?.result;
  const previous = useRef(result);
  useEffect(() => {
    if (previous.current === "waiting" && result !== "waiting") {
      void queryClient.invalidateQueries({ queryKey: customerLiveQueryOptions.queryKey, exact: true });
    }
    previous.current = result;
  }, [result, queryClient]);
  return query;
}

/** 'Tester mes commentaires': a new test, its code to comment. */
export function useStartCommentTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(COMMENT_TEST_URL, { response: commentTestResponseSchema, method: "POST" }),
    onSuccess: (data) => queryClient.setQueryData(commentTestQueryOptions.queryKey, data),
  });
}

/** 'Je le prends' on the piece on show; the claim reaches the page through the stream. */
export function useClaimFromSite() {
  return useMutation({
    mutationFn: (productId: string) =>
      apiFetch("/api/customer/live/claims", {
        response: siteClaimResponseSchema,
        method: "POST",
        body: { productId },
      }),
  });
}
