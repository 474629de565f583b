import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { learnFromCorpus, type SecondOpinion } from "@vitrine/domain";

/*
 * The comment reader's second opinion (decision 038), learned from the labelled corpus's tuning
 * part when the server starts: about a second of one core, once per process. The corpus file
 * sits beside the server bundle once built (scripts/build.mjs copies it there), and in the
 * domain package when the server runs from its sources.
 */
const CORPUS_FILE_NAME = "live-comments-tuning.jsonl";
const CORPUS_PLACES = [
  new URL(`./${CORPUS_FILE_NAME}`, import.meta.url),
  new URL("../../../../../packages/domain/corpus/live-comments/tuning.jsonl", import.meta.url),
];

let learned: SecondOpinion | undefined;

/** The corpus file the opinion is learned from; the server does not start without it. */
export function readingCorpusPath(): string {
  const found = CORPUS_PLACES.map((place) => fileURLToPath(place)).find((file) => existsSync(file));
  if (found === undefined) {
    throw new Error(`The comment reader's corpus is missing (looked for ${CORPUS_PLACES.join(", ")})`);
  }
  return found;
}

/** The opinion, learned on first use and kept for the process (the same corpus, the same weights). */
export function readingOpinion(log?: (message: string) => void): SecondOpinion {
  if (learned !== undefined) return learned;
  const startedAt = performance.now();
  learned = learnFromCorpus(readFileSync(readingCorpusPath(), "utf8"));
  const took = Math.round(performance.now() - startedAt);
  log?.(`comment reader: second opinion learned from ${learned.learnedFrom} comments in ${took} ms`);
  return learned;
}
