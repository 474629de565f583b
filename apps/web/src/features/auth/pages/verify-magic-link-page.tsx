import { safeReturnPath } from "@vitrine/domain";
import { LoaderCircleIcon } from "lucide-react";
import { useCallback, useEffect, useRef } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { paths } from "../../../lib/paths";
import { useVerifyMagicLink } from "../api";
import { EXPIRED_LINK_LANDING } from "../auth-link-error";

/**
 * Landing page of the link in the sign-in e-mail. Mail scanners open links with GET and would burn
 * the token, so the token is only spent by this POST made from script.
 */
export function VerifyMagicLinkPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  // The page the customer asked for before signing in, checked again here: the URL is anyone's.
  const next = safeReturnPath(searchParams.get("next"));
  const navigate = useNavigate();
  const { mutate, isPending } = useVerifyMagicLink();
  const requested = useRef(false);

  const signIn = useCallback(
    (value: string) =>
      mutate(value, {
        onSuccess: () => void navigate(next ?? paths.customer.home(), { replace: true }),
        onError: () => void navigate(EXPIRED_LINK_LANDING, { replace: true }),
      }),
    [mutate, navigate, next],
  );

  useEffect(() => {
    // StrictMode mounts twice in development; a token can be spent only once.
    if (!token || requested.current) return;
    requested.current = true;
    signIn(token);
  }, [token, signIn]);

  if (!token) return <Navigate to={EXPIRED_LINK_LANDING} replace />;

  return (
    <div className="mx-auto w-full max-w-md">
      <title>Connexion · Vitrine</title>
      <Card className="text-center">
        <CardHeader>
          <CardTitle level={1}>Connexion</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-6">
          <Spinner label="Connexion en cours..." />
          <Button type="button" onClick={() => signIn(token)} disabled={isPending}>
            {isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
            Me connecter
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
