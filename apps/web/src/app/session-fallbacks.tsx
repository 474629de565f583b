import { Alert } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Spinner } from "../components/ui/spinner";

export function SessionLoading() {
  return <Spinner label="Chargement..." className="min-h-dvh" />;
}

export function SessionLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md items-center px-4">
      <Alert variant="error" className="w-full">
        <p>Impossible de vérifier votre session. Veuillez réessayer.</p>
        <div>
          <Button type="button" variant="outline" size="sm" onClick={onRetry}>
            Réessayer
          </Button>
        </div>
      </Alert>
    </main>
  );
}
