import tuningPart from "../corpus/live-comments/tuning.jsonl?raw";
import { describe, expect, it } from "vitest";
import { CORPUS_SHOP_COLORS, parseCorpus } from "./comment-reading-figures";
import { readLiveComment } from "./live-claims";
import {
  ASK_WHEN_LIKELY,
  ASK_WHEN_SURE_BUT_UNLIKELY,
  DROP_WHEN_UNLIKELY,
  learnFromCorpus,
  trainSecondOpinion,
  type SecondOpinion,
} from "./live-comment-second-opinion";

/** An opinion that finds every comment equally likely to claim: what the rules do with it. */
const opinionOf = (likelihood: number): SecondOpinion => ({ likelihood: () => likelihood, learnedFrom: 0 });
const read = (comment: string, opinion?: SecondOpinion) =>
  readLiveComment(comment, CORPUS_SHOP_COLORS, opinion);

describe("the reader's second opinion", () => {
  it("asks staff about the pieces of a comment the rules read as nothing, when it is very likely a claim", () => {
    const comment = "le 34 en noir direction ma penderie 👗";
    expect(read(comment).claims).toEqual([]);
    expect(read(comment).doubts).toEqual([]);
    expect(read(comment, opinionOf(ASK_WHEN_LIKELY))).toEqual({
      claims: [],
      doubts: [{ ref: 34, size: null, color: "Noir", reason: "unclear" }],
      unclaims: [],
    });
    expect(read(comment, opinionOf(ASK_WHEN_LIKELY - 0.01))).toEqual(read(comment));
  });

  it("never asks about a piece the comment gives up", () => {
    const comment = "je passe le 16";
    expect(read(comment).unclaims).toEqual([16]);
    expect(read(comment, opinionOf(1))).toEqual(read(comment));
  });

  it("drops a doubt it finds very unlikely a claim, and keeps the others", () => {
    const comment = "le 42 dispo pour moi ? en 40 si possible";
    expect(read(comment).doubts).toHaveLength(1);
    expect(read(comment, opinionOf(DROP_WHEN_UNLIKELY - 0.001)).doubts).toEqual([]);
    expect(read(comment, opinionOf(DROP_WHEN_UNLIKELY))).toEqual(read(comment));
  });

  it("asks about a sure claim it finds almost surely not one, rather than giving the piece", () => {
    const comment = "le 12 en M";
    expect(read(comment).claims).toEqual([{ ref: 12, size: "M", color: null }]);
    expect(read(comment, opinionOf(ASK_WHEN_SURE_BUT_UNLIKELY - 0.001))).toEqual({
      claims: [],
      doubts: [{ ref: 12, size: "M", color: null, reason: "unclear" }],
      unclaims: [],
    });
    expect(read(comment, opinionOf(ASK_WHEN_SURE_BUT_UNLIKELY))).toEqual(read(comment));
  });

  it("learned from the corpus, never makes a sure claim the rules did not make", () => {
    const opinion = learnFromCorpus(tuningPart);
    for (const { text } of parseCorpus(tuningPart)) {
      const rules = read(text).claims.map((piece) => piece.ref);
      for (const piece of read(text, opinion).claims) expect(rules).toContain(piece.ref);
    }
  }, 60_000);

  it("learns the same weights from the same comments, so a replayed live reads the same", () => {
    const comments = parseCorpus(tuningPart)
      .slice(0, 600)
      .map((comment) => ({
        text: comment.text,
        claims: comment.kind === "claim" || comment.kind === "switch",
      }));
    const first = trainSecondOpinion(comments);
    const second = trainSecondOpinion(comments);
    expect(first.learnedFrom).toBe(600);
    for (const { text } of comments.slice(0, 100))
      expect(second.likelihood(text)).toBe(first.likelihood(text));
  });

  it("tells claims from remarks it never saw", () => {
    const opinion = learnFromCorpus(tuningPart);
    expect(opinion.likelihood("mets moi de coté le 47 en L ma belle")).toBeGreaterThan(0.5);
    expect(opinion.likelihood("le 47 il etait trop beau sur toi hier soir")).toBeLessThan(0.5);
  }, 60_000);
});
