import { authMessages } from "@vitrine/domain";
import { LogInIcon, SnowflakeIcon, UserPlusIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { paths } from "../../../lib/paths";
import { useWinterPage } from "../../../lib/published-pages";
import { useSessionState } from "../../../lib/session";
import { hashReportsAuthError } from "../auth-link-error";

export function LandingPage() {
  const session = useSessionState();
  const location = useLocation();
  // Read once: the fragment is wiped right after, but the banner must stay.
  const [linkExpired] = useState(() => hashReportsAuthError(location.hash));
  const winterPage = useWinterPage();

  useEffect(() => {
    if (!linkExpired) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, "", `${pathname}${search}`);
  }, [linkExpired]);

  if (session.status === "ready" && session.user) return <Navigate to={paths.customer.home()} replace />;

  return (
    <div className="flex flex-col gap-8">
      <title>Vitrine</title>
      {linkExpired ? <Alert variant="error">{authMessages.expiredLinkBanner}</Alert> : null}
      {winterPage ? (
        <aside
          aria-label="À la une"
          className="flex flex-wrap items-center justify-center gap-3 rounded-lg border border-border bg-secondary px-4 py-3 text-center"
        >
          <SnowflakeIcon className="size-5 text-primary" aria-hidden="true" />
          <Link
            to={paths.publishedPage(winterPage.code)}
            className="font-semibold text-primary underline-offset-4 hover:underline"
          >
            {winterPage.title}
          </Link>
        </aside>
      ) : null}
      <div className="flex flex-col gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">Bienvenue sur Vitrine</h1>
        <p className="text-muted-foreground">
          Retrouvez vos achats des lives TikTok, validez votre livraison et réglez vos commandes.
        </p>
      </div>
      <div className="mx-auto grid w-full max-w-3xl gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <UserPlusIcon className="size-8 text-primary" aria-hidden="true" />
            <CardTitle>Nouveau client ?</CardTitle>
            <CardDescription>
              Créez votre compte avec votre pseudo TikTok pour retrouver les articles achetés pendant les
              lives.
            </CardDescription>
          </CardHeader>
          <CardContent className="mt-auto">
            <Button asChild className="w-full">
              <Link to={paths.signup()}>Créer un compte</Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <LogInIcon className="size-8 text-primary" aria-hidden="true" />
            <CardTitle>Déjà client ?</CardTitle>
            <CardDescription>
              Recevez un lien de connexion par email, sans mot de passe, pour accéder à vos commandes.
            </CardDescription>
          </CardHeader>
          <CardContent className="mt-auto">
            <Button asChild variant="outline" className="w-full">
              <Link to={paths.login()}>Se connecter</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
