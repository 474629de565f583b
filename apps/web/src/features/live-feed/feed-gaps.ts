import type { LiveFeedGap } from "@vitrine/domain";

/**
 * A range of events the stream did not send (its `gap` event), as the page reads it back page by
 * page: `after` moves forward as pages arrive, `remaining` counts down.
 */
export interface FeedGap {
  /** Where the stream's gap started (its resume point then). */
  start: number;
  after: number;
  through: number;
  remaining: number;
}

export const NO_GAPS: readonly FeedGap[] = [];

/**
 * The gaps once the stream announced one. A stream that reconnects from the same resume point
 * before sending anything announces it again, wider: the wider one replaces the one it covers,
 * and a gap already covered changes nothing, so no event is counted twice.
 */
export function addGap(gaps: readonly FeedGap[], gap: LiveFeedGap): readonly FeedGap[] {
  if (gap.count <= 0 || gap.through <= gap.after) return gaps;
  if (gaps.some((known) => known.start <= gap.after && gap.through <= known.through)) return gaps;
  const kept = gaps.filter((known) => !(gap.after <= known.start && known.through <= gap.through));
  const added: FeedGap = { start: gap.after, after: gap.after, through: gap.through, remaining: gap.count };
  return [...kept, added].sort((a, b) => a.start - b.start);
}

const sameGap = (a: FeedGap, b: FeedGap) => a.start === b.start && a.through === b.through;

/**
 * The gaps once a page of `gap` was read: it resumes at `next`, or is gone when `next` is null.
 * A page of a gap replaced meanwhile changes nothing (its events are merged all the same).
 */
export function gapPageRead(
  gaps: readonly FeedGap[],
  gap: FeedGap,
  page: { events: readonly unknown[]; next: number | null },
): readonly FeedGap[] {
  if (!gaps.some((known) => sameGap(known, gap) && known.after === gap.after)) return gaps;
  return gaps.flatMap((known) => {
    if (!sameGap(known, gap)) return [known];
    if (page.next === null) return [];
    return [{ ...known, after: page.next, remaining: Math.max(0, known.remaining - page.events.length) }];
  });
}

/** Events announced and not read yet. */
export function missedCount(gaps: readonly FeedGap[]): number {
  return gaps.reduce((sum, gap) => sum + gap.remaining, 0);
}

const count = new Intl.NumberFormat("fr-FR");

/** What the sidebar shows while a gap is being read, or null when nothing is missing. */
export function missedCommentsText(missed: number): string | null {
  if (missed <= 0) return null;
  if (missed === 1) return "1 commentaire non affiché";
  return `${count.format(missed)} commentaires non affichés`;
}
