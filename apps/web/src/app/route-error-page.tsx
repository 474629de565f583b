import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "../components/ui/button";
import { paths } from "../lib/paths";
import { NotFoundPage } from "./not-found-page";

/** Last resort when a page crashes while rendering: say so in French, offer a way out. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="mx-auto max-w-5xl px-4">
        <NotFoundPage />
      </main>
    );
  }
  console.error(error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-6 px-4 text-center">
      <title>Erreur · Vitrine</title>
      <h1 className="text-2xl font-bold">Une erreur inattendue est survenue</h1>
      <p className="text-muted-foreground">Veuillez recharger la page ou revenir à l'accueil.</p>
      <Button asChild>
        <a href={paths.home()}>Retour à l'accueil</a>
      </Button>
    </main>
  );
}
