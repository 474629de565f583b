import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../lib/paths";

/** Full-screen page kept beside the live stream; it lives outside the back office frame. */
export function LiveOrderSidebarPage() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col gap-6 px-4 py-8">
      <title>Commande live · Vitrine</title>
      <h1 className="text-2xl font-bold">Commande live</h1>
      <Alert variant="info">
        <p>L'ajout de produits aux commandes pendant un live arrive dans une prochaine version.</p>
      </Alert>
      <div>
        <Button asChild variant="outline">
          <Link to={paths.admin.home()}>Retour au tableau de bord</Link>
        </Button>
      </div>
    </main>
  );
}
