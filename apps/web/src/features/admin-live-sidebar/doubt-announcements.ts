import type { LiveClaimView } from "@vitrine/domain";
import { doubtReasonText, doubtSecondsLeft } from "../live-claims";

/** Below this many seconds left, a doubt still unanswered is announced once more. */
export const DOUBT_LAST_CALL_SECONDS = 10;

/** The doubts already announced, and those whose last call was. */
export interface DoubtsAnnounced {
  told: Set<string>;
  lastCalls: Set<string>;
}

/**
 * What a screen reader hears of the live's doubts since `announced` (which it updates): each new
 * doubt once, with its reason and time left, and each one again when its last seconds begin. The
 * countdowns themselves are never announced: a sentence a second would drown everything else.
 */
export function doubtAnnouncements(
  announced: DoubtsAnnounced,
  claims: Iterable<LiveClaimView>,
  now: number,
): string[] {
  const sentences: string[] = [];
  for (const claim of claims) {
    const secondsLeft = doubtSecondsLeft(claim, now);
    if (secondsLeft === null || secondsLeft <= 0) continue;
    if (!announced.told.has(claim.id)) {
      announced.told.add(claim.id);
      if (secondsLeft <= DOUBT_LAST_CALL_SECONDS) announced.lastCalls.add(claim.id);
      const reason = doubtReasonText(claim);
      sentences.push(
        `À confirmer : réf ${claim.ref} pour @${claim.handle}${reason ? ` (${reason.toLowerCase()})` : ""}, encore ${secondsLeft} s`,
      );
    } else if (secondsLeft <= DOUBT_LAST_CALL_SECONDS && !announced.lastCalls.has(claim.id)) {
      announced.lastCalls.add(claim.id);
      sentences.push(`Plus que ${secondsLeft} s pour confirmer la réf ${claim.ref} de @${claim.handle}`);
    }
  }
  return sentences;
}
