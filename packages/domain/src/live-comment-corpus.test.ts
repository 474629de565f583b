import heldOutPart from "../corpus/live-comments/held-out.jsonl?raw";
import thirdHeldOutPart from "../corpus/live-comments/held-out-3.jsonl?raw";
import fourthHeldOutPart from "../corpus/live-comments/held-out-4.jsonl?raw";
import tuningPart from "../corpus/live-comments/tuning.jsonl?raw";
import { describe, expect, it } from "vitest";
import {
  CORPUS_SHOP_COLORS,
  formatFigures,
  parseCorpus,
  scoreReadings,
  type CommentReadingFigures,
} from "./comment-reading-figures";
import { readLiveComment } from "./live-claims";

/*
 * The reader judged on the labelled corpus (corpus/live-comments): comments written from the
 * viewers' side, split once into a part to tune on and a held-out part never looked at while
 * changing the reader. Both parts' figures are printed; the held-out part's are the ones held to
 * the thresholds, because the reader was tuned on the other.
 */

const parts = {
  tuning: tuningPart,
  "held-out": heldOutPart,
  "held-out-3": thirdHeldOutPart,
  "held-out-4": fourthHeldOutPart,
};
type Part = keyof typeof parts;

/** The domain is built without Node's or the DOM's types; the test runner has a console. */
const print = (text: string) =>
  (globalThis as unknown as { console: { log: (text: string) => void } }).console.log(text);

function figuresOf(part: Part): CommentReadingFigures {
  const comments = parseCorpus(parts[part]);
  const figures = scoreReadings(comments, (text) => readLiveComment(text, CORPUS_SHOP_COLORS));
  print(formatFigures(part, figures, { examples: part === "tuning" }));
  return figures;
}

describe("the comment reader on the labelled corpus", () => {
  it("reads the tuning part (printed beside the held-out part, which is the one that counts)", () => {
    const tuning = figuresOf("tuning");
    expect(tuning.claimComments).toBeGreaterThan(200);
  });

  /*
   * The first held-out part has been scored many times (figures only) and no longer measures
   * much; its floors are the figures it first reached (decision 038): precision of sure claims
   * 96.4 %, recall with doubts 96.6 %, doubts 7.4 % of claim comments. The later parts below are
   * the measures that count.
   */
  it("on the held-out part, reads un-claims and negations as no claim and stays above its floors", () => {
    const heldOut = figuresOf("held-out");
    expect(heldOut.claimComments).toBeGreaterThanOrEqual(100);
    expect(heldOut.wrongCertainByKind.unclaim).toBe(0);
    expect(heldOut.wrongCertainByKind.negation).toBe(0);
    expect(heldOut.wrongCertainByKind.remark).toBeLessThanOrEqual(1);
    expect(heldOut.precision).toBeGreaterThanOrEqual(0.96);
    expect(heldOut.recall).toBeGreaterThanOrEqual(0.966);
    expect(heldOut.doubtShare).toBeLessThanOrEqual(0.1);
  });

  /*
   * The third held-out part, written blind, was first scored at precision 97.5 %, recall 96.4 %,
   * doubts 17.6 %, and scored again (figures only) after four more tuning batches: precision
   * 98.8 %, recall 95.8 %, doubts 9.7 % (decision 038). These floors keep a change from reading it
   * worse than that.
   */
  it("on the third held-out part, stays above the figures it was last scored at", () => {
    const heldOut = figuresOf("held-out-3");
    expect(heldOut.claimComments).toBeGreaterThanOrEqual(150);
    expect(heldOut.wrongCertainByKind.unclaim).toBe(0);
    expect(heldOut.wrongCertainByKind.negation).toBe(0);
    expect(heldOut.wrongCertainByKind.remark).toBeLessThanOrEqual(1);
    expect(heldOut.precision).toBeGreaterThanOrEqual(0.988);
    expect(heldOut.recall).toBeGreaterThanOrEqual(0.957);
    expect(heldOut.doubtShare).toBeLessThanOrEqual(0.1);
  });

  /*
   * The fourth held-out part, sealed before the last tuning and scored once (decision 038): it
   * meets the targets for what matters most, no piece given to someone who did not ask (precision
   * of sure claims 100 %, no un-claim, negation or remark read as a sure claim). Recall with doubts
   * (92.1 %) and doubts (12.1 % of claim comments) are short of the targets (98 % and 10 %); their
   * floors are the figures reached.
   */
  it("on the fourth held-out part, gives no piece to anyone who did not ask for it", () => {
    const heldOut = figuresOf("held-out-4");
    expect(heldOut.claimComments).toBeGreaterThanOrEqual(150);
    expect(heldOut.wrongCertainByKind.unclaim).toBe(0);
    expect(heldOut.wrongCertainByKind.negation).toBe(0);
    expect(heldOut.wrongCertainByKind.remark).toBe(0);
    expect(heldOut.precision).toBeGreaterThanOrEqual(0.995);
    expect(heldOut.recall).toBeGreaterThanOrEqual(0.92);
    expect(heldOut.doubtShare).toBeLessThanOrEqual(0.125);
  });
});
