import heldOutPart from "../corpus/live-comments/held-out.jsonl?raw";
import thirdHeldOutPart from "../corpus/live-comments/held-out-3.jsonl?raw";
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

const parts = { tuning: tuningPart, "held-out": heldOutPart, "held-out-3": thirdHeldOutPart };
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
   * The floors are the held-out figures the reader reached (decision 038): precision of sure
   * claims 96.4 %, recall with doubts 96.6 %, doubts 7.4 % of claim comments, no un-claim or
   * negation read as a sure claim, one remark. They guard against a change that reads worse; the
   * targets the reader is meant to reach (99.5 % precision, 98 % recall, no remark read as a sure
   * claim) are not reached yet, and a change that reaches them raises these floors.
   */
  it("on the held-out part, reads un-claims and negations as no claim and stays above its floors", () => {
    const heldOut = figuresOf("held-out");
    expect(heldOut.claimComments).toBeGreaterThanOrEqual(100);
    expect(heldOut.wrongCertainByKind.unclaim).toBe(0);
    expect(heldOut.wrongCertainByKind.negation).toBe(0);
    expect(heldOut.wrongCertainByKind.remark).toBeLessThanOrEqual(1);
    expect(heldOut.precision).toBeGreaterThanOrEqual(0.96);
    expect(heldOut.recall).toBeGreaterThanOrEqual(0.96);
    expect(heldOut.doubtShare).toBeLessThanOrEqual(0.1);
  });

  /*
   * The third held-out part, written blind and scored once after the last change (decision 038):
   * precision 97.5 %, recall with doubts 96.4 %, doubts 17.6 % of claim comments, one un-claim,
   * one remark and one question read as sure claims. It is now the clean measure; these floors
   * only keep a change from reading it worse.
   */
  it("on the third held-out part, stays above the figures it was first scored at", () => {
    const heldOut = figuresOf("held-out-3");
    expect(heldOut.claimComments).toBeGreaterThanOrEqual(150);
    expect(heldOut.wrongCertainByKind.unclaim).toBeLessThanOrEqual(1);
    expect(heldOut.wrongCertainByKind.negation).toBe(0);
    expect(heldOut.wrongCertainByKind.remark).toBeLessThanOrEqual(1);
    expect(heldOut.precision).toBeGreaterThanOrEqual(0.975);
    expect(heldOut.recall).toBeGreaterThanOrEqual(0.963);
    expect(heldOut.doubtShare).toBeLessThanOrEqual(0.18);
  });
});
