import { Link, useParams } from "react-router";
import { LoadError } from "../../../components/load-error";
import { SafeHtml } from "../../../components/safe-html";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { useContentPage } from "../api";

/** A static page written in the back office (legal notice, terms of sale), found by its code. */
export function ContentPage({ code }: { code: string }) {
  const page = useContentPage(code);

  if (page.isPending) return <Spinner label="Chargement..." className="py-16" />;
  if (page.isError) {
    if (isApiError(page.error) && page.error.status === 404) {
      return (
        <div className="flex flex-col items-start gap-4">
          <title>Page introuvable · Vitrine</title>
          <h1 className="text-2xl font-bold md:text-3xl">Page introuvable</h1>
          <p className="text-muted-foreground">Cette page n'est pas disponible pour le moment.</p>
          <Button asChild variant="outline">
            <Link to={paths.home()}>Retour à l'accueil</Link>
          </Button>
        </div>
      );
    }
    return <LoadError message={errorMessage(page.error)} onRetry={() => void page.refetch()} />;
  }

  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6">
      <title>{`${page.data.title} · Vitrine`}</title>
      <h1 className="text-2xl font-bold md:text-3xl">{page.data.title}</h1>
      <SafeHtml html={page.data.content} />
    </article>
  );
}

export function LegalNoticePage() {
  return <ContentPage code="mentions-legales" />;
}

export function TermsOfSalePage() {
  return <ContentPage code="cgv" />;
}

/** Any other active page, at /p/{code}: the footer and the landing's banner link there. */
export function PublishedPage() {
  const { code = "" } = useParams();
  return <ContentPage key={code} code={code} />;
}
