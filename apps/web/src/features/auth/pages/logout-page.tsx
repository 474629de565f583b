import {
  authMessages,
  impersonationMessages,
  LOGOUT_FAILURE_REDIRECT_DELAY_MS,
  LOGOUT_REDIRECT_DELAY_MS,
} from "@vitrine/domain";
import { useEffect, useRef, useState } from "react";
import { toast } from "../../../lib/toast";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { isApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { useSignOut } from "../api";

interface Outcome {
  signedOut: boolean;
  message: string;
}

/** A full page load drops every bit of in-memory state of the previous user. */
function redirectToLoginAfter(delayMs: number) {
  window.setTimeout(() => window.location.assign(paths.login()), delayMs);
}

export function LogoutPage() {
  const { mutate } = useSignOut();
  const requested = useRef(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    mutate(undefined, {
      onSuccess: ({ endedImpersonation }) => {
        // Staff acting as a customer are signed out of the back office too: say so plainly.
        const message = endedImpersonation
          ? impersonationMessages.signedOutOfBoth
          : authMessages.logoutSuccess;
        toast.success(message);
        setOutcome({ signedOut: true, message });
        redirectToLoginAfter(LOGOUT_REDIRECT_DELAY_MS);
      },
      onError: (error) => {
        // An answer from the server is a refusal; anything else means it was never reached.
        const message = isApiError(error) ? authMessages.logoutError : authMessages.logoutUnexpectedError;
        toast.error(message);
        setOutcome({ signedOut: false, message });
        redirectToLoginAfter(LOGOUT_FAILURE_REDIRECT_DELAY_MS);
      },
    });
  }, [mutate]);

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 py-8">
      <title>Déconnexion · Vitrine</title>
      <h1 className="text-2xl font-bold">Déconnexion</h1>
      {outcome ? (
        <>
          <Alert variant={outcome.signedOut ? "success" : "error"}>{outcome.message}</Alert>
          <p className="text-sm text-muted-foreground">Redirection vers la page de connexion...</p>
        </>
      ) : (
        <Spinner label="Déconnexion en cours..." className="justify-start" />
      )}
    </div>
  );
}
