import {
  cleanTiktokUsername,
  profileUpdateSchema,
  tiktokUsernameConfirmationError,
  tiktokUsernameMessages,
} from "@vitrine/domain";
import type { FieldErrors, Resolver } from "react-hook-form";

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  /** Typed only while the account has no handle; a set handle is shown, never sent. */
  tiktokUsername: string;
  tiktokUsernameConfirmation: string;
}

const PROFILE_FIELDS = ["firstName", "lastName", "tiktokUsername", "tiktokUsernameConfirmation"] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

/** What the profile form sends (the body of PUT /api/customer/profile). */
export interface ProfileFormUpdate {
  firstName: string;
  lastName: string;
  tiktokUsername?: string;
}

/** The names, and the handle only while it can still be chosen. */
export function profileUpdateFromForm(values: ProfileFormValues, handleEditable: boolean): ProfileFormUpdate {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    ...(handleEditable ? { tiktokUsername: values.tiktokUsername } : {}),
  };
}

/** Each field's first broken rule: the domain's, then the handle's confirmation as at sign-up. */
export function profileFormErrors(
  values: ProfileFormValues,
  handleEditable: boolean,
): Partial<Record<ProfileField, string>> {
  const errors: Partial<Record<ProfileField, string>> = {};
  const parsed = profileUpdateSchema.safeParse(profileUpdateFromForm(values, handleEditable));
  for (const issue of parsed.error?.issues ?? []) {
    const field = PROFILE_FIELDS.find((name) => name === issue.path[0]);
    if (field) errors[field] ??= issue.message;
  }
  if (handleEditable && !errors.tiktokUsername) {
    const mismatch = tiktokUsernameConfirmationError(
      values.tiktokUsername,
      values.tiktokUsernameConfirmation,
    );
    if (mismatch) errors.tiktokUsernameConfirmation = mismatch;
  }
  return errors;
}

/** The toast of a refused submit that concerns the handle: missing, or with a format error. */
export function handleSubmitMessage(values: ProfileFormValues): string {
  return cleanTiktokUsername(values.tiktokUsername)
    ? tiktokUsernameMessages.fixErrors
    : tiktokUsernameMessages.missingAtSubmit;
}

export function profileResolver(
  handleEditable: boolean,
): Resolver<ProfileFormValues, unknown, ProfileFormUpdate> {
  return (values) => {
    const messages = profileFormErrors(values, handleEditable);
    const errors: FieldErrors<ProfileFormValues> = {};
    for (const name of PROFILE_FIELDS) {
      const message = messages[name];
      if (message) errors[name] = { type: "validate", message };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: profileUpdateFromForm(values, handleEditable), errors: {} };
  };
}
