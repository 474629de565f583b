import * as z from "zod/mini";
import { LIVE_PLATFORMS } from "./live-selling";

/** Lives compared side by side on the dashboard, oldest first. */
export const LIVE_FIGURES_COMPARED = 10;
/** Lives offered in the dashboard's selector, newest first. */
export const LIVE_FIGURES_CHOICES = 50;
/** The per-minute series stops after this many minutes (a live left running for days). */
export const LIVE_FIGURES_MAX_MINUTES = 24 * 60;

export const liveFiguresMessages = {
  noLives: "Aucun live pour le moment",
  loadFailed: "Impossible de charger les chiffres du live",
  liveNotFound: "Live introuvable",
  noSales: "Aucune vente pendant ce live",
} as const;

/**
 * The one definition of revenue (decision 042), said under every figure of it: the dashboard,
 * the live figures, the sidebar's counters.
 */
export const REVENUE_CAPTION =
  "Chiffre d'affaires : prix des pièces des commandes payées, commandes annulées et remboursées exclues, frais de port à part.";

/** Beside the live's sales file: how its rows add up to the same revenue. */
export const LIVE_SALES_FILE_CAPTION =
  "Fichier des ventes : la somme des lignes « Vendu payé » est le chiffre d'affaires du live.";

/** The figures of one live, read from its claims and orders (integer cents). */
export const liveFiguresSchema = z.object({
  liveId: z.string(),
  title: z.string(),
  ref: z.string(),
  /** ISO 8601 instant. */
  liveDate: z.string(),
  /** Chat comments of the live. */
  comments: z.int(),
  claims: z.int(),
  /** Claims whose piece is on a paid order. */
  paidClaims: z.int(),
  /** paidClaims out of claims, in whole percent (0 without claims). */
  paidClaimsPercent: z.int(),
  /** The live's orders that are not cancelled. */
  orders: z.int(),
  /** Lines of the live's unpaid orders (not cancelled). */
  revenueHeldCents: z.int(),
  /** Lines of the live's paid orders. */
  revenuePaidCents: z.int(),
  /** Pieces on paid orders. */
  piecesSold: z.int(),
  /** Claims released because their hold expired unpaid. */
  unpaidReleases: z.int(),
  /** Cuts in the connection its sources reported (comments it may have missed). */
  gaps: z.int(),
});
export type LiveFigures = z.infer<typeof liveFiguresSchema>;

/** One minute of a live: what the lines claimed in it are worth, paid and still held. */
export const liveMinuteSchema = z.object({
  /** ISO 8601 instant, the minute's start. */
  minute: z.string(),
  paidCents: z.int(),
  heldCents: z.int(),
});
export type LiveMinute = z.infer<typeof liveMinuteSchema>;

export const liveChoiceSchema = z.object({
  id: z.string(),
  title: z.string(),
  liveDate: z.string(),
});
export type LiveChoice = z.infer<typeof liveChoiceSchema>;

/** GET /api/admin/dashboard/lives: the selector's lives and the comparison of the last ones. */
export const liveFiguresOverviewSchema = z.object({
  /** Newest first. */
  lives: z.array(liveChoiceSchema),
  /** The live shown first: the latest that has started, else null (no live at all). */
  defaultLiveId: z.nullable(z.string()),
  /** The last lives that have started, oldest first. */
  comparison: z.array(liveFiguresSchema),
});
export type LiveFiguresOverview = z.infer<typeof liveFiguresOverviewSchema>;

/**
 * One platform's share of a live: its chat comments, the claims its viewers made, and the revenue
 * (decision 042) of the paid lines that came from it (a line's comment, else its claim's, else its
 * buyer's platform).
 */
export const livePlatformFiguresSchema = z.object({
  platform: z.enum(LIVE_PLATFORMS),
  comments: z.int(),
  claims: z.int(),
  revenuePaidCents: z.int(),
});
export type LivePlatformFigures = z.infer<typeof livePlatformFiguresSchema>;

export const livePlatformFiguresMessages = {
  title: "Par plateforme",
  none: "Aucun commentaire ni réservation pour le moment",
  loadFailed: "Impossible de charger les chiffres par plateforme",
} as const;

/** GET /api/admin/dashboard/lives/:liveId: one live's figures and its revenue per minute. */
export const liveFiguresDetailSchema = z.object({
  figures: liveFiguresSchema,
  /** The platforms the live heard or sold on, in LIVE_PLATFORMS' order. */
  byPlatform: z.array(livePlatformFiguresSchema),
  /**
   * Every minute from the live's first event to its last, in order (empty for a live without
   * events); lines claimed outside that span are in the figures, not in the series.
   */
  perMinute: z.array(liveMinuteSchema),
});
export type LiveFiguresDetail = z.infer<typeof liveFiguresDetailSchema>;
