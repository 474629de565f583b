export const TIKTOK_PLATFORM_NAME = "TikTok";
export const TIKTOK_USERNAME_MIN_LENGTH = 2;
export const TIKTOK_USERNAME_MAX_LENGTH = 24;
const ALLOWED_CHARACTERS = /^[A-Za-z0-9._]+$/;

export const tiktokUsernameMessages = {
  required: `Le pseudo ${TIKTOK_PLATFORM_NAME} est requis`,
  missingAtSubmit: `Veuillez saisir votre pseudo ${TIKTOK_PLATFORM_NAME}`,
  atSignNotFirst: "L'arobase (@) ne doit être qu'au début du pseudo.",
  tooShort: `Le pseudo ${TIKTOK_PLATFORM_NAME} doit contenir au moins ${TIKTOK_USERNAME_MIN_LENGTH} caractères`,
  tooLong: `Le pseudo ${TIKTOK_PLATFORM_NAME} ne peut pas dépasser ${TIKTOK_USERNAME_MAX_LENGTH} caractères`,
  invalidCharacters: `Le pseudo ${TIKTOK_PLATFORM_NAME} ne doit contenir que des lettres, chiffres, points ou underscore`,
  mismatch: `Les pseudos ${TIKTOK_PLATFORM_NAME} ne correspondent pas`,
  taken: `Ce pseudo ${TIKTOK_PLATFORM_NAME} est déjà utilisé`,
  fixErrors: `Veuillez corriger les erreurs dans le pseudo ${TIKTOK_PLATFORM_NAME}`,
  checkFailed: `Erreur lors de la vérification du pseudo ${TIKTOK_PLATFORM_NAME}`,
} as const;

/** Trims and strips one leading @, the way people paste their handle. Case is kept for display. */
export function cleanTiktokUsername(raw: string): string {
  const trimmed = raw.trim();
  return trimmed.startsWith("@") ? trimmed.slice(1) : trimmed;
}

/** TikTok handles are case-insensitive: this is the form stored and compared. */
export function normalizeTiktokUsername(raw: string): string {
  return cleanTiktokUsername(raw).toLowerCase();
}

/** Returns the French message of the first broken rule, or null when the handle is valid. */
export function tiktokUsernameError(raw: string): string | null {
  const cleaned = cleanTiktokUsername(raw);
  if (cleaned.length === 0) return tiktokUsernameMessages.required;
  if (cleaned.includes("@")) return tiktokUsernameMessages.atSignNotFirst;
  if (cleaned.length < TIKTOK_USERNAME_MIN_LENGTH) return tiktokUsernameMessages.tooShort;
  if (cleaned.length > TIKTOK_USERNAME_MAX_LENGTH) return tiktokUsernameMessages.tooLong;
  if (!ALLOWED_CHARACTERS.test(cleaned)) return tiktokUsernameMessages.invalidCharacters;
  return null;
}

export function isValidTiktokUsername(raw: string): boolean {
  return tiktokUsernameError(raw) === null;
}

/** The confirmation field's message: null when both entries name the same handle. */
export function tiktokUsernameConfirmationError(username: string, confirmation: string): string | null {
  return normalizeTiktokUsername(confirmation) === normalizeTiktokUsername(username)
    ? null
    : tiktokUsernameMessages.mismatch;
}
