import { z } from "zod";

export const emailMessages = {
  required: "L'email est requis",
  invalid: "Veuillez saisir une adresse email valide",
  mismatch: "Les emails ne correspondent pas",
} as const;

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export const emailSchema = z
  .string({ error: emailMessages.required })
  .trim()
  .min(1, { error: emailMessages.required })
  .max(254, { error: emailMessages.invalid })
  .pipe(z.email({ error: emailMessages.invalid }))
  .transform(normalizeEmail);

/** The confirmation field's message: null when both entries are the same address. */
export function emailConfirmationError(email: string, confirmation: string): string | null {
  return normalizeEmail(confirmation) === normalizeEmail(email) ? null : emailMessages.mismatch;
}
