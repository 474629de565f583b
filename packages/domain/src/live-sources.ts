import * as z from "zod/mini";
import type { LivePlatform } from "./live-selling";
import { normalizeTiktokUsername, tiktokUsernameError } from "./tiktok-username";

/**
 * A live's source on each platform, as staff enter it in the live's form: the bridges read the
 * live's comments from it, and the Instagram webhook finds the live by its account.
 */
export const LIVE_SOURCE_FIELDS = [
  "tiktokUser",
  "youtubeVideoId",
  "facebookLiveVideoId",
  "instagramAccountId",
] as const;
export type LiveSourceField = (typeof LIVE_SOURCE_FIELDS)[number];

export const liveSourcePlatforms: Readonly<Record<LiveSourceField, LivePlatform>> = {
  tiktokUser: "tiktok",
  youtubeVideoId: "youtube",
  facebookLiveVideoId: "facebook",
  instagramAccountId: "instagram",
};

/** The labels of the form's fields, also the names the live's page gives its sources. */
export const liveSourceLabels: Readonly<Record<LiveSourceField, string>> = {
  tiktokUser: "Compte TikTok",
  youtubeVideoId: "Vidéo YouTube",
  facebookLiveVideoId: "Vidéo live Facebook",
  instagramAccountId: "Compte Instagram",
};

export const liveSourceHints: Readonly<Record<LiveSourceField, string>> = {
  tiktokUser: "Le pseudo du compte qui diffuse le live, avec ou sans @.",
  youtubeVideoId:
    "L'identifiant de 11 caractères de la vidéo en direct, ou son adresse (youtube.com ou youtu.be).",
  facebookLiveVideoId: "L'identifiant (des chiffres) de la vidéo en direct de la Page Facebook.",
  instagramAccountId: "L'identifiant (des chiffres) du compte professionnel Instagram qui diffuse le live.",
};

/** A YouTube video id: 11 characters of YouTube's URL-safe alphabet. */
export const YOUTUBE_VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;
/** Facebook and Instagram ids are digits; 32 leaves room well past today's 17-digit ids. */
export const PLATFORM_NUMERIC_ID_MAX_LENGTH = 32;
const NUMERIC_ID_PATTERN = new RegExp(`^[0-9]{1,${PLATFORM_NUMERIC_ID_MAX_LENGTH}}$`);

/** A youtube.com or youtu.be address, with or without its scheme: host, path, query. */
const YOUTUBE_URL =
  /^(?:https?:\/\/)?(?:(?:www|m|music)\.)?(youtube\.com|youtu\.be)(\/[^?#]*)?(?:\?([^#]*))?(?:#.*)?$/i;
/** The paths of youtube.com that carry a video id as their second segment. */
const YOUTUBE_ID_PATHS = new Set(["live", "embed", "shorts", "v"]);

export const liveSourceMessages = {
  youtubeVideo:
    "La vidéo YouTube doit être l'identifiant de 11 caractères de la vidéo (lettres, chiffres, - ou _) ou son adresse youtube.com ou youtu.be",
  facebookLiveVideo: `L'identifiant de la vidéo live Facebook ne doit contenir que des chiffres (${PLATFORM_NUMERIC_ID_MAX_LENGTH} au plus)`,
  instagramAccount: `L'identifiant du compte Instagram ne doit contenir que des chiffres (${PLATFORM_NUMERIC_ID_MAX_LENGTH} au plus)`,
  instagramTaken: (ref: string) => `Ce compte Instagram est déjà la source du live actif ${ref}`,
  none: "Aucune source renseignée",
  viewerNotInLive: (platform: string) =>
    `Aucun spectateur ${platform} de ce live n'a cet identifiant : choisissez-le dans les suggestions`,
} as const;

/** The video id a pasted id or youtube.com / youtu.be address names, or null when it names none. */
export function youtubeVideoIdFrom(raw: string): string | null {
  const value = raw.trim();
  if (YOUTUBE_VIDEO_ID_PATTERN.test(value)) return value;
  const match = YOUTUBE_URL.exec(value);
  if (!match) return null;
  const [, host = "", path = "", query = ""] = match;
  const segments = path.split("/").filter(Boolean);
  let id: string | undefined;
  if (host.toLowerCase() === "youtu.be") id = segments[0];
  else if (segments[0] === "watch") {
    id = query
      .split("&")
      .map((pair) => pair.split("="))
      .find(([name]) => name === "v")?.[1];
  } else if (segments[0] && YOUTUBE_ID_PATHS.has(segments[0])) id = segments[1];
  return id && YOUTUBE_VIDEO_ID_PATTERN.test(id) ? id : null;
}

/**
 * What a source's field holds once read: null for a blank field (no source on that platform), the
 * value to store, or the French message of the rule it breaks.
 */
export type LiveSourceReading = { value: string | null } | { error: string };

export function readLiveSource(field: LiveSourceField, raw: string): LiveSourceReading {
  const value = raw.trim();
  if (value === "") return { value: null };
  switch (field) {
    case "tiktokUser": {
      const error = tiktokUsernameError(value);
      return error ? { error } : { value: normalizeTiktokUsername(value) };
    }
    case "youtubeVideoId": {
      const id = youtubeVideoIdFrom(value);
      return id ? { value: id } : { error: liveSourceMessages.youtubeVideo };
    }
    case "facebookLiveVideoId":
      return NUMERIC_ID_PATTERN.test(value) ? { value } : { error: liveSourceMessages.facebookLiveVideo };
    case "instagramAccountId":
      return NUMERIC_ID_PATTERN.test(value) ? { value } : { error: liveSourceMessages.instagramAccount };
  }
}

/** One source's field: a string read by readLiveSource, or null (none); stored as read. */
function liveSourceSchema(field: LiveSourceField) {
  return z.nullable(
    z.pipe(
      z.string(),
      z.transform((raw: string, ctx) => {
        const reading = readLiveSource(field, raw);
        if ("error" in reading) {
          ctx.issues.push({ code: "custom", message: reading.error, input: raw });
          return z.NEVER;
        }
        return reading.value;
      }),
    ),
  );
}

/** The sources of a live's create and update bodies: a field left out keeps what the live has. */
export const liveSourcesShape = {
  tiktokUser: z.optional(liveSourceSchema("tiktokUser")),
  youtubeVideoId: z.optional(liveSourceSchema("youtubeVideoId")),
  facebookLiveVideoId: z.optional(liveSourceSchema("facebookLiveVideoId")),
  instagramAccountId: z.optional(liveSourceSchema("instagramAccountId")),
};
