import { Component, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Button } from "../components/ui/button";
import { paths } from "../lib/paths";

/** Last resort when a page crashes while rendering: say so in French, offer a way out. */
export function RouteErrorPage() {
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

interface BoundaryProps {
  /** The page the error happened on: going to another page tries again. */
  pathname: string;
  children: ReactNode;
}

class ErrorBoundary extends Component<BoundaryProps, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError(): { hasError: boolean } {
    return { hasError: true };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.hasError && previous.pathname !== this.props.pathname) this.setState({ hasError: false });
  }

  override render() {
    return this.state.hasError ? <RouteErrorPage /> : this.props.children;
  }
}

/**
 * Catches what a page throws while rendering (or a page's code that fails to download); the
 * root's onCaughtError (main.tsx) reports it.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary pathname={pathname}>{children}</ErrorBoundary>;
}
