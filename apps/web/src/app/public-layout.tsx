import { Link, Outlet } from "react-router";
import { paths } from "../lib/paths";
import { useFooterPages } from "../lib/published-pages";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";

const footerLinks = [
  { to: paths.home(), label: "Accueil" },
  { to: paths.legalNotice(), label: "Mentions légales" },
  { to: paths.termsOfSale(), label: "CGV" },
  { to: paths.contact(), label: "Contact" },
  { to: paths.signup(), label: "Créer un compte" },
  { to: paths.login(), label: "Se connecter" },
] as const;

// Read once at load: a page left open across New Year's Eve may show last year, which is harmless.
const currentYear = new Date().getFullYear();

export function PublicLayout() {
  const footerPages = useFooterPages();
  const links = [
    ...footerLinks,
    ...footerPages.map((page) => ({ to: paths.publishedPage(page.code), label: page.title })),
  ];
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center px-4">
          <Link
            to={paths.home()}
            className="rounded-md text-2xl font-bold tracking-tight text-primary focus-visible:outline-2 focus-visible:outline-offset-4"
          >
            Vitrine
          </Link>
        </div>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 outline-none md:py-12"
      >
        <Outlet />
      </main>
      <footer className="border-t border-border bg-background">
        <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6 text-sm md:flex-row md:items-center md:justify-between">
          <nav aria-label="Liens du site">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="text-muted-foreground">© {currentYear} Vitrine</p>
        </div>
      </footer>
    </div>
  );
}
