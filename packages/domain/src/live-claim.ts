import { readComment } from "./live-comment-reader";

export { MAX_CLAIM_REF } from "./live-comment-reader";

/**
 * The one product reference a live comment claims or may claim, or null: what the sidebar's
 * one-click add offers. It is `readLiveComment` narrowed to one piece, so a comment claiming several pieces
 * ("le 3 et le 5"), giving one up ("je passe le 12"), asking ("le 12 ?") or offering a choice
 * ("le 3 ou le 5") gives null.
 *
 * `availableRefs` is applied after the reading: "le 3 ou le 5" stays null even when only 5 is
 * left, because the viewer has not chosen it.
 */
export function parseClaim(comment: string, availableRefs?: ReadonlySet<number>): number | null {
  const reading = readComment(comment, []);
  // A doubt is offered too: staff's click is the confirmation it waits for.
  const pieces = [...reading.claims, ...reading.doubts];
  if (pieces.length !== 1 || reading.unclaims.length > 0) return null;
  const ref = pieces[0]?.ref ?? null;
  if (ref === null || (availableRefs !== undefined && !availableRefs.has(ref))) return null;
  return ref;
}
