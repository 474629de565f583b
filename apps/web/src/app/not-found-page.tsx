import { Link } from "react-router";
import { Button } from "../components/ui/button";
import { paths } from "../lib/paths";

export interface NotFoundPageProps {
  /** Where "home" is for the reader: the shop's home page, or the back office's dashboard. */
  home?: { to: string; label: string };
}

const SHOP_HOME = { to: paths.home(), label: "Retour à l'accueil" };

/** A French heading like every other page; the line under it says what happened, the link the way back. */
export function NotFoundPage({ home = SHOP_HOME }: NotFoundPageProps) {
  return (
    <div className="flex flex-col items-center gap-6 py-16 text-center">
      <title>Page introuvable · Vitrine</title>
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold md:text-3xl">Page introuvable</h1>
      <p className="max-w-md text-muted-foreground">
        La page que vous cherchez n'existe pas ou a été déplacée. Vérifiez l'adresse saisie.
      </p>
      <Button asChild>
        <Link to={home.to}>{home.label}</Link>
      </Button>
    </div>
  );
}
