import { paymentReviewMessages } from "@vitrine/domain";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { paths } from "../../../lib/paths";
import { usePaymentReviews } from "../../admin-shared/api/payment-reviews";

/** The dashboard's count of payments to review, with the way to them. */
export function PaymentReviewsCard() {
  const reviews = usePaymentReviews();
  const count = reviews.data?.length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{paymentReviewMessages.title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {count === undefined ? (
          reviews.isError ? (
            <p className="text-sm text-muted-foreground">{paymentReviewMessages.loadFailed}</p>
          ) : (
            <Skeleton className="h-7 w-16" />
          )
        ) : (
          <>
            <p className="text-lg font-semibold tabular-nums">
              {count === 0
                ? paymentReviewMessages.empty
                : `${count} paiement${count > 1 ? "s" : ""} à vérifier`}
            </p>
            {count > 0 ? (
              <Link to={paths.admin.paymentReviews()} className="text-sm font-medium underline">
                Voir les paiements à vérifier
              </Link>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
