import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../lib/paths";

export function OrderPage() {
  return (
    <div className="flex flex-col gap-6">
      <title>Ma commande · Vitrine</title>
      <h1 className="text-2xl font-bold md:text-3xl">Ma commande</h1>
      <Alert variant="info">
        <p>Le détail des commandes arrive dans une prochaine version.</p>
      </Alert>
      <div>
        <Button asChild variant="outline">
          <Link to={paths.customer.orders()}>Retour à mes commandes</Link>
        </Button>
      </div>
    </div>
  );
}
