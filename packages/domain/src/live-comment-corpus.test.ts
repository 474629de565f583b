import heldOutPart from "../corpus/live-comments/held-out.jsonl?raw";
import thirdHeldOutPart from "../corpus/live-comments/held-out-3.jsonl?raw";
import fifthHeldOutPart from "../corpus/live-comments/held-out-5.jsonl?raw";
import sixthHeldOutPart from "../corpus/live-comments/held-out-6.jsonl?raw";
import seventhHeldOutPart from "../corpus/live-comments/held-out-7.jsonl?raw";
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
  "held-out-5": fifthHeldOutPart,
  "held-out-6": sixthHeldOutPart,
  "held-out-7": seventhHeldOutPart,
};
type Part = keyof typeof parts;

/** The domain is built without Node's or the DOM's types; the test runner has a console. */
const print = (text: string) =>
  (globalThis as unknown as { console: { log: (text: string) => void } }).console.log(text);

interface HeldOutFloor {
  claimComments: number;
  /** Remarks read as a sure claim, at most. */
  remarks: number;
  precision: number;
  recall: number;
  /** Share of claim comments with a doubt, at most. */
  doubts: number;
}

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
    // Thousands of comments, read on a machine that may be busy with other suites.
  }, 60_000);

  /*
   * Each held-out part's floors (decision 038):
   * - held-out: scored many times (figures only), it no longer measures much; its floors are the
   *   figures it first reached (precision 96.4 %, recall 96.6 %, doubts 7.4 %);
   * - held-out-3: written blind, first scored at precision 97.5 %, recall 96.4 %, doubts 17.6 %,
   *   then again (figures only) after four more tuning batches: 98.8 %, 95.8 %, 9.7 %;
   * - held-out-5: sealed before the last tuning (held-out-4 and a batch of claims joined the
   *   tuning part) and scored once: precision 98.0 %, two remarks read as sure, recall 95.2 %,
   *   doubts 16.4 %, short of every target, so its floors are the figures reached;
   * - held-out-6: sealed while the reader changed on held-out-4, `x7` and `y8`, and scored once
   *   after: precision 100 %, nothing read as sure from a comment that takes nothing (the targets),
   *   recall 95.8 % and doubts 11.5 % (short of 98 % and 10 %: their floors are the figures);
   * - held-out-7: sealed after held-out-6 was scored, while the reader still changed, and scored
   *   once after: doubts 8.5 % (the target), recall 96.4 %, precision 98.2 % with one chatter
   *   comment read as sure (short of theirs: the floors are the figures).
   * A change that reads a part worse than its floors fails.
   */
  const floors: [part: Part, floor: HeldOutFloor][] = [
    ["held-out", { claimComments: 100, remarks: 1, precision: 0.96, recall: 0.966, doubts: 0.1 }],
    ["held-out-3", { claimComments: 150, remarks: 1, precision: 0.988, recall: 0.957, doubts: 0.1 }],
    ["held-out-5", { claimComments: 150, remarks: 2, precision: 0.98, recall: 0.95, doubts: 0.165 }],
    ["held-out-6", { claimComments: 150, remarks: 0, precision: 0.995, recall: 0.955, doubts: 0.116 }],
    ["held-out-7", { claimComments: 150, remarks: 0, precision: 0.98, recall: 0.96, doubts: 0.09 }],
  ];
  it.each(floors)(
    "on %s, reads no un-claim or negation as a claim and stays above its floors",
    (part, floor) => {
      const heldOut = figuresOf(part);
      expect(heldOut.claimComments).toBeGreaterThanOrEqual(floor.claimComments);
      expect(heldOut.wrongCertainByKind.unclaim).toBe(0);
      expect(heldOut.wrongCertainByKind.negation).toBe(0);
      expect(heldOut.wrongCertainByKind.remark).toBeLessThanOrEqual(floor.remarks);
      expect(heldOut.precision).toBeGreaterThanOrEqual(floor.precision);
      expect(heldOut.recall).toBeGreaterThanOrEqual(floor.recall);
      expect(heldOut.doubtShare).toBeLessThanOrEqual(floor.doubts);
    },
  );
});
