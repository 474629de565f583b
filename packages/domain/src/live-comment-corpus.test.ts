import heldOutPart from "../corpus/live-comments/held-out.jsonl?raw";
import thirdHeldOutPart from "../corpus/live-comments/held-out-3.jsonl?raw";
import fifthHeldOutPart from "../corpus/live-comments/held-out-5.jsonl?raw";
import sixthHeldOutPart from "../corpus/live-comments/held-out-6.jsonl?raw";
import seventhHeldOutPart from "../corpus/live-comments/held-out-7.jsonl?raw";
import eighthHeldOutPart from "../corpus/live-comments/held-out-8.jsonl?raw";
import ninthHeldOutPart from "../corpus/live-comments/held-out-9.jsonl?raw";
import tenthHeldOutPart from "../corpus/live-comments/held-out-10.jsonl?raw";
import eleventhHeldOutPart from "../corpus/live-comments/held-out-11.jsonl?raw";
import twelfthHeldOutPart from "../corpus/live-comments/held-out-12.jsonl?raw";
import fourteenthHeldOutPart from "../corpus/live-comments/held-out-14.jsonl?raw";
import fifteenthHeldOutPart from "../corpus/live-comments/held-out-15.jsonl?raw";
import sixteenthHeldOutPart from "../corpus/live-comments/held-out-16.jsonl?raw";
import seventeenthHeldOutPart from "../corpus/live-comments/held-out-17.jsonl?raw";
import eighteenthHeldOutPart from "../corpus/live-comments/held-out-18.jsonl?raw";
import nineteenthHeldOutPart from "../corpus/live-comments/held-out-19.jsonl?raw";
import twentiethHeldOutPart from "../corpus/live-comments/held-out-20.jsonl?raw";
import twentyFirstHeldOutPart from "../corpus/live-comments/held-out-21.jsonl?raw";
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
import {
  learnFromCorpus,
  opinionLessons,
  trainSecondOpinion,
  type SecondOpinion,
} from "./live-comment-second-opinion";

/*
 * The reader judged on the labelled corpus (corpus/live-comments): comments written from the
 * viewers' side, split once into a part to tune on and a held-out part never looked at while
 * changing the reader. Both parts' figures are printed; the held-out part's are the ones held to
 * the thresholds, because the reader was tuned on the other.
 *
 * The reader is read with its second opinion, learned from the tuning part only. The tuning part
 * itself is read fold by fold (each fifth by an opinion learned from the other four fifths), so
 * its figures are not those of a model reading what it learned.
 */

const parts = {
  tuning: tuningPart,
  "held-out": heldOutPart,
  "held-out-3": thirdHeldOutPart,
  "held-out-5": fifthHeldOutPart,
  "held-out-6": sixthHeldOutPart,
  "held-out-7": seventhHeldOutPart,
  "held-out-8": eighthHeldOutPart,
  "held-out-9": ninthHeldOutPart,
  "held-out-10": tenthHeldOutPart,
  "held-out-11": eleventhHeldOutPart,
  "held-out-12": twelfthHeldOutPart,
  "held-out-14": fourteenthHeldOutPart,
  "held-out-15": fifteenthHeldOutPart,
  "held-out-16": sixteenthHeldOutPart,
  "held-out-17": seventeenthHeldOutPart,
  "held-out-18": eighteenthHeldOutPart,
  "held-out-19": nineteenthHeldOutPart,
  "held-out-20": twentiethHeldOutPart,
  "held-out-21": twentyFirstHeldOutPart,
};
type Part = keyof typeof parts;

/** The domain is built without Node's or the DOM's types; the test runner has a console. */
const print = (text: string) =>
  (globalThis as unknown as { console: { log: (text: string) => void } }).console.log(text);

interface HeldOutFloor {
  claimComments: number;
  /** Comments that take nothing (remarks, questions, chatter...) read as a sure claim, at most. */
  takesNothing: number;
  /** Un-claims read as a sure claim, at most (0 unless a part's first scoring found one). */
  unclaims?: number;
  precision: number;
  recall: number;
  /** Share of claim comments with a doubt, at most. */
  doubts: number;
}

let learned: SecondOpinion | undefined;
/** The opinion the server learns: from the whole tuning part. */
const opinion = () => (learned ??= learnFromCorpus(tuningPart));

const FOLDS = 5;

/** The tuning part, each fold read with an opinion learned from the other folds. */
function crossFigures(): CommentReadingFigures {
  const comments = parseCorpus(tuningPart);
  const foldOf = new Map(comments.map((comment, index) => [comment.text, index % FOLDS]));
  const opinions = Array.from({ length: FOLDS }, (_, fold) =>
    trainSecondOpinion(opinionLessons(comments.filter((_, index) => index % FOLDS !== fold))),
  );
  return scoreReadings(comments, (text) =>
    readLiveComment(text, CORPUS_SHOP_COLORS, opinions[foldOf.get(text) ?? 0]),
  );
}

function figuresOf(part: Part): CommentReadingFigures {
  const figures =
    part === "tuning"
      ? crossFigures()
      : scoreReadings(parseCorpus(parts[part]), (text) =>
          readLiveComment(text, CORPUS_SHOP_COLORS, opinion()),
        );
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
   * Each held-out part's floors (decision 038), the figures the reader with its second opinion
   * reached with its thresholds as chosen by cross-validation on the tuning part (each part's
   * first figures are in the corpus README and the decision):
   * - held-out and held-out-3: scored many times (figures only), they no longer measure much;
   * - held-out-5, held-out-6 and held-out-7: each scored once blind by the rules alone (recall
   *   95.2 %, 95.8 %, 96.4 %), then again with the opinion, which was not tuned on them;
   * - held-out-8 and held-out-9: sealed while the opinion was built, scored once, after it was
   *   finished: 0 comments that take nothing read as sure on both; recall 95.2 % and 100 %;
   *   doubts 15.2 % and 4.8 %; precision 98.0 % and 99.4 %;
   * - held-out-10 and held-out-11: sealed after those were scored, while the rules changed on the
   *   tuning part, scored once after (the clean measure now): 0 comments that take nothing read
   *   as sure; recall 97.6 % and 99.4 %; doubts 13.3 % and 8.5 %; precision 99.4 % and 99.4 %;
   * - held-out-12: sealed while the thresholds moved, scored once after: precision 99.4 %, 0,
   *   recall 97.6 %, doubts 12.7 % (held-out-13, scored with it, went to the tuning part);
   * - held-out-14 and held-out-15: sealed while the reader changed on held-out-13's lines, scored
   *   once after (the clean measure now): precision 100 % and 100 %, 0 and 0, recall 96.4 % and
   *   99.4 %, doubts 13.9 % and 7.3 %.
   * Then every part's misreadings were studied and the reader changed on the patterns they show
   * (decision 038, "Closer to the targets"): the floors are the figures after that change, with
   * room for a comment or two (the second opinion moves a little with every line added to the
   * tuning part), none lower than before; no part may read a comment that takes nothing as sure.
   * No part measures a reader it never met any more; the next sealed parts do.
   * A change that reads a part worse than its floors fails.
   */
  const floors: [part: Part, floor: HeldOutFloor][] = [
    ["held-out", { claimComments: 100, takesNothing: 0, precision: 0.994, recall: 0.99, doubts: 0.041 }],
    ["held-out-3", { claimComments: 150, takesNothing: 0, precision: 0.994, recall: 0.993, doubts: 0.068 }],
    ["held-out-5", { claimComments: 150, takesNothing: 0, precision: 0.994, recall: 0.986, doubts: 0.106 }],
    ["held-out-6", { claimComments: 150, takesNothing: 0, precision: 0.995, recall: 0.986, doubts: 0.082 }],
    ["held-out-7", { claimComments: 150, takesNothing: 0, precision: 0.988, recall: 0.98, doubts: 0.076 }],
    ["held-out-8", { claimComments: 150, takesNothing: 0, precision: 0.981, recall: 0.968, doubts: 0.131 }],
    ["held-out-9", { claimComments: 150, takesNothing: 0, precision: 0.994, recall: 0.99, doubts: 0.049 }],
    ["held-out-10", { claimComments: 150, takesNothing: 0, precision: 0.994, recall: 0.969, doubts: 0.088 }],
    ["held-out-11", { claimComments: 150, takesNothing: 0, precision: 0.99, recall: 0.993, doubts: 0.07 }],
    ["held-out-12", { claimComments: 150, takesNothing: 0, precision: 0.994, recall: 0.993, doubts: 0.112 }],
    ["held-out-14", { claimComments: 150, takesNothing: 0, precision: 0.995, recall: 0.986, doubts: 0.112 }],
    ["held-out-15", { claimComments: 150, takesNothing: 0, precision: 0.995, recall: 0.99, doubts: 0.064 }],
    ["held-out-16", { claimComments: 150, takesNothing: 0, precision: 0.994, recall: 0.968, doubts: 0.085 }],
    ["held-out-17", { claimComments: 150, takesNothing: 0, precision: 0.994, recall: 0.981, doubts: 0.076 }],
    ["held-out-18", { claimComments: 150, takesNothing: 0, precision: 0.994, recall: 0.981, doubts: 0.08 }],
    ["held-out-19", { claimComments: 150, takesNothing: 0, precision: 0.994, recall: 0.975, doubts: 0.131 }],
    // Sealed until scored: their figures the first time, which nobody has studied yet.
    ["held-out-20", { claimComments: 150, takesNothing: 0, precision: 0.994, recall: 0.975, doubts: 0.085 }],
    // Its one un-claim read as a claim is the error this part found: to be brought to 0.
    [
      "held-out-21",
      { claimComments: 150, takesNothing: 1, unclaims: 1, precision: 0.993, recall: 0.99, doubts: 0.13 },
    ],
  ];
  it.each(floors)(
    "on %s, reads no negation (nor un-claim, but where its floor says) as a claim and stays above its floors",
    (part, floor) => {
      const heldOut = figuresOf(part);
      expect(heldOut.claimComments).toBeGreaterThanOrEqual(floor.claimComments);
      expect(heldOut.wrongCertainByKind.unclaim).toBeLessThanOrEqual(floor.unclaims ?? 0);
      expect(heldOut.wrongCertainByKind.negation).toBe(0);
      const takesNothing = Object.values(heldOut.wrongCertainByKind).reduce((sum, count) => sum + count, 0);
      expect(takesNothing).toBeLessThanOrEqual(floor.takesNothing);
      expect(heldOut.precision).toBeGreaterThanOrEqual(floor.precision);
      expect(heldOut.recall).toBeGreaterThanOrEqual(floor.recall);
      expect(heldOut.doubtShare).toBeLessThanOrEqual(floor.doubts);
    },
  );
});
