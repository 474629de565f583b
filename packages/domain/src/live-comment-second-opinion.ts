import { parseCorpus, type CorpusComment } from "./comment-reading-figures";
import type { ClaimedPiece, LiveCommentReading } from "./live-claims";
import { mayHoldNumber } from "./live-comment-reader";
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
export const ASK_WHEN_LIKELY = 0.6;
/** Below this likelihood, a doubt of the rules is dropped rather than asked about. */
export const DROP_WHEN_UNLIKELY = 0.2;
/**
 * Below this likelihood, a claim the rules are sure of is asked about instead: "le 115 ma couleur
 * préférée" reads as a bare claim to the rules, and as a remark to the model.
 */
export const ASK_WHEN_SURE_BUT_UNLIKELY = 0.1;

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

/** Kinds of feature, mixed into each feature's hash so a word and a letter group never meet. */
const WORD = 1;
const PAIR = 2;
const TRIPLE = 3;
const LETTERS = 4;
const NUMBER_WORD = 0x9e3779b9;
const START = 0x85ebca6b;
const END = 0xc2b2ae35;

/** A step of FNV-1a over 32 bits (Math.imul keeps it in integers). */
const mix = (hash: number, value: number) => Math.imul(hash ^ value, 0x01000193) >>> 0;

function hashWord(word: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < word.length; index++) hash = mix(hash, word.charCodeAt(index));
  return hash;
}

/**
 * The comment's features, as 32-bit hashes (no string is built for them: the reader runs on every
 * comment of a live): its words (numbers as one symbol, so "le 12" and "le 13" teach the same
 * thing), word pairs, word triples around a number, and groups of four letters, digits as one
 * (typos and slang share them with the words they stand for). Each feature once, in the order
 * first met (the order training adds weights in, so a model reads as it learned).
 */
export function commentFeatures(comment: string): number[] {
  const found = collectFeatures(comment);
  return Array.from(featureBuffer.subarray(0, found));
}

/** Scratch space reused by every call (the reader runs on one thread): no allocation per comment. */
let featureBuffer = new Int32Array(512);
let seenKeys = new Int32Array(1024);
let seenStamps = new Uint32Array(1024);
let stamp = 0;
let found = 0;

function addFeature(hash: number): void {
  const key = hash | 0;
  const mask = seenKeys.length - 1;
  let slot = Math.imul(key, 0x9e3779b1) >>> 0;
  for (;;) {
    slot &= mask;
    if (seenStamps[slot] !== stamp) break;
    if (seenKeys[slot] === key) return;
    slot += 1;
  }
  seenStamps[slot] = stamp;
  seenKeys[slot] = key;
  featureBuffer[found++] = key;
}

/** Fills featureBuffer with the comment's features; returns how many. */
function collectFeatures(comment: string): number {
  const normalized = normalizeComment(comment);
  const tokens = tokenize(normalized);
  // Room for every feature: words, pairs, triples and letter groups, at most one each per place.
  const most = 3 * (tokens.length + 2) + normalized.length + 2;
  if (featureBuffer.length < most) featureBuffer = new Int32Array(most * 2);
  if (seenKeys.length < most * 2) {
    let size = seenKeys.length;
    while (size < most * 2) size *= 2;
    seenKeys = new Int32Array(size);
    seenStamps = new Uint32Array(size);
    stamp = 0;
  }
  stamp = (stamp + 1) >>> 0;
  if (stamp === 0) {
    seenStamps.fill(0);
    stamp = 1;
  }
  found = 0;
  const words = [START];
  for (const token of tokens) words.push(token.kind === "number" ? NUMBER_WORD : hashWord(token.key));
  words.push(END);
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as number;
    const next = words[index + 1];
    const afterNext = words[index + 2];
    addFeature(mix(WORD, word));
    if (next === undefined) continue;
    addFeature(mix(mix(PAIR, word), next));
    if (
      afterNext !== undefined &&
      (word === NUMBER_WORD || next === NUMBER_WORD || afterNext === NUMBER_WORD)
    )
      addFeature(mix(mix(mix(TRIPLE, word), next), afterNext));
  }
  // Four letters at a time over " comment ", each run of digits read as one "0".
  let first = 32;
  let second = -1;
  let third = -1;
  const letter = (code: number) => {
    if (third >= 0) addFeature(mix(mix(mix(mix(LETTERS, first), second), third), code));
    if (second < 0) second = code;
    else if (third < 0) third = code;
    else {
      first = second;
      second = third;
      third = code;
    }
  };
  let previous = 32;
  for (let index = 0; index < normalized.length; index++) {
    const code = normalized.charCodeAt(index);
    const digit = code >= 48 && code <= 57;
    if (digit && previous === 48) continue;
    previous = digit ? 48 : code;
    letter(previous);
  }
  letter(32);
  return found;
}

/**
 * The learned weights by feature hash, in open addressing: several times faster than a Map on
 * the reader's hot path.
 */
function weightTable(weightsByFeature: ReadonlyMap<number, number>): (hash: number) => number {
  let size = 1;
  while (size < weightsByFeature.size * 2) size *= 2;
  const keys = new Int32Array(size);
  const values = new Float64Array(size);
  const used = new Uint8Array(size);
  const mask = size - 1;
  const slotOf = (key: number) => {
    let slot = Math.imul(key, 0x9e3779b1) >>> 0;
    for (;;) {
      slot &= mask;
      if (!used[slot] || keys[slot] === key) return slot;
      slot += 1;
    }
  };
  for (const [key, value] of weightsByFeature) {
    const slot = slotOf(key);
    used[slot] = 1;
    keys[slot] = key;
    values[slot] = value;
  }
  return (key) => {
    const slot = slotOf(key);
    return used[slot] ? (values[slot] as number) : 0;
  };
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
  const ids = new Map<number, number>();
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
  const weightOf = weightTable(new Map([...ids].map(([feature, id]) => [feature, weights[id] as number])));
  return {
    learnedFrom: rows.length,
    likelihood(comment) {
      let score = bias;
      const count = collectFeatures(comment);
      for (let index = 0; index < count; index++) score += weightOf(featureBuffer[index] as number);
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

/** What the opinion learns from labelled corpus comments: those that may name a piece. */
export function opinionLessons(comments: readonly CorpusComment[]): LabelledComment[] {
  return comments
    .filter((comment) => mayHoldNumber(comment.text))
    .map((comment) => ({
      text: comment.text,
      claims: comment.kind === "claim" || comment.kind === "switch",
    }));
}

/** The second opinion learned from a labelled corpus file (JSON Lines, the corpus README's format). */
export function learnFromCorpus(jsonl: string): SecondOpinion {
  return trainSecondOpinion(opinionLessons(parseCorpus(jsonl)));
}
