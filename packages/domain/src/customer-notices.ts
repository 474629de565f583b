import { formatEuros } from "./money";
import { pieceLookParts, requestMismatchText, type PieceLook, type PieceRequest } from "./piece-request";
import { SHOP_TIME_ZONE } from "./order-status";

/*
 * What a customer is told of their live claims (decision 032): by e-mail through the shop's
 * message templates, and as web push notifications on the devices they allowed.
 */

/** The four moments a customer hears of; each is also a message template type. */
export const CUSTOMER_NOTICE_KINDS = [
  "claim-reserved",
  "claim-reminder",
  "claim-expired",
  "claim-handed-over",
] as const;
export type CustomerNoticeKind = (typeof CUSTOMER_NOTICE_KINDS)[number];

/** How 'Templates messages' names them, beside the order statuses. */
export const customerNoticeLabels: Record<CustomerNoticeKind, string> = {
  "claim-reserved": "Réservé pour vous",
  "claim-reminder": "Rappel avant la fin de la réservation",
  "claim-expired": "Réservation expirée",
  "claim-handed-over": "C'est à vous !",
};

/**
 * Notices of one customer that come within this many seconds of the first one make one mail (and
 * one push) per kind: a burst of claims in a few seconds is one 'Réservé pour vous', not ten.
 */
export const NOTICE_BATCH_SECONDS = 5;

/** How long before a hold ends its order's one reminder goes (CLAIM_REMINDER_HOURS). */
export const DEFAULT_CLAIM_REMINDER_SECONDS = 2 * 60 * 60;

/**
 * Past-due holds of a customer that make the engine stop giving them pieces by itself
 * (UNPAID_HOLDS_LIMIT; 0 turns the rule off): their claims wait for a staff click.
 */
export const DEFAULT_UNPAID_HOLDS_LIMIT = 2;

/** Whether a customer at this count of unpaid holds gets pieces only by a staff click. */
export function needsStaffToGive(unpaidHolds: number, limit: number): boolean {
  return limit > 0 && unpaidHolds >= limit;
}

export const pushMessages = {
  unsupported: "Votre navigateur ne permet pas les notifications",
  denied: "Les notifications sont bloquées pour ce site dans votre navigateur",
  enabled: "Notifications activées sur cet appareil",
  disabled: "Notifications désactivées sur cet appareil",
  failed: "Impossible d'activer les notifications",
  invalidSubscription: "Abonnement aux notifications invalide",
  /** The endpoint is not at a browser's push service: no browser made this subscription. */
  notPushService: "Cette adresse n'est pas celle d'un service de notifications de navigateur",
  /** The endpoint names the shop's own machine or network, whatever the spelling. */
  privateAddress: "Cette adresse de notification mène à un réseau privé : elle est refusée",
  /** The browser's subscription already belongs to another account: it is not handed over. */
  endpointTaken: "Cet appareil reçoit déjà les notifications d'un autre compte",
} as const;

/** A piece a notice is about, as its mail and push name it. */
export interface NoticePiece {
  ref: number;
  name: string;
  priceCents: number;
  /** The piece's own size and colour (decision 041): what the customer gets. */
  look?: PieceLook;
  /** What their comment asked for: said plainly when the piece differs. */
  request?: PieceRequest;
}

const holdDay = new Intl.DateTimeFormat("fr-FR", {
  timeZone: SHOP_TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
});
const holdTime = new Intl.DateTimeFormat("fr-FR", {
  timeZone: SHOP_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A hold's end in the shop's time: "jusqu'au jeudi 26 novembre à 21:30". */
export function holdEndText(heldUntil: Date): string {
  return `jusqu'au ${holdDay.format(heldUntil)} à ${holdTime.format(heldUntil)}`;
}

/**
 * One line of a notice's list of pieces: "n°12 · Robe fleurie · 9,90 € · Taille : M · Couleur :
 * Rouge", then, when the comment asked for something else, the difference said plainly.
 */
export function noticePieceLine(piece: NoticePiece): string {
  const look = piece.look ? pieceLookParts(piece.look) : [];
  const line = [`n°${piece.ref}`, piece.name, formatEuros(piece.priceCents), ...look].join(" · ");
  const mismatch = piece.look && piece.request ? requestMismatchText(piece.request, piece.look) : null;
  return mismatch ? `${line} (${mismatch})` : line;
}

/** The pieces in a push's short text: the first three by name, then how many more. */
function piecesInShort(pieces: readonly NoticePiece[]): string {
  const named = pieces.slice(0, 3).map((piece) => `${piece.name} (n°${piece.ref})`);
  const more = pieces.length - named.length;
  if (more === 0) return named.join(", ");
  return `${named.join(", ")} et ${more} autre${more > 1 ? "s" : ""}`;
}

/** The short French text of a push notification; its title is the template's. */
export function noticePushBody(
  kind: CustomerNoticeKind,
  pieces: readonly NoticePiece[],
  heldUntil: Date | null,
  orderEmptied = false,
): string {
  const names = piecesInShort(pieces);
  const until = heldUntil ? ` ${holdEndText(heldUntil)}` : "";
  switch (kind) {
    case "claim-reserved":
      return `${names} : réservé pour vous${until}.`;
    case "claim-handed-over":
      return `${names} : c'est à vous${until}.`;
    case "claim-reminder":
      return `${names} : pensez à régler votre commande, réservé${until}.`;
    case "claim-expired":
      return orderEmptied
        ? `${names} : la réservation a pris fin. ${noticeMailMessages.orderEmptied}`
        : `${names} : la réservation a pris fin.`;
  }
}

/** The block of facts the server writes under a notice's template. */
export const noticeMailMessages = {
  piecesHeading: "Vos articles",
  reservedUntil: (holdEnd: string) => `Réservé pour vous ${holdEnd}.`,
  seeOrder: "Voir ma commande",
  /** The order lost its last piece with this end: the engine cancelled it ('cancelled-empty'). */
  orderEmptied: "Votre commande est maintenant vide : elle est annulée et il n'y a rien à régler.",
  /** Under the 'Expédiée' mail, whatever its template says: La Poste's page of the parcel. */
  followParcel: "Suivre mon colis",
} as const;
