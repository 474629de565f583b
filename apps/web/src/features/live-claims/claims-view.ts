import {
  claimReleaseReasonLabels,
  claimStateLabels,
  doubtReasonLabels,
  formatEuros,
  formatHoldEnd,
  SOLD_LABEL,
  TO_CONFIRM_LABEL,
  viewerLabel,
  type LiveClaimCounters,
  type LiveClaimUnknownRef,
  type LiveClaimView,
} from "@vitrine/domain";

/** Claims by id, each at the highest version seen: a change met twice, or late, changes nothing. */
export function mergeClaims(
  current: ReadonlyMap<string, LiveClaimView>,
  incoming: readonly LiveClaimView[],
): ReadonlyMap<string, LiveClaimView> {
  let merged: Map<string, LiveClaimView> | null = null;
  for (const claim of incoming) {
    const known = (merged ?? current).get(claim.id);
    if (known && known.version >= claim.version) continue;
    merged ??= new Map(current);
    merged.set(claim.id, claim);
  }
  return merged ?? current;
}

/** Claims of unknown references by id: one met twice is kept once. */
export function mergeUnknownRefs(
  current: ReadonlyMap<string, LiveClaimUnknownRef>,
  incoming: readonly LiveClaimUnknownRef[],
): ReadonlyMap<string, LiveClaimUnknownRef> {
  const fresh = incoming.filter((unknown) => !current.has(unknown.id));
  if (fresh.length === 0) return current;
  const merged = new Map(current);
  for (const unknown of fresh) merged.set(unknown.id, unknown);
  return merged;
}

/** The highest version among claims (0 for none): where a stream resumes. */
export function highestVersion(claims: Iterable<{ version: number }>, floor = 0): number {
  let version = floor;
  for (const claim of claims) version = Math.max(version, claim.version);
  return version;
}

const byQueue = (a: LiveClaimView, b: LiveClaimView) => a.queueRank - b.queueRank || a.seq - b.seq;

/**
 * The claims with their waitlist places numbered from their ranks. A claim leaving a waitlist
 * changes only itself on the server (the ones behind keep their rank and version), so the places
 * a stream brought may be stale: they are counted here again, among the waitlisted claims held.
 */
export function numberWaitlists(
  claims: ReadonlyMap<string, LiveClaimView>,
): ReadonlyMap<string, LiveClaimView> {
  const waitlists = new Map<string, LiveClaimView[]>();
  for (const claim of claims.values()) {
    if (claim.state !== "waitlisted") continue;
    const waitlist = waitlists.get(claim.productId) ?? [];
    waitlist.push(claim);
    waitlists.set(claim.productId, waitlist);
  }
  let numbered: Map<string, LiveClaimView> | null = null;
  for (const waitlist of waitlists.values()) {
    waitlist.sort(byQueue).forEach((claim, index) => {
      if (claim.waitlistPosition === index + 1) return;
      numbered ??= new Map(claims);
      numbered.set(claim.id, { ...claim, waitlistPosition: index + 1 });
    });
  }
  return numbered ?? claims;
}

const HOLDING = new Set<LiveClaimView["state"]>(["pending", "in-order", "paid"]);

/** One piece claimed in the live: who holds it (or waits for staff's click) and who waits. */
export interface ClaimedPieceView {
  productId: string;
  ref: number;
  productName: string;
  holder: LiveClaimView | null;
  /** Next in line first. */
  waitlist: LiveClaimView[];
  /** Sold outside claims: the order and whether it is paid (the latest claim read says). */
  sale: NonNullable<LiveClaimView["pieceSale"]> | null;
  /** Claims answered at once as sold. */
  soldClaims: number;
}

/** The pieces with a holder or a waitlist, or sold outside claims to claimers, by reference. */
export function claimedPieces(claims: Iterable<LiveClaimView>): ClaimedPieceView[] {
  const pieces = new Map<string, ClaimedPieceView>();
  const saleVersion = new Map<string, number>();
  for (const claim of claims) {
    const sold = claim.releaseReason === "sold";
    if (claim.state === "released" && !sold) continue;
    let piece = pieces.get(claim.productId);
    if (!piece) {
      piece = {
        productId: claim.productId,
        ref: claim.ref,
        productName: claim.productName,
        holder: null,
        waitlist: [],
        sale: null,
        soldClaims: 0,
      };
      pieces.set(claim.productId, piece);
    }
    if ((saleVersion.get(claim.productId) ?? -1) < claim.version && (sold || claim.pieceSale)) {
      saleVersion.set(claim.productId, claim.version);
      piece.sale = claim.pieceSale;
    }
    if (sold) piece.soldClaims += 1;
    else if (HOLDING.has(claim.state)) piece.holder = claim;
    else piece.waitlist.push(claim);
  }
  for (const piece of pieces.values()) piece.waitlist.sort(byQueue);
  return [...pieces.values()].sort((a, b) => a.ref - b.ref);
}

/** "jusqu'à demain 14:32" (Paris time), or null without a hold end. */
export function holdEndText(heldUntil: string | null, now: number = Date.now()): string | null {
  return heldUntil ? `jusqu'à ${formatHoldEnd(heldUntil, now)}` : null;
}

/** "1. @a  2. @b". */
export function waitlistText(waitlist: readonly LiveClaimView[]): string {
  return waitlist
    .map(
      (claim, index) =>
        `${claim.waitlistPosition ?? index + 1}. ${viewerLabel(claim.handle, claim.nickname)}`,
    )
    .join("  ");
}

/** What a comment card says of its claim: "Réservée", "En attente n°2", "À confirmer", "Libérée (…)". */
export function claimBadgeText(claim: LiveClaimView): string {
  if (claim.toConfirm) return TO_CONFIRM_LABEL;
  switch (claim.state) {
    case "pending":
      return claimStateLabels.pending;
    case "in-order":
      return "Réservée";
    case "paid":
      return claimStateLabels.paid;
    case "waitlisted":
      return `En attente n°${claim.waitlistPosition ?? "?"}`;
    case "released":
      if (claim.releaseReason === "sold") return SOLD_LABEL;
      return claim.releaseReason
        ? `${claimStateLabels.released} (${claimReleaseReasonLabels[claim.releaseReason].toLowerCase()})`
        : claimStateLabels.released;
  }
}

/** The holder's line: "Dans la commande n°HF-abc-12 · jusqu'à demain 14:32". */
export function holderText(claim: LiveClaimView, now: number = Date.now()): string {
  const parts: string[] = [claimStateLabels[claim.state]];
  if (claim.orderNumber && claim.state !== "pending") parts[0] += ` n°${claim.orderNumber}`;
  const until = claim.state === "in-order" ? holdEndText(claim.heldUntil, now) : null;
  if (until) parts.push(until);
  return parts.join(" · ");
}

/** Why the reader doubted the comment ("Demande posée comme une question"), or null for a sure claim. */
export function doubtReasonText(claim: LiveClaimView): string | null {
  return claim.doubtReason ? doubtReasonLabels[claim.doubtReason] : null;
}

/**
 * Whole seconds left before an unanswered doubt is dropped, never below 0; null when the claim is
 * not to confirm. Rounded up: "encore 1 s" until the very end, never "encore 0 s" while it holds.
 */
export function doubtSecondsLeft(claim: LiveClaimView, now: number): number | null {
  if (!claim.toConfirm || !claim.doubtUntil) return null;
  return Math.max(0, Math.ceil((Date.parse(claim.doubtUntil) - now) / 1000));
}

/** "encore 32 s", or "délai écoulé" while the server's drop is on its way. */
export function doubtTimeLeftText(seconds: number): string {
  return seconds > 0 ? `encore ${seconds} s` : "délai écoulé";
}

/** Who answered a doubt: "Confirmée par Marie", "Ignorée par Marie"; null otherwise. */
export function doubtAnswerText(claim: LiveClaimView): string | null {
  if (!claim.doubtReason || claim.toConfirm || !claim.decidedBy) return null;
  if (claim.state === "released") {
    if (claim.releaseReason !== "doubt-ignored") return null;
    return `Ignorée par ${claim.decidedBy}`;
  }
  return `Confirmée par ${claim.decidedBy}`;
}

/** What the comment said of size and colour, flagged where it differs from the piece. */
export function readText(claim: LiveClaimView): { text: string; differs: boolean } | null {
  const parts: string[] = [];
  if (claim.sizeRead)
    parts.push(`taille ${claim.sizeRead}${claim.sizeDiffers ? " (différente de la pièce)" : ""}`);
  if (claim.colorRead)
    parts.push(`couleur ${claim.colorRead}${claim.colorDiffers ? " (différente de la pièce)" : ""}`);
  if (parts.length === 0) return null;
  return { text: `Demandé : ${parts.join(", ")}`, differs: claim.sizeDiffers || claim.colorDiffers };
}

/** The counters as staff read them, in the order; amounts in euros. */
export function counterItems(counters: LiveClaimCounters): { label: string; value: string }[] {
  const count = (value: number) => new Intl.NumberFormat("fr-FR").format(value);
  return [
    { label: "Commentaires", value: count(counters.comments) },
    { label: "Réservations", value: count(counters.claims) },
    { label: "Pièces réservées", value: count(counters.piecesHeld) },
    { label: "Commandes", value: count(counters.orders) },
    { label: "Montant réservé", value: formatEuros(counters.revenueHeldCents) },
    { label: "Montant payé", value: formatEuros(counters.revenuePaidCents) },
    { label: "Libérations sans paiement", value: count(counters.unpaidReleases) },
    { label: "Demandes de pièces vendues", value: count(counters.soldClaims) },
    { label: "Réfs introuvables", value: count(counters.unknownRefs) },
  ];
}

/**
 * A live's doubt wait typed in whole seconds: seconds, null when empty (the shop's), or undefined
 * when it is not a whole number (the bounds are the contract's to check).
 */
export function parseDoubtSeconds(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/**
 * The claims of a change whose holder un-claimed a piece already paid since the page last knew
 * them (the server changed nothing; staff are told once).
 */
export function newLateUnclaims(
  known: ReadonlyMap<string, LiveClaimView>,
  incoming: readonly LiveClaimView[],
): LiveClaimView[] {
  return incoming.filter((claim) => {
    if (!claim.lateUnclaimAt) return false;
    const before = known.get(claim.id);
    return !before || (before.version < claim.version && before.lateUnclaimAt !== claim.lateUnclaimAt);
  });
}

/** "Vendue · commande n°HF-12-3 · payée": a piece sold outside claims, as its card says it. */
export function saleText(sale: NonNullable<LiveClaimView["pieceSale"]>): string {
  return `${SOLD_LABEL} · ${saleOrderText(sale)} · ${salePaymentText(sale)}`;
}

export const saleOrderText = (sale: NonNullable<LiveClaimView["pieceSale"]>) =>
  `commande n°${sale.orderNumber}`;
export const salePaymentText = (sale: NonNullable<LiveClaimView["pieceSale"]>) =>
  sale.paid ? "payée" : "pas encore payée";
