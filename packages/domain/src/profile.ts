import * as z from "zod/mini";
import { optionalTextSchema } from "./text-field";
import { cleanTiktokUsername, tiktokUsernameError } from "./tiktok-username";

export const PROFILE_NAME_MAX_LENGTH = 100;

/** The profile's messages (spec section 8 "Customer"), word for word, and one of ours. */
export const profileMessages = {
  loadFailed: "Impossible de charger votre profil",
  updateFailed: "Impossible de mettre à jour votre profil",
  noChange: "Aucune modification détectée",
  updated: "Profil mis à jour avec succès",
  /** Shown while the handle is empty (spec /customer/profile). */
  handleMandatory:
    "Votre pseudo TikTok est obligatoire : il nous permet de retrouver vos achats pendant les lives.",
  /** Shown once the handle is set. */
  contactToChange: "Pour modifier votre email ou votre pseudo TikTok, contactez le service client.",
} as const;

const tiktokUsernameField = z.pipe(z.string(), z.transform(cleanTiktokUsername)).check(
  z.superRefine((value: string, context) => {
    const message = tiktokUsernameError(value);
    if (message) context.addIssue({ code: "custom", message });
  }),
);

/**
 * What the profile form sends. The handle is taken into account only while the account has none
 * (spec: "Once the username is set, only first and last name are updated").
 */
export const profileUpdateSchema = z.object({
  firstName: optionalTextSchema({ label: "Le prénom", maxLength: PROFILE_NAME_MAX_LENGTH }),
  lastName: optionalTextSchema({ label: "Le nom", maxLength: PROFILE_NAME_MAX_LENGTH }),
  tiktokUsername: z.optional(tiktokUsernameField),
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** Whether a profile form's values change anything (the 'Aucune modification détectée' warning). */
export function profileHasChanges(
  current: { firstName: string | null; lastName: string | null; tiktokUsername: string | null },
  next: { firstName: string | null; lastName: string | null; tiktokUsername?: string | undefined },
): boolean {
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    (a ?? "").trim() === (b ?? "").trim();
  if (!same(current.firstName, next.firstName) || !same(current.lastName, next.lastName)) return true;
  if (current.tiktokUsername) return false;
  return Boolean(next.tiktokUsername && cleanTiktokUsername(next.tiktokUsername));
}
