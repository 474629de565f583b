import { useMutation, useQueryClient } from "@tanstack/react-query";
import { paymentReviewResponseSchema } from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";
import { REVIEWS_URL, reviewsKey } from "../admin-shared/api/payment-reviews";

export type PaymentReviewAction = "refund" | "accept" | "give-back";

/**
 * Refunds or accepts one payment, or gives a late payment's pieces back to its payer; each changes
 * the review and may change its order (a give-back, the next viewer's order too).
 */
export function useResolvePaymentReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: PaymentReviewAction }) =>
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
