import * as z from "zod/mini";

export const emailMessages = {
  required: "L'email est requis",
  invalid: "Veuillez saisir une adresse email valide",
  mismatch: "Les emails ne correspondent pas",
} as const;

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export const emailSchema = z.pipe(
  z.pipe(
    z
      .string({ error: emailMessages.required })
      .check(
        z.trim(),
        z.minLength(1, { error: emailMessages.required }),
        z.maxLength(254, { error: emailMessages.invalid }),
      ),
    z.email({ error: emailMessages.invalid }),
  ),
  z.transform(normalizeEmail),
);

/** The confirmation field's message: null when both entries are the same address. */
export function emailConfirmationError(email: string, confirmation: string): string | null {
  return normalizeEmail(confirmation) === normalizeEmail(email) ? null : emailMessages.mismatch;
}

/**
 * Viewers created from a handle during a live have no e-mail yet; the spec stores a placeholder.
 * `.invalid` is reserved (RFC 2606): such an address can never receive mail or prove ownership.
 */
export const LIVE_VIEWER_EMAIL_DOMAIN = "viewers.vitrine.invalid";

export function liveViewerPlaceholderEmail(tiktokUsername: string): string {
  return `${tiktokUsername.toLowerCase()}@${LIVE_VIEWER_EMAIL_DOMAIN}`;
}

/** A mailbox someone may own: neither absent nor a live viewer's placeholder. */
export function isRealEmail(email: string | null | undefined): email is string {
  return Boolean(email) && !normalizeEmail(email ?? "").endsWith(`@${LIVE_VIEWER_EMAIL_DOMAIN}`);
}

/** What the back office shows in place of a live viewer's placeholder address. */
export const NO_ACCOUNT_YET = "Pas encore de compte";

/**
 * The e-mail as the back office shows it: a viewer's placeholder is no address staff can use, so it
 * reads NO_ACCOUNT_YET; a real address as it is; none stays null (each screen says it its way).
 */
export function shownEmail(email: string | null | undefined): string | null {
  if (!email) return null;
  return isRealEmail(email) ? email : NO_ACCOUNT_YET;
}
