import { ChevronDownIcon } from "lucide-react";
import { LoadError } from "../../../components/load-error";
import { SafeHtml } from "../../../components/safe-html";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useFaqs } from "../api";

export function FaqPage() {
  const faqs = useFaqs();

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <title>FAQ · Vitrine</title>
      <h1 className="text-2xl font-bold md:text-3xl">Questions fréquentes</h1>
      {faqs.isPending ? (
        <Spinner label="Chargement..." className="py-16" />
      ) : faqs.isError ? (
        <LoadError message={errorMessage(faqs.error)} onRetry={() => void faqs.refetch()} />
      ) : faqs.data.length === 0 ? (
        <p className="text-muted-foreground">Aucune question pour le moment.</p>
      ) : (
        <div className="divide-y divide-border rounded-xl border border-border bg-card">
          {faqs.data.map((faq) => (
            <details key={faq.id} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 [&::-webkit-details-marker]:hidden">
                <span>{faq.title}</span>
                <ChevronDownIcon
                  className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180 motion-reduce:transition-none"
                  aria-hidden="true"
                />
              </summary>
              <SafeHtml html={faq.content} className="px-5 pb-5 text-muted-foreground" />
            </details>
          ))}
        </div>
      )}
    </div>
  );
}
