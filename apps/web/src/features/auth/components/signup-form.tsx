import { tiktokUsernameMessages } from "@vitrine/domain";
import { LoaderCircleIcon } from "lucide-react";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "../../../lib/toast";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { showServerFieldErrors } from "../../../lib/server-field-errors";
import { checkTiktokUsername, useSignup } from "../api";
import {
  signupConfirmationErrors,
  signupResolver,
  type SignupFormValues,
  type SignupValues,
} from "../signup-resolver";
import { TiktokUsernameFields } from "../../../components/tiktok-username-fields";

const SIGNUP_FIELDS = [
  "tiktokUsername",
  "tiktokUsernameConfirmation",
  "email",
  "emailConfirmation",
  "acceptTerms",
] as const satisfies readonly (keyof SignupFormValues)[];

export interface SignupFormProps {
  onSignedUp: (email: string) => void;
}

export function SignupForm({ onSignedUp }: SignupFormProps) {
  const signup = useSignup();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignupFormValues, unknown, SignupValues>({
    resolver: signupResolver,
    mode: "all",
    defaultValues: {
      tiktokUsername: "",
      tiktokUsernameConfirmation: "",
      email: "",
      emailConfirmation: "",
    },
  });
  const values = useWatch({ control: form.control });
  const { errors, isSubmitting } = form.formState;
  const mismatches = signupConfirmationErrors(values);
  const canSubmit =
    !isSubmitting &&
    Object.keys(errors).length === 0 &&
    values.acceptTerms === true &&
    mismatches.tiktokUsernameConfirmation === null &&
    mismatches.emailConfirmation === null;

  /** Re-checks a confirmation when its original changes, once the person has typed it. */
  const revalidateConfirmation = (name: "tiktokUsernameConfirmation" | "emailConfirmation") => () => {
    if (form.getValues(name)) void form.trigger(name);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      const { exists } = await checkTiktokUsername(input.tiktokUsername);
      if (exists) {
        form.setError(
          "tiktokUsername",
          { type: "server", message: tiktokUsernameMessages.taken },
          { shouldFocus: true },
        );
        toast.error(tiktokUsernameMessages.taken);
        return;
      }
    } catch (error) {
      // The check only saves a round trip: the sign-up route refuses a taken handle anyway.
      console.error(error);
    }
    try {
      await signup.mutateAsync(input);
      onSignedUp(input.email);
    } catch (error) {
      const message = errorMessage(error);
      toast.error(message);
      if (!showServerFieldErrors(form.setError, error, SIGNUP_FIELDS)) setFormError(message);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-4 text-base font-semibold">Compte TikTok</legend>
        <TiktokUsernameFields
          idPrefix="signup"
          hint="Le pseudo de votre profil TikTok, avec ou sans @."
          username={form.register("tiktokUsername", {
            onChange: revalidateConfirmation("tiktokUsernameConfirmation"),
          })}
          confirmation={form.register("tiktokUsernameConfirmation")}
          errors={{
            username: errors.tiktokUsername?.message,
            confirmation: errors.tiktokUsernameConfirmation?.message,
          }}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-4 text-base font-semibold">Email</legend>
        <Field id="signup-email" label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.register("email", { onChange: revalidateConfirmation("emailConfirmation") })}
          />
        </Field>
        <Field
          id="signup-email-confirmation"
          label="Confirmez votre email"
          error={errors.emailConfirmation?.message}
        >
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.register("emailConfirmation")}
          />
        </Field>
      </fieldset>

      <Controller
        control={form.control}
        name="acceptTerms"
        render={({ field, fieldState }) => (
          <Field
            id="signup-accept-terms"
            orientation="horizontal"
            error={fieldState.error?.message}
            label={
              <>
                J'accepte les{" "}
                <Link
                  to={paths.termsOfSale()}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-primary underline underline-offset-4"
                >
                  conditions générales de vente
                </Link>
              </>
            }
          >
            <Checkbox
              ref={field.ref}
              name={field.name}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          </Field>
        )}
      />

      {formError ? (
        <Alert variant="error">
          <p>{formError}</p>
          <p>Vous avez peut-être déjà un compte avec cet email.</p>
          <p>
            <Link to={paths.login()} className="font-medium underline underline-offset-4">
              Déjà un compte? Se connecter
            </Link>
          </p>
        </Alert>
      ) : null}

      <div className="flex flex-col gap-3">
        <Button type="submit" size="lg" disabled={!canSubmit}>
          {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          Créer mon compte
        </Button>
        {/* Shown once only: the error block above carries the same link while it is displayed. */}
        {formError ? null : (
          <Button asChild variant="link">
            <Link to={paths.login()}>Déjà un compte? Se connecter</Link>
          </Button>
        )}
      </div>
    </form>
  );
}
