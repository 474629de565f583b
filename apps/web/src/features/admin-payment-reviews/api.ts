import { useMutation, useQueryClient } from "@tanstack/react-query";
import { paymentReviewResponseSchema } from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";
import { REVIEWS_URL, reviewsKey } from "../admin-shared/api/payment-reviews";

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
