import * as z from "zod/mini";
import { DEFAULT_SITE_CLAIM_AUDIENCE, SITE_CLAIM_AUDIENCES } from "./live-site";
import { liveSourcesShape } from "./live-sources";
import { requiredError, requiredTextSchema } from "./text-field";

export const LIVE_REF_MAX_LENGTH = 10;
export const LIVE_TITLE_MAX_LENGTH = 120;
/** What the lives.ref CHECK constraint accepts: lowercase letters, digits, inner hyphens, 10 at most. */
export const LIVE_REF_PATTERN = /^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/;
/** The ref of a live whose title has no letter or digit to derive one from. */
export const FALLBACK_LIVE_REF = "live";
/** Users seen in a live and TikTok events shown on its page (spec §9: platform events limit 100). */
export const LIVE_EVENTS_LIMIT = 100;
/** How long 'Détails' shows an event's payload. */
export const LIVE_EVENT_DETAILS_MS = 10_000;

export const liveMessages = {
  titleRequired: "Le titre est requis",
  dateRequired: "La date du live est requise",
  dateInvalid: "La date du live n'est pas une date valide",
  refRequired: "La référence est requise",
  refFormat:
    "La référence ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets (10 caractères au plus, sans tiret au début ni à la fin)",
  refTaken: "Cette référence est déjà utilisée par un autre live",
  notFound: "Live introuvable",
  createFailed: "Impossible de créer le live",
  toggleFailed: "Impossible de modifier le statut du live",
  updateFailed: "Erreur lors de la mise à jour du live",
  loadFailed: "Impossible de charger les lives",
  listLoadFailed: "Impossible de charger la liste des lives",
  detailLoadFailed: "Une erreur est survenue",
  eventsLoadFailed: "Erreur lors du chargement des événements TikTok",
  noUsers: "Aucun utilisateur dans ce live pour le moment",
  noEvents: "Aucun événement TikTok n'a été enregistré pour ce live",
  noLives: "Aucun live pour le moment",
  created: (title: string) => `Live « ${title} » créé`,
  updated: "Live mis à jour",
  activated: (title: string) => `Live « ${title} » activé`,
  deactivated: (title: string) => `Live « ${title} » désactivé`,
} as const;

/** Live ref derived from its title: lowercased, non-alphanumerics to hyphens, trimmed, 10 chars. */
export function liveRefFromTitle(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, LIVE_REF_MAX_LENGTH)
      // The cut can land on a hyphen, which lives.ref's CHECK refuses at the end.
      .replace(/-+$/, "")
  );
}

/**
 * The refs to try, in order, for a live derived from `base`: the base itself, then the base cut
 * short enough to take "-2", "-3"... within 10 characters.
 */
export function liveRefCandidates(base: string, count: number): string[] {
  const stem = base || FALLBACK_LIVE_REF;
  // A set: "abcdefgh-2" cut for its own "-2" would come back as itself.
  const candidates = new Set([stem]);
  for (let n = 2; candidates.size < count; n++) {
    const suffix = `-${n}`;
    const cut = stem.slice(0, LIVE_REF_MAX_LENGTH - suffix.length).replace(/-+$/, "");
    candidates.add(`${cut}${suffix}`);
  }
  return [...candidates];
}

/** The first candidate ref for `title` that no live uses yet. */
export function uniqueLiveRef(title: string, isTaken: (ref: string) => boolean, tries = 1000): string | null {
  return liveRefCandidates(liveRefFromTitle(title), tries).find((ref) => !isTaken(ref)) ?? null;
}

/** What every order number starts with: the server gives it to the database's numbering. */
export const ORDER_NUMBER_PREFIX = "HF-";

const liveTitleSchema = requiredTextSchema({
  label: "Le titre",
  maxLength: LIVE_TITLE_MAX_LENGTH,
  requiredMessage: liveMessages.titleRequired,
});

export const liveRefSchema = z
  .string({ error: requiredError(liveMessages.refRequired) })
  .check(
    z.trim(),
    z.minLength(1, { error: liveMessages.refRequired, abort: true }),
    z.regex(LIVE_REF_PATTERN, { error: liveMessages.refFormat }),
  );

/** A live's date as the API carries it: ISO 8601 with its offset. */
const liveDateSchema = z.pipe(
  z
    .string({ error: requiredError(liveMessages.dateRequired) })
    .check(z.minLength(1, { error: liveMessages.dateRequired, abort: true })),
  z.iso.datetime({ offset: true, error: liveMessages.dateInvalid }),
);

export const liveCreateSchema = z.object({
  title: liveTitleSchema,
  liveDate: liveDateSchema,
  isActive: z._default(z.boolean(), false),
  siteClaims: z._default(z.enum(SITE_CLAIM_AUDIENCES), DEFAULT_SITE_CLAIM_AUDIENCE),
  ...liveSourcesShape,
});
export type LiveCreateInput = z.input<typeof liveCreateSchema>;

export const liveUpdateSchema = z.object({
  title: liveTitleSchema,
  ref: liveRefSchema,
  isActive: z.boolean(),
  /** Older clients send none: the live keeps its own. */
  siteClaims: z.optional(z.enum(SITE_CLAIM_AUDIENCES)),
  /** Older clients send none: the live keeps its own. */
  ...liveSourcesShape,
});
export type LiveUpdateInput = z.input<typeof liveUpdateSchema>;
export type LiveUpdateValues = z.output<typeof liveUpdateSchema>;

export const liveActiveSchema = z.object({ isActive: z.boolean() });

/**
 * The 'New live' form: the date comes from an `<input type="datetime-local">` in the browser's
 * time zone and leaves as an ISO instant.
 */
export const liveCreateFormSchema = z.object({
  title: liveTitleSchema,
  liveDate: z.pipe(
    z.string().check(z.minLength(1, { error: liveMessages.dateRequired })),
    z.transform((value: string, ctx) => {
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) {
        ctx.issues.push({ code: "custom", message: liveMessages.dateInvalid, input: value });
        return z.NEVER;
      }
      return date.toISOString();
    }),
  ),
  isActive: z.boolean(),
  ...liveSourcesShape,
});
export type LiveCreateFormValues = z.input<typeof liveCreateFormSchema>;
