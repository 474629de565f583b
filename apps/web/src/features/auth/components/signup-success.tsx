import { MailCheckIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { paths } from "../../../lib/paths";

export function SignupSuccess({ email }: { email: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form that had focus is gone: move focus to the news so screen readers read it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Card className="text-center">
      <CardHeader className="items-center">
        <MailCheckIcon className="size-10 text-primary" aria-hidden="true" />
        <CardTitle level={1} ref={headingRef} tabIndex={-1} className="outline-none">
          Vérifiez votre email !
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-6">
        <p>
          Un email de confirmation a été envoyé à <strong className="break-all">{email}</strong>. Cliquez sur
          le lien qu'il contient pour finaliser votre inscription.
        </p>
        <Button asChild>
          <Link to={paths.home()}>Retour à l'accueil</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
