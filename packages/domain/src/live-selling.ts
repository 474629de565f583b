import { SHOP_TIME_ZONE } from "./order-status";
import { normalizeTiktokUsername } from "./tiktok-username";

/**
 * Live selling (back-office spec §2 live-order sidebar, §4, §5, §9): limits, source
 * states and the French texts the sidebar, the live detail and the server share.
 */

/** Comments shown in the sidebar's feed (spec §9: recent comments 100). */
export const LIVE_FEED_LIMIT = 100;
/** Orders of the selected live listed in the sidebar (spec §9: recent orders in sidebar 50). */
export const LIVE_SIDEBAR_ORDERS_LIMIT = 50;
/** Handle autocomplete (spec §9: handle autocomplete limit 100). */
export const LIVE_HANDLE_SUGGESTIONS_LIMIT = 100;
/** Product reference suggestions (spec §9: product suggestions limit 20). */
export const LIVE_PRODUCT_SUGGESTIONS_LIMIT = 20;
/** Debounce of both autocompletes (spec §4 and §9). */
export const LIVE_AUTOCOMPLETE_DEBOUNCE_MS = 300;
/** The spec's polling period: the fallback while the real-time stream is down. */
export const LIVE_FEED_POLL_MS = 5_000;
/** Events one page of a feed gap carries (GET /api/admin/live-feed/gap). */
export const LIVE_FEED_GAP_PAGE = 500;
/** Events one ingestion request may carry. */
export const LIVE_INGEST_MAX_EVENTS = 500;
/**
 * The largest event a source may send, payload included: its compact JSON (JSON.stringify), in
 * UTF-8 bytes. A TikTok event as the bridge builds it from tiktok-live-connector 2.5.0 weighs
 * 0.8 to 0.95 kB (3 to 3.6 kB with the decoder's default fields, which the bridge leaves out);
 * beyond this size the bridge sends a summary of the raw event.
 * The server answers 413 (INGEST_EVENT_TOO_LARGE) to a request holding a larger one.
 */
export const LIVE_INGEST_MAX_EVENT_BYTES = 16 * 1024;
/**
 * The ingestion request's body limit: LIVE_INGEST_MAX_EVENTS of the largest events, the commas
 * between them and the envelope (`{"liveRef":...,"events":[...]}`).
 */
export const LIVE_INGEST_MAX_BODY_BYTES = LIVE_INGEST_MAX_EVENTS * (LIVE_INGEST_MAX_EVENT_BYTES + 1) + 1024;
/** Prefix of a handle typed in the autocomplete that matches nobody yet (spec §4: "id prefixed temp"). */
export const TEMP_HANDLE_ID_PREFIX = "temp-";

/**
 * What a live source (TikTok bridge or simulator) reports of its connection. 'degraded': connected,
 * but the server refused some of its events for good (the bridge set them aside and logged them).
 * 'stopped': the bridge was stopped by its operator; 'disconnected' is what bridges that predate
 * 'stopped' report then, still taken.
 */
export const LIVE_SOURCE_STATES = [
  "connected",
  "reconnecting",
  "disconnected",
  "degraded",
  "stopped",
] as const;
export type LiveSourceState = (typeof LIVE_SOURCE_STATES)[number];

export const liveSourceStateLabels: Record<LiveSourceState, string> = {
  connected: "Connecté",
  reconnecting: "Reconnexion…",
  disconnected: "Déconnecté",
  degraded: "Dégradé : des commentaires ont été refusés",
  stopped: "Arrêté",
};

/** The name a source reports under when it gives none (bridges that predate source names). */
export const DEFAULT_LIVE_SOURCE = "tiktok";
/** Seconds without any event, while the live is active, after which staff are warned. */
export const DEFAULT_LIVE_SILENCE_SECONDS = 30;
export const MIN_LIVE_SILENCE_SECONDS = 1;
export const MAX_LIVE_SILENCE_SECONDS = 3600;

/** The banner shown while an active live's sources have been silent for `seconds` or more. */
export const liveSilenceText = (seconds: number) =>
  `Aucun commentaire reçu depuis ${seconds} s : vérifiez le pont TikTok`;

/**
 * Whether an active live is silent at `nowMs`: nothing received for `seconds` since `sinceMs`
 * (its last event's receipt, else the first report of a source). A live no source ever talked to
 * is not silent: the sidebar already says that no source is connected.
 */
export function isLiveSilent(input: {
  isActive: boolean;
  sinceMs: number | null;
  nowMs: number;
  seconds: number;
}) {
  return input.isActive && input.sinceMs !== null && input.nowMs - input.sinceMs >= input.seconds * 1000;
}

/** 'Dernier événement il y a 12 s', '… il y a 3 min', '… il y a 2 h': a source's last event's age. */
export function lastEventAgeText(thenMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.floor((nowMs - thenMs) / 1000));
  if (seconds < 60) return `Dernier événement il y a ${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `Dernier événement il y a ${minutes} min`;
  return `Dernier événement il y a ${Math.floor(minutes / 60)} h`;
}

/** 'Coupure de 20 s à 21:14:05' (the cut's start, shop time), '… de 2 min 05 s …'. */
export function sourceGapText(fromMs: number, toMs: number, timeZone = SHOP_TIME_ZONE): string {
  const total = Math.max(0, Math.round((toMs - fromMs) / 1000));
  const length =
    total < 60 ? `${total} s` : `${Math.floor(total / 60)} min ${String(total % 60).padStart(2, "0")} s`;
  const at = new Intl.DateTimeFormat("fr-FR", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).format(new Date(fromMs));
  return `Coupure de ${length} à ${at}`;
}

/** Event types a source sends, as tiktok-live-connector names them. */
/**
 * The platforms a live's comments come from. TikTok is read through the unofficial connector; the
 * others through their official APIs (a bridge each) or, for Instagram, the server's webhook.
 */
export const LIVE_PLATFORMS = ["tiktok", "youtube", "facebook", "instagram"] as const;
export type LivePlatform = (typeof LIVE_PLATFORMS)[number];
export const DEFAULT_LIVE_PLATFORM: LivePlatform = "tiktok";

export const livePlatformLabels: Readonly<Record<LivePlatform, string>> = {
  tiktok: "TikTok",
  youtube: "YouTube",
  facebook: "Facebook",
  instagram: "Instagram",
};

const VIEWER_KEY_PREFIX = /^(youtube|facebook|instagram):/;

/**
 * A viewer's key in a live (claims, orders, the sidebar): a TikTok viewer keeps their handle as it
 * always was, a viewer of another platform is that platform's author id behind the platform's name,
 * so that two platforms' authors never share a key and every TikTok key stays what it was.
 */
export function viewerKey(platform: LivePlatform, uniqueId: string): string {
  const handle = sidebarHandle(uniqueId);
  if (platform === DEFAULT_LIVE_PLATFORM || handle === "") return handle;
  return `${platform}:${handle}`;
}

/** The platform a viewer key belongs to. */
export function viewerPlatform(key: string): LivePlatform {
  const prefix = VIEWER_KEY_PREFIX.exec(key);
  return prefix ? (prefix[1] as LivePlatform) : DEFAULT_LIVE_PLATFORM;
}

/**
 * A viewer as the back office names them without their platform beside: a TikTok viewer by their
 * handle ('@marie'), another platform's by the name they show ('Léa'), since their key is an
 * author id nobody reads ('youtube:ucx9…'); without a name, 'Spectateur YouTube'.
 */
export function viewerName(key: string, nickname: string | null | undefined): string {
  const platform = viewerPlatform(key);
  if (platform === DEFAULT_LIVE_PLATFORM) return `@${key}`;
  return nickname?.trim() || `Spectateur ${livePlatformLabels[platform]}`;
}

/**
 * A viewer named where their platform is not otherwise shown (the reservations, the live's orders,
 * the orders list): '@marie' for TikTok, as ever; 'Léa (YouTube)' for another platform.
 */
export function viewerLabel(key: string, nickname: string | null | undefined): string {
  const platform = viewerPlatform(key);
  if (platform === DEFAULT_LIVE_PLATFORM) return viewerName(key, nickname);
  const name = nickname?.trim();
  return name ? `${name} (${livePlatformLabels[platform]})` : viewerName(key, null);
}

export const LIVE_EVENT_TYPES = ["chat", "member", "gift", "like"] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/**
 * What staff read for an event type. 'subscribe' is not ingested today but is TikTok's own type:
 * named here so that a source sending it one day is not shown in English.
 */
export const liveEventTypeLabels: Readonly<Record<LiveEventType | "subscribe", string>> = {
  chat: "Commentaire",
  member: "Arrivée",
  gift: "Cadeau",
  like: "J'aime",
  subscribe: "Abonnement",
};

/** The French label of a stored event type; a type no label names reads "Autre (type)". */
export function liveEventTypeLabel(type: string): string {
  return Object.hasOwn(liveEventTypeLabels, type)
    ? liveEventTypeLabels[type as keyof typeof liveEventTypeLabels]
    : `Autre (${type})`;
}

export const liveSellingMessages = {
  productAndHandleRequired: "Veuillez sélectionner un produit et indiquer un pseudo",
  userFailed: "Impossible de trouver ou créer l'utilisateur",
  addFailed: "Impossible d'ajouter le produit",
  orderFailed: "Impossible d'ajouter la commande",
  itemDeleteFailed: "Impossible de supprimer cet article",
  added: "Produit ajouté à la commande avec succès",
  itemDeleted: "Article supprimé avec succès",
  liveRequired: "La sélection d'un live est obligatoire",
  liveNotActive: "Ce live n'est pas actif",
  eventsLoadFailed: "Erreur lors du chargement des événements TikTok",
  ordersLoadFailed: "Impossible de charger les commandes",
  livesLoadFailed: "Impossible de charger les lives",
  noProductFound: "Aucun produit trouvé",
  ingestUnauthorized: "Jeton d'ingestion invalide",
  ingestBusy: "Ingestion saturée, réessayez dans un instant",
  ingestLiveUnknown: "Live introuvable",
  gapRangeInvalid: "La plage de commentaires demandée est invalide",
  ingestLiveInactive: "Ce live n'est pas actif : ses commentaires ne sont pas enregistrés",
  ingestStatusLiveInactive: "Ce live n'est pas actif : l'état de sa source n'est pas enregistré",
  sourceNameInvalid:
    "Le nom de la source est invalide (lettres minuscules, chiffres, - et _, 40 caractères au plus)",
  sourceCountInvalid: "Les compteurs de la source doivent être des nombres entiers positifs",
  sourceTimeInvalid: "L'heure indiquée par la source est invalide",
  gapEndsBeforeStart: "La fin de la coupure précède son début",
  gapTooLong: "Une coupure ne peut pas dépasser 24 h",
  ingestEventTooLarge: `Un événement dépasse la taille maximale acceptée (${LIVE_INGEST_MAX_EVENT_BYTES / 1024} Ko, contenu brut compris)`,
} as const;

/** The sidebar's handle: lowercased and trimmed (spec §5), one leading @ dropped (and what follows it trimmed). */
export function sidebarHandle(raw: string): string {
  return normalizeTiktokUsername(raw).trim();
}
