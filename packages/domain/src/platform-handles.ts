import * as z from "zod/mini";
import { LIVE_PLATFORMS, livePlatformLabels, viewerKey, type LivePlatform } from "./live-selling";
import { hasUnstorableText } from "./storable-text";

/*
 * A customer's accounts on the platforms other than TikTok (TikTok's handle stays on the account
 * itself): the name they show there, proven like the TikTok handle by a comment carrying the
 * account's code, or linked by staff.
 */

/** The platforms a customer names an account on beside their TikTok handle. */
export const HANDLE_PLATFORMS = LIVE_PLATFORMS.filter(
  (platform): platform is Exclude<LivePlatform, "tiktok"> => platform !== "tiktok",
);
export type HandlePlatform = (typeof HANDLE_PLATFORMS)[number];

export const PLATFORM_HANDLE_NAME_MAX_LENGTH = 100;
/** A platform's author id as staff paste it (YouTube channel ids are 24 characters). */
export const PLATFORM_VIEWER_MAX_LENGTH = 128;

export const platformHandleMessages = {
  sectionTitle: "Mes comptes de live",
  nameLabel: (platform: HandlePlatform) => `Votre nom sur ${livePlatformLabels[platform]}`,
  nameRequired: "Indiquez le nom affiché sur ce compte.",
  nameTooLong: `Le nom ne peut pas dépasser ${PLATFORM_HANDLE_NAME_MAX_LENGTH} caractères.`,
  nameUnstorable: "Le nom contient des caractères invalides.",
  platformUnknown: "Cette plateforme n'est pas prise en charge.",
  none: "Aucun compte indiqué",
  verified: "Vérifié",
  toVerify: (code: string, platform: HandlePlatform) =>
    `À vérifier : commentez ${code} pendant un live ${livePlatformLabels[platform]}`,
  notFound: "Aucun compte de live n'est indiqué pour cette plateforme.",
  saved: "Compte de live enregistré",
  deleted: "Compte de live supprimé",
  saveFailed: "Impossible d'enregistrer le compte de live",
  deleteFailed: "Impossible de supprimer le compte de live",
  loadFailed: "Impossible de charger les comptes de live",
  confirmDelete: (platform: HandlePlatform) =>
    `Supprimer votre compte ${livePlatformLabels[platform]} ? Vos prochains commentaires sur ${livePlatformLabels[platform]} ne seront plus rattachés à votre compte.`,
  // Staff's side.
  viewerRequired: "Indiquez le viewer : sa clé dans le live ou son identifiant sur la plateforme.",
  viewerTooLong: `Le viewer ne peut pas dépasser ${PLATFORM_VIEWER_MAX_LENGTH} caractères.`,
  viewerOtherPlatform: (platform: HandlePlatform) =>
    `Cette clé n'est pas celle d'un viewer ${livePlatformLabels[platform]}.`,
  viewerTaken: "Ce compte de live est déjà lié à un autre utilisateur.",
  alreadyLinked: (platform: HandlePlatform) =>
    `Cet utilisateur a déjà un compte ${livePlatformLabels[platform]} lié : déliez-le d'abord.`,
  linked: "Compte de live lié",
  unlinked: "Compte de live délié",
  linkFailed: "Impossible de lier le compte de live",
  unlinkFailed: "Impossible de délier le compte de live",
  confirmUnlink: (platform: HandlePlatform, key: string) =>
    `Délier le compte ${livePlatformLabels[platform]} ${key} ? Ses prochains commentaires ne rejoindront plus les commandes de cet utilisateur.`,
} as const;

/** The name as people paste it: trimmed, one leading @ dropped, inner spaces made single. */
export function cleanPlatformHandleName(raw: string): string {
  const trimmed = raw.trim().replace(/\s+/g, " ");
  return trimmed.startsWith("@") ? trimmed.slice(1).trim() : trimmed;
}

/**
 * The form a name is compared in: a comment's author name (YouTube's display name, Facebook's
 * name, Instagram's username) matches the name the customer entered whatever its case.
 */
export function platformHandleNameKey(raw: string): string {
  return cleanPlatformHandleName(raw).toLowerCase();
}

/** The French message of the first broken rule of a name, or null when it is valid. */
export function platformHandleNameError(raw: string): string | null {
  const cleaned = cleanPlatformHandleName(raw);
  if (cleaned.length === 0) return platformHandleMessages.nameRequired;
  if (cleaned.length > PLATFORM_HANDLE_NAME_MAX_LENGTH) return platformHandleMessages.nameTooLong;
  if (hasUnstorableText(cleaned)) return platformHandleMessages.nameUnstorable;
  return null;
}

/**
 * The viewer key staff link: a key as the live shows it (`youtube:ucx9abc`) or the platform's
 * author id alone. Null when the text is blank or names another platform's key.
 */
export function staffViewerKey(platform: HandlePlatform, raw: string): string | null {
  const text = raw.trim();
  const prefixed = /^([a-z]+):(.*)$/i.exec(text);
  if (prefixed && (LIVE_PLATFORMS as readonly string[]).includes(prefixed[1]?.toLowerCase() ?? "")) {
    if (prefixed[1]?.toLowerCase() !== platform) return null;
    return viewerKey(platform, prefixed[2] ?? "") || null;
  }
  return viewerKey(platform, text) || null;
}

/** The French message of a viewer staff entered, or null when it makes a key. */
export function staffViewerError(platform: HandlePlatform, raw: string): string | null {
  const text = raw.trim();
  if (text.length === 0) return platformHandleMessages.viewerRequired;
  if (text.length > PLATFORM_VIEWER_MAX_LENGTH) return platformHandleMessages.viewerTooLong;
  if (hasUnstorableText(text)) return platformHandleMessages.viewerRequired;
  if (staffViewerKey(platform, text) === null) {
    return viewerKeyIsBlank(platform, text)
      ? platformHandleMessages.viewerRequired
      : platformHandleMessages.viewerOtherPlatform(platform);
  }
  return null;
}

function viewerKeyIsBlank(platform: HandlePlatform, text: string): boolean {
  return text.toLowerCase().startsWith(`${platform}:`);
}

const platformSchema = z.enum(HANDLE_PLATFORMS, { error: platformHandleMessages.platformUnknown });

function checkedText(error: (value: string) => string | null) {
  return z.string({ error: platformHandleMessages.nameRequired }).check(
    z.superRefine((value: string, context) => {
      const message = error(value);
      if (message) context.addIssue({ code: "custom", message });
    }),
  );
}

/** The platform in a customer's or staff's URL. */
export const platformHandleParamsSchema = z.object({ platform: platformSchema });

/** A user's account on one platform, in staff's URL. */
export const staffLiveAccountParamsSchema = z.object({ id: z.uuid(), platform: platformSchema });

/** What the profile sends to add or change the account of one platform. */
export const platformHandleInputSchema = z.object({
  name: z.pipe(checkedText(platformHandleNameError), z.transform(cleanPlatformHandleName)),
});
export type PlatformHandleInput = z.output<typeof platformHandleInputSchema>;

/** What staff send to link a viewer to a user: the viewer must make a key of that platform. */
export const staffLiveAccountLinkSchema = z
  .object({
    platform: platformSchema,
    viewer: z.string({ error: platformHandleMessages.viewerRequired }),
  })
  .check(
    z.superRefine((value, context) => {
      const message = staffViewerError(value.platform, value.viewer);
      if (message) context.addIssue({ code: "custom", path: ["viewer"], message });
    }),
  );
export type StaffLiveAccountLink = z.output<typeof staffLiveAccountLinkSchema>;

/** One platform's account as the customer's profile shows it. */
export const platformHandleSchema = z.object({
  platform: platformSchema,
  name: z.string(),
  verified: z.boolean(),
});
export type PlatformHandle = z.infer<typeof platformHandleSchema>;
export const platformHandlesResponseSchema = z.object({ accounts: z.array(platformHandleSchema) });

/** One platform's account as staff see it on a user: its key once proven, and who proved it. */
export const staffLiveAccountSchema = z.object({
  platform: platformSchema,
  name: z.string(),
  /** The viewer key (viewerKey) once proven or linked; null while the customer has not proven it. */
  viewerKey: z.nullable(z.string()),
  /** ISO 8601 instant of the proof or the link. */
  verifiedAt: z.nullable(z.string()),
  /** True when staff linked it by hand rather than a comment proving it. */
  linkedByStaff: z.boolean(),
});
export type StaffLiveAccount = z.infer<typeof staffLiveAccountSchema>;
export const staffLiveAccountsResponseSchema = z.object({ accounts: z.array(staffLiveAccountSchema) });
