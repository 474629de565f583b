import { zodResolver } from "@hookform/resolvers/zod";
import { adminSignInSchema, authMessages } from "@vitrine/domain";
import { LoaderCircleIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useLocation } from "react-router";
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
import { useAdminSignIn } from "../api";

const ADMIN_HOME = paths.admin.home();

/** The back office page the guard turned the visitor away from, if any (router state is untyped). */
function requestedAdminPath(state: unknown): string {
  if (typeof state !== "object" || state === null || !("from" in state)) return ADMIN_HOME;
  const { from } = state;
  if (typeof from !== "object" || from === null || !("pathname" in from)) return ADMIN_HOME;
  const { pathname } = from;
  const search = "search" in from && typeof from.search === "string" ? from.search : "";
  if (typeof pathname !== "string" || !pathname.startsWith("/") || pathname.startsWith("//")) {
    return ADMIN_HOME;
  }
  return `${pathname}${search}`;
}

export function AdminLoginPage() {
  const session = useSessionState();
  const location = useLocation();
  const adminSignIn = useAdminSignIn();
  const form = useForm({
    resolver: zodResolver(adminSignInSchema),
    defaultValues: { email: "", password: "" },
  });

  if (session.status === "loading") {
    return <Spinner label="Vérification de votre session..." className="py-16" />;
  }
  const user = session.status === "ready" ? session.user : null;
  // Also the way out after a successful sign-in: the mutation stores the admin in the session.
  if (user?.isAdmin) return <Navigate to={requestedAdminPath(location.state)} replace />;

  const onSubmit = form.handleSubmit((input) => {
    adminSignIn.mutate(input, {
      // A failed attempt's toast must not follow the administrator onto the dashboard.
      onSuccess: () => toast.dismissAll(),
      onError: (error) => toast.error(errorMessage(error)),
    });
  });

  const failure = adminSignIn.error;
  const notice = failure
    ? isApiError(failure) && failure.code === "NOT_ADMIN"
      ? authMessages.notAdmin
      : errorMessage(failure)
    : user
      ? authMessages.notAdmin
      : null;
  const { errors } = form.formState;

  return (
    <div className="mx-auto w-full max-w-md">
      <title>Administration · Vitrine</title>
      <Card>
        <CardHeader>
          <CardTitle level={1}>Administration</CardTitle>
          <CardDescription>Connectez-vous avec votre compte administrateur.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {notice ? <Alert variant="error">{notice}</Alert> : null}
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
            <Field id="admin-login-email" label="Email" error={errors.email?.message}>
              <Input type="email" autoComplete="username" inputMode="email" {...form.register("email")} />
            </Field>
            <Field id="admin-login-password" label="Mot de passe" error={errors.password?.message}>
              <Input type="password" autoComplete="current-password" {...form.register("password")} />
            </Field>
            <Button type="submit" disabled={adminSignIn.isPending}>
              {adminSignIn.isPending ? (
                <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
              ) : null}
              Se connecter
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.home()}>Retour à l'accueil</Link>
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
