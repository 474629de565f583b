import * as z from "zod/mini";
import { emailConfirmationError, emailMessages, emailSchema } from "./email";
import {
  cleanTiktokUsername,
  normalizeTiktokUsername,
  tiktokUsernameConfirmationError,
  tiktokUsernameError,
  tiktokUsernameMessages,
} from "./tiktok-username";

export const MAGIC_LINK_LIFETIME_SECONDS = 15 * 60;
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
export const LOGOUT_REDIRECT_DELAY_MS = 1000;
export const LOGOUT_FAILURE_REDIRECT_DELAY_MS = 2000;

export const authMessages = {
  termsRequired: "Vous devez accepter les conditions générales de vente",
  passwordRequired: "Le mot de passe est requis",
  accountNotFound: "Aucun compte n'existe avec cet email.",
  accountAlreadyExists: "Un compte existe déjà avec cet email. Connectez-vous plutôt.",
  magicLinkSent: "Un lien de connexion vous a été envoyé par email.",
  magicLinkInvalid: "Le lien de connexion est expiré ou a déjà été utilisé. Demandez-en un nouveau.",
  expiredLinkBanner:
    "Une erreur est survenue lors de la connexion. Le lien est expiré, veuillez demander un nouveau lien de connexion.",
  invalidCredentials: "Email ou mot de passe incorrect",
  notAdmin: "Vous n'avez pas les droits administrateur",
  logoutSuccess: "Déconnexion réussie",
  logoutError: "Erreur lors de la déconnexion",
  logoutUnexpectedError: "Une erreur est survenue lors de la déconnexion",
} as const;

/** The handle field as the server and the form both validate it; the output is normalized. */
export const tiktokUsernameSchema = z.pipe(
  z.string({ error: tiktokUsernameMessages.missingAtSubmit }).check(
    z.superRefine((value, ctx) => {
      if (cleanTiktokUsername(value).length === 0) {
        ctx.addIssue({ code: "custom", message: tiktokUsernameMessages.missingAtSubmit });
        return;
      }
      const error = tiktokUsernameError(value);
      if (error) ctx.addIssue({ code: "custom", message: error });
    }),
  ),
  z.transform(normalizeTiktokUsername),
);

export const signupSchema = z
  .object({
    tiktokUsername: tiktokUsernameSchema,
    tiktokUsernameConfirmation: z.string({ error: tiktokUsernameMessages.mismatch }),
    email: emailSchema,
    emailConfirmation: z.string({ error: emailMessages.mismatch }),
    acceptTerms: z.literal(true, { error: authMessages.termsRequired }),
  })
  .check(
    z.superRefine((value, ctx) => {
      const handleMismatch = tiktokUsernameConfirmationError(
        value.tiktokUsername,
        value.tiktokUsernameConfirmation,
      );
      if (handleMismatch) {
        ctx.addIssue({ code: "custom", path: ["tiktokUsernameConfirmation"], message: handleMismatch });
      }
      const emailMismatch = emailConfirmationError(value.email, value.emailConfirmation);
      if (emailMismatch)
        ctx.addIssue({ code: "custom", path: ["emailConfirmation"], message: emailMismatch });
    }),
  );
export type SignupInput = z.input<typeof signupSchema>;

/** How long a page to return to may be; longer is no page of the shop's. */
export const RETURN_PATH_MAX_LENGTH = 512;
/** The customer's pages and the payment page: what a signed-out customer is sent to sign in from. */
const RETURNABLE_PAGE = /^\/(customer(\/|\?|$)|payment\/)/;
/** A URL's path and query characters (RFC 3986), without the backslash browsers read as a slash. */
const PATH_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]+$/;
/** "." or ".." as a path segment, written or percent-encoded: where it leads is not what is read. */
const DOT_SEGMENT = /\/(\.|%2e){1,2}(\/|\?|$)/i;

/**
 * The page a sign-in may send a customer back to, or null: a page of the customer's area on this
 * site, kept with its query. Anything else (another site, "//host", a backslash, dot segments, the
 * sign-in pages themselves) gives null and the customer lands on their home, as without one.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > RETURN_PATH_MAX_LENGTH) return null;
  if (!RETURNABLE_PAGE.test(raw) || !PATH_CHARACTERS.test(raw)) return null;
  if (raw.includes("//") || DOT_SEGMENT.test(raw)) return null;
  return raw;
}

export const magicLinkRequestSchema = z.object({
  email: emailSchema,
  /** The page to return to once signed in; one that is not safe is ignored (the customer's home). */
  next: z.optional(z.string().check(z.maxLength(4 * RETURN_PATH_MAX_LENGTH))),
});
export type MagicLinkRequest = z.input<typeof magicLinkRequestSchema>;

export const adminSignInSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: authMessages.passwordRequired })
    .check(z.minLength(1, { error: authMessages.passwordRequired }), z.maxLength(256)),
});
export type AdminSignInInput = z.input<typeof adminSignInSchema>;
