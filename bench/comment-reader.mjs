#!/usr/bin/env node
// The comment reader's cost per comment. The server reads every chat comment of a live (10,000/s
// at peak); a claim is decided only after its comment is read. Comments: the labelled corpus (both
// parts, the way viewers write) and a chat stream as the simulator sends it (claims, questions,
// chatter, emojis). Each comment is read alone and timed, after a warm-up, many rounds over the
// set; the p50, p99 and max per comment are printed beside the floor measured the same way in the
// same run: one bare regular expression looking for a reference ("le 12", "12") over the same
// comments, the least any reader must do. The reader is timed as the server runs it (the rules and
// the second opinion learned from the corpus at start) and by its rules alone.
// Usage: npm run bench:reader -- [rounds=30]
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CORPUS_SHOP_COLORS } from "../packages/domain/src/comment-reading-figures.ts";
import { readLiveComment } from "../packages/domain/src/live-claims.ts";
import { learnFromCorpus } from "../packages/domain/src/live-comment-second-opinion.ts";
import { createCommentStream } from "../scripts/live/comment-stream.mjs";

const rounds = Number(process.argv[2] ?? 30);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const corpusDir = path.join(root, "packages/domain/corpus/live-comments");

function corpusTexts(file) {
  return readFileSync(path.join(corpusDir, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line).text);
}

const stream = createCommentStream({
  seed: 11,
  runId: "reader-bench",
  refs: Array.from({ length: 150 }, (_, i) => i + 1),
});
const streamed = Array.from({ length: 4_000 }, () => stream.chat().comment ?? "");
const comments = [...corpusTexts("tuning.jsonl"), ...corpusTexts("held-out.jsonl"), ...streamed];

const BARE_REF = /(?:^|\s|le|n°)(\d{1,3})(?!\d)/;

function timeEach(label, read) {
  // Warm-up: the JIT settles before anything is timed.
  for (let round = 0; round < 5; round++) for (const comment of comments) read(comment);
  const times = new Float64Array(comments.length * rounds);
  let at = 0;
  let sink = 0;
  for (let round = 0; round < rounds; round++) {
    for (const comment of comments) {
      const started = process.hrtime.bigint();
      const result = read(comment);
      times[at++] = Number(process.hrtime.bigint() - started);
      if (result) sink += 1;
    }
  }
  times.sort();
  const at_ = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] / 1e6;
  const total = times.reduce((sum, value) => sum + value, 0) / 1e9;
  return {
    label,
    p50: at_(50),
    p99: at_(99),
    max: times[times.length - 1] / 1e6,
    perSecond: times.length / total,
    sink,
  };
}

const learningStarted = performance.now();
const opinion = learnFromCorpus(readFileSync(path.join(corpusDir, "tuning.jsonl"), "utf8"));
const learnedIn = performance.now() - learningStarted;
const reader = timeEach("reader as the server runs it", (comment) =>
  readLiveComment(comment, CORPUS_SHOP_COLORS, opinion),
);
const rules = timeEach("reader's rules alone", (comment) => readLiveComment(comment, CORPUS_SHOP_COLORS));
const floor = timeEach("floor (one bare regular expression)", (comment) => BARE_REF.exec(comment));

console.log(`${comments.length} comments (corpus and simulated chat) x ${rounds} rounds, one at a time`);
console.log(
  ["", "p50 ms", "p99 ms", "max ms", "comments/s"]
    .map((cell, index) => (index === 0 ? cell.padEnd(40) : cell.padStart(12)))
    .join(""),
);
for (const row of [reader, rules, floor]) {
  console.log(
    row.label.padEnd(40) +
      [
        row.p50.toFixed(4),
        row.p99.toFixed(4),
        row.max.toFixed(3),
        Math.round(row.perSecond).toLocaleString("en"),
      ]
        .map((cell) => cell.padStart(12))
        .join(""),
  );
}
console.log(
  `target: reader p99 <= 0.5 ms per comment; reader p99 / floor p99 = ${(reader.p99 / floor.p99).toFixed(1)}x`,
);
console.log(
  `second opinion learned from ${opinion.learnedFrom.toLocaleString("en")} comments in ${Math.round(learnedIn)} ms (once, at the server's start)`,
);
