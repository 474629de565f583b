import { paymentReviewMessages } from "@vitrine/domain";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { formatDateTime } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { amountReceived, usePaymentReviews } from "../../admin-shared/api/payment-reviews";

/** On an order's page: each payment of this order still to review, with what staff need to find it. */
export function PaymentReviewBanner({ orderId }: { orderId: string }) {
  const reviews = usePaymentReviews(orderId);
  if (!reviews.data || reviews.data.length === 0) return null;
  return (
    <Alert variant="error" role="region" aria-label={paymentReviewMessages.title}>
      {reviews.data.map((review) => (
        <p key={review.id}>
          <strong>Paiement à vérifier</strong> : {amountReceived(review)} reçus le{" "}
          {formatDateTime(review.receivedAt)}, référence du paiement{" "}
          <span className="font-mono break-all">{review.transactionId}</span>.
        </p>
      ))}
      <p>
        <Link to={paths.admin.paymentReviews()} className="font-medium underline">
          Rembourser ou accepter dans « {paymentReviewMessages.title} »
        </Link>
      </p>
    </Alert>
  );
}
