import { authMessages, magicLinkRequestSchema, safeReturnPath } from "@vitrine/domain";
import { LoaderCircleIcon } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { toast } from "../../../lib/toast";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { useSessionState } from "../../../lib/session";
import { useRequestMagicLink } from "../api";
import { OrDivider } from "../components/or-divider";

export function LoginPage() {
  const session = useSessionState();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const requestMagicLink = useRequestMagicLink();
  // One field: plain state and the domain's schema rather than react-hook-form, whose 13 kB gzip
  // would be a tenth of the first load of a customer arriving here from a live. Same behaviour:
  // checked on submit, then again at each keystroke, focus on the field when it is wrong.
  const [email, setEmail] = useState(() => searchParams.get("email") ?? "");
  // The page that sent them here: the link returns to it, and so does a session already open.
  const next = safeReturnPath(searchParams.get("next"));
  const [submitted, setSubmitted] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const parsed = magicLinkRequestSchema.safeParse({ email });
  const emailError = submitted ? parsed.error?.issues[0]?.message : undefined;

  if (session.status === "loading") {
    return <Spinner label="Vérification de votre session..." className="py-16" />;
  }
  if (session.status === "ready" && session.user) {
    return <Navigate to={next ?? paths.customer.home()} replace />;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success) {
      emailInput.current?.focus();
      return;
    }
    requestMagicLink.mutate(next ? { email: parsed.data.email, next } : { email: parsed.data.email }, {
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  const sending = requestMagicLink.isPending;
  const failure = requestMagicLink.error;
  const rateLimited = isApiError(failure) && failure.code === "RATE_LIMITED";

  return (
    <div className="mx-auto w-full max-w-md">
      <title>Connexion · Vitrine</title>
      <Card>
        <CardHeader>
          <CardTitle level={1}>Connexion</CardTitle>
          <CardDescription>
            Recevez un lien de connexion par email : pas besoin de mot de passe.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <Field id="login-email" label="Email" error={emailError}>
              <Input
                ref={emailInput}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder="Entrez votre email pour vous connecter"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </Field>
            <Button type="submit" disabled={sending || email.trim().length === 0}>
              {sending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              Me connecter avec cet email
            </Button>
          </form>

          {requestMagicLink.isSuccess ? <Alert variant="success">{authMessages.magicLinkSent}</Alert> : null}
          {failure ? (
            <Alert variant="error">
              <p>{errorMessage(failure)}</p>
              {rateLimited ? null : (
                <div>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => void navigate(paths.signup())}
                  >
                    Créer votre compte
                  </Button>
                </div>
              )}
            </Alert>
          ) : null}

          <OrDivider />
          <Button asChild variant="outline">
            <Link to={paths.signup()}>Créer un compte</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
