import { formatEuros, type PaymentReview } from "@vitrine/domain";

/** The amount as the provider took it: in euros for the shop's own currency. */
export function amountReceived(review: Pick<PaymentReview, "amountCents" | "currency">): string {
  return review.currency === "EUR"
    ? formatEuros(review.amountCents)
    : `${review.amountCents} ${review.currency}`;
}
