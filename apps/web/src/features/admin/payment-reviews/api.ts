import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { paymentReviewListResponseSchema, paymentReviewResponseSchema } from "@vitrine/domain";
import { apiFetch } from "../../../lib/api-client";

const REVIEWS_URL = "/api/admin/payment-reviews";
const reviewsKey = ["admin", "payment-reviews"] as const;

/** The payments still to review: all of them, or one order's. */
export function paymentReviewsQueryOptions(orderId?: string) {
  return queryOptions({
    queryKey: [...reviewsKey, orderId ?? "all"],
    queryFn: ({ signal }) =>
      apiFetch(orderId ? `${REVIEWS_URL}?orderId=${encodeURIComponent(orderId)}` : REVIEWS_URL, {
        response: paymentReviewListResponseSchema,
        signal,
      }),
    select: (data) => data.reviews,
  });
}

export function usePaymentReviews(orderId?: string) {
  return useQuery(paymentReviewsQueryOptions(orderId));
}

/** Refunds or accepts one payment; both change the review and may change its order. */
export function useResolvePaymentReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "refund" | "accept" }) =>
      apiFetch(`${REVIEWS_URL}/${encodeURIComponent(id)}/${action}`, {
        method: "POST",
        response: paymentReviewResponseSchema,
      }),
    // A refused refund wrote its error on the review: the list shows it either way.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewsKey }),
        queryClient.invalidateQueries({ queryKey: ["admin", "orders"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "dashboard"] }),
      ]),
  });
}
