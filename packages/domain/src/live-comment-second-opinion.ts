import { parseCorpus } from "./comment-reading-figures";
import type { ClaimedPiece, LiveCommentReading } from "./live-claims";
import { mayNamePiece } from "./live-comment-reader";
import { normalizeComment, tokenize } from "./live-comment-tokens";

/*
 * A second opinion on the reader's "nothing" and "doubt", learned from the labelled corpus
 * (decision 038). The reader's rules know the words they were written for; viewers keep writing
 * claims in words they do not know ("le 34 direction ma penderie", "jsuis dessus le 14"). A
 * logistic regression over the comment's words, word pairs and letter groups, trained on the
 * corpus's claims against everything else, says how likely a comment is to ask for a piece.
 *
 It never gives a piece: a comment the rules read as nothing but the model finds very likely a
 * claim becomes a doubt, which staff confirm ('À confirmer'); a doubt the model finds very
 * unlikely a claim is dropped (the viewer writes again if they meant it); a claim the rules are
 * sure of but the model finds almost surely not one is asked about rather than given. It only
 * ever makes the reading less sure, so the one error a live cannot afford (a piece given to
 * someone who did not ask) is never the model's.
 *
 * Plain code rather than a library: the features are sparse strings, training is a few hundred
 * milliseconds of stochastic gradient descent, and the same corpus must always give the same
 * weights (a seeded order), so a replayed live reads its comments as the original did.
 */

/** At or above this likelihood, a comment the rules read as nothing is asked about. */
export const ASK_WHEN_LIKELY = 0.9;
/** Below this likelihood, a doubt of the rules is dropped rather than asked about. */
export const DROP_WHEN_UNLIKELY = 0.05;
/**
 * Below this likelihood, a claim the rules are sure of is asked about instead: "le 115 ma couleur
 * préférée" reads as a bare claim to the rules, and as a remark to the model.
 */
export const ASK_WHEN_SURE_BUT_UNLIKELY = 0.02;

const EPOCHS = 15;
const LEARNING_RATE = 0.2;
const L2 = 1e-4;
const SHUFFLE_SEED = 20261129;

/** A comment and whether a shop would give it a piece (a claim or a switch). */
export interface LabelledComment {
  text: string;
  claims: boolean;
}

export interface SecondOpinion {
  /** How likely the comment is to ask for a piece, from 0 to 1. */
  likelihood(comment: string): number;
  /** How many comments it learned from. */
  readonly learnedFrom: number;
}

/**
 * The comment's words (numbers as one symbol, so "le 12" and "le 13" teach the same thing),
 * word pairs, word triples around a number, and groups of four letters (typos and slang share
 * them with the words they stand for).
 */
export function commentFeatures(comment: string): string[] {
  const normalized = normalizeComment(comment);
  const words = tokenize(normalized).map((token) => (token.kind === "number" ? "<n>" : token.key));
  const sequence = ["<s>", ...words, "</s>"];
  const features = new Set<string>();
  for (let index = 0; index < sequence.length; index++) {
    const word = sequence[index] as string;
    const next = sequence[index + 1];
    const afterNext = sequence[index + 2];
    features.add(`w:${word}`);
    if (next === undefined) continue;
    features.add(`p:${word} ${next}`);
    if (afterNext !== undefined && (word === "<n>" || next === "<n>" || afterNext === "<n>"))
      features.add(`t:${word} ${next} ${afterNext}`);
  }
  const letters = ` ${normalized.replace(/[0-9]+/g, "0")} `;
  for (let index = 0; index + 4 <= letters.length; index++)
    features.add(`c:${letters.slice(index, index + 4)}`);
  return [...features];
}

/** mulberry32: a small seeded generator, so training gives the same weights every time. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const sigmoid = (score: number) => 1 / (1 + Math.exp(-score));

/** Learns the second opinion from labelled comments (those that may name a piece). */
export function trainSecondOpinion(comments: readonly LabelledComment[]): SecondOpinion {
  const ids = new Map<string, number>();
  const rows = comments.map((comment) => ({
    features: Int32Array.from(commentFeatures(comment.text), (feature) => {
      let id = ids.get(feature);
      if (id === undefined) {
        id = ids.size;
        ids.set(feature, id);
      }
      return id;
    }),
    label: comment.claims ? 1 : 0,
  }));
  const weights = new Float64Array(ids.size);
  let bias = 0;
  const random = seededRandom(SHUFFLE_SEED);
  const order = rows.map((_, index) => index);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let index = order.length - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1));
      [order[index], order[other]] = [order[other] as number, order[index] as number];
    }
    for (const rowIndex of order) {
      const row = rows[rowIndex] as (typeof rows)[number];
      let score = bias;
      for (const id of row.features) score += weights[id] as number;
      const gradient = sigmoid(score) - row.label;
      bias -= LEARNING_RATE * gradient;
      for (const id of row.features) {
        const weight = weights[id] as number;
        weights[id] = weight - LEARNING_RATE * (gradient + L2 * weight);
      }
    }
  }
  return {
    learnedFrom: rows.length,
    likelihood(comment) {
      let score = bias;
      for (const feature of commentFeatures(comment)) {
        const id = ids.get(feature);
        if (id !== undefined) score += weights[id] as number;
      }
      return sigmoid(score);
    },
  };
}

/**
 * The reading once the second opinion is heard: a "nothing" very likely a claim asks staff about
 * the pieces named (those the comment does not give up); a doubt very unlikely a claim is dropped.
 */
export function reviewReading(
  opinion: SecondOpinion,
  comment: string,
  reading: LiveCommentReading,
  named: () => ClaimedPiece[],
): LiveCommentReading {
  if (reading.claims.length > 0) {
    if (opinion.likelihood(comment) >= ASK_WHEN_SURE_BUT_UNLIKELY) return reading;
    const doubts = reading.claims.map((piece) => ({ ...piece, reason: "unclear" as const }));
    return { ...reading, claims: [], doubts: [...doubts, ...reading.doubts] };
  }
  if (reading.doubts.length > 0) {
    return opinion.likelihood(comment) < DROP_WHEN_UNLIKELY ? { ...reading, doubts: [] } : reading;
  }
  const pieces = named().filter((piece) => !reading.unclaims.includes(piece.ref));
  if (pieces.length === 0 || opinion.likelihood(comment) < ASK_WHEN_LIKELY) return reading;
  return { ...reading, doubts: pieces.map((piece) => ({ ...piece, reason: "unclear" })) };
}

/** The second opinion learned from a labelled corpus file (JSON Lines, the corpus README's format). */
export function learnFromCorpus(jsonl: string): SecondOpinion {
  return trainSecondOpinion(
    parseCorpus(jsonl)
      .filter((comment) => mayNamePiece(comment.text))
      .map((comment) => ({
        text: comment.text,
        claims: comment.kind === "claim" || comment.kind === "switch",
      })),
  );
}
