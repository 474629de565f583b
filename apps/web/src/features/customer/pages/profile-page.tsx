import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Card, CardContent } from "../../../components/ui/card";
import { paths } from "../../../lib/paths";
import { useSessionState } from "../../../lib/session";

export function ProfilePage() {
  const session = useSessionState();
  const user = session.status === "ready" ? session.user : null;
  if (!user) return null;
  const handle = user.tiktokUsername?.trim() ?? "";

  return (
    <div className="flex flex-col gap-6">
      <title>Mon profil · Vitrine</title>
      <h1 className="text-2xl font-bold md:text-3xl">Mon profil</h1>
      {handle ? null : (
        <Alert variant="error" role="status">
          <p>
            Votre pseudo TikTok est obligatoire : il nous permet de retrouver vos achats pendant les lives. Sa
            saisie depuis cette page arrive dans une prochaine version ; en attendant, contactez-nous par
            email.
          </p>
        </Alert>
      )}
      <Card>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-[auto_1fr] sm:gap-x-8">
            <dt className="text-sm font-medium text-muted-foreground">Email</dt>
            <dd className="break-all">{user.email}</dd>
            <dt className="text-sm font-medium text-muted-foreground">Pseudo TikTok</dt>
            <dd className="break-all">{handle ? `@${handle}` : "Non renseigné"}</dd>
          </dl>
        </CardContent>
      </Card>
      <p className="text-sm text-muted-foreground">
        Pour modifier votre email ou votre pseudo TikTok, contactez le service client depuis la page{" "}
        <Link to={paths.contact()} className="font-medium text-primary underline underline-offset-4">
          Contact
        </Link>
        .
      </p>
    </div>
  );
}
