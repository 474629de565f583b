import { Link } from "react-router";
import { Button } from "../components/ui/button";
import { paths } from "../lib/paths";

export function NotFoundPage() {
  return (
    <div className="flex flex-col items-center gap-6 py-16 text-center">
      <title>Page introuvable · Vitrine</title>
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold md:text-3xl">Oops! Page not found</h1>
      <Button asChild>
        <Link to={paths.home()}>Retour à l'accueil</Link>
      </Button>
    </div>
  );
}
