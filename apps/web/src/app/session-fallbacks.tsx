import { LoadError } from "../components/load-error";
import { Spinner } from "../components/ui/spinner";

export function SessionLoading() {
  return <Spinner label="Chargement..." className="min-h-dvh" />;
}

export function SessionLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md items-center px-4">
      <div className="w-full">
        <LoadError message="Impossible de vérifier votre session. Veuillez réessayer." onRetry={onRetry} />
      </div>
    </main>
  );
}
