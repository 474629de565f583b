import { queryOptions, useQuery } from "@tanstack/react-query";
import { formatEuros, paymentReviewListResponseSchema, type PaymentReview } from "@vitrine/domain";
import { apiFetch } from "../../../lib/api-client";

export const REVIEWS_URL = "/api/admin/payment-reviews";
export const reviewsKey = ["admin", "payment-reviews"] as const;

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
    // A refund on its way or to check is settled on the server: read again until it is.
    refetchInterval: (query) =>
      query.state.data?.reviews.some((review) => review.refundState !== null) ? 3_000 : false,
  });
}

export function usePaymentReviews(orderId?: string) {
  return useQuery(paymentReviewsQueryOptions(orderId));
}

/** The amount as the provider took it: in euros for the shop's own currency. */
export function amountReceived(review: Pick<PaymentReview, "amountCents" | "currency">): string {
  return review.currency === "EUR"
    ? formatEuros(review.amountCents)
    : `${review.amountCents} ${review.currency}`;
}
