import { Link, useParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../lib/paths";

export function PaymentPage() {
  const { id } = useParams();

  return (
    <div className="flex flex-col gap-6">
      <title>Paiement · Vitrine</title>
      <h1 className="text-2xl font-bold md:text-3xl">Paiement</h1>
      <Alert variant="info">
        <p>Le paiement par carte bancaire arrive dans une prochaine version.</p>
      </Alert>
      <div>
        <Button asChild variant="outline">
          <Link to={id ? paths.customer.order(id) : paths.customer.orders()}>Retour à ma commande</Link>
        </Button>
      </div>
    </div>
  );
}
