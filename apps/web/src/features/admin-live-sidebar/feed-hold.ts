import type { LiveFeedEvent } from "@vitrine/domain";

/**
 * What the feed shows while staff hold it still (pointer over it, focus in it, a claim being
 * added): the cards as they were when the hold began, and how many newer comments wait. Without a
 * hold the feed shows what it holds.
 */
export interface HeldFeedView {
  shown: readonly LiveFeedEvent[];
  waiting: number;
}

/**
 * `frozen` is the list taken when the hold began (or when staff brought the waiting ones in), null
 * while nothing holds the feed. Comments read back from a gap count as waiting too: shown, they
 * would slide in between the cards.
 */
export function heldFeedView(
  frozen: readonly LiveFeedEvent[] | null,
  latest: readonly LiveFeedEvent[],
): HeldFeedView {
  if (frozen === null) return { shown: latest, waiting: 0 };
  const shownSeqs = new Set(frozen.map((event) => event.seq));
  const waiting = latest.reduce((sum, event) => (shownSeqs.has(event.seq) ? sum : sum + 1), 0);
  return { shown: frozen, waiting };
}

const count = new Intl.NumberFormat("fr-FR");

/** The bar's text, or null when nothing waits. */
export function waitingCommentsText(waiting: number): string | null {
  if (waiting <= 0) return null;
  if (waiting === 1) return "1 nouveau commentaire";
  return `${count.format(waiting)} nouveaux commentaires`;
}
