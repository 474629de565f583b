export const MAIN_CONTENT_ID = "contenu";

/** First tab stop of every layout: keyboard users jump over the header straight to the page. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
    >
      Aller au contenu principal
    </a>
  );
}
