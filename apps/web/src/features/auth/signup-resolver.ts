import { zodResolver } from "@hookform/resolvers/zod";
import {
  emailConfirmationError,
  signupSchema,
  tiktokUsernameConfirmationError,
  type SignupInput,
} from "@vitrine/domain";
import type { FieldErrors, Resolver } from "react-hook-form";
import type * as z from "zod/mini";

export type SignupFormValues = SignupInput;
export type SignupValues = z.output<typeof signupSchema>;

const schemaResolver = zodResolver(signupSchema);

/** Mismatched confirmations, computed on their own so they show while other fields are unfinished. */
export function signupConfirmationErrors(values: Partial<SignupFormValues>) {
  return {
    tiktokUsernameConfirmation: tiktokUsernameConfirmationError(
      values.tiktokUsername ?? "",
      values.tiktokUsernameConfirmation ?? "",
    ),
    emailConfirmation: emailConfirmationError(values.email ?? "", values.emailConfirmation ?? ""),
  };
}

/**
 * The domain schema checks the confirmations only once every other field is valid (a refinement on
 * the whole object); a live form must report a mismatch as soon as it exists.
 */
export const signupResolver: Resolver<SignupFormValues, unknown, SignupValues> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(values, context, options);
  if (Object.keys(result.errors).length === 0) return result;

  const errors: FieldErrors<SignupFormValues> = { ...result.errors };
  const mismatches = signupConfirmationErrors(values);
  for (const name of ["tiktokUsernameConfirmation", "emailConfirmation"] as const) {
    const message = mismatches[name];
    if (message && !errors[name]) errors[name] = { type: "custom", message };
  }
  return { values: {}, errors };
};
