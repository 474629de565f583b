// Splits the hand-labelled corpus into a tuning part and a held-out part.
//
// THIS SCRIPT WAS RUN ONCE, WHEN THE CORPUS WAS WRITTEN, AND MUST NOT BE RE-RUN.
// Its input (all.jsonl) was deleted afterwards on purpose: the split is fixed for good, so that
// nobody can reshuffle until the held-out figures look better. It stays here to show how the
// split was made.
//
// Usage (historical): node split.mjs   (reads all.jsonl beside it, writes tuning.jsonl and held-out.jsonl)
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const SEED = 20261128;
const HELD_OUT_SHARE = 0.35;
const MIN_HELD_OUT = 230;

/** mulberry32: a tiny seeded PRNG, returns floats in [0, 1). */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const here = dirname(fileURLToPath(import.meta.url));
// Added after the one run: never overwrite the split.
if (existsSync(join(here, "held-out.jsonl")) || existsSync(join(here, "tuning.jsonl")))
  throw new Error("The corpus was split once, for good: do not re-run split.mjs.");
const lines = readFileSync(join(here, "all.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "");
const comments = lines.map((line) => JSON.parse(line));

// Fisher-Yates with the seeded PRNG.
const random = mulberry32(SEED);
const shuffled = [...comments];
for (let i = shuffled.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
}

const heldOutCount = Math.max(MIN_HELD_OUT, Math.round(shuffled.length * HELD_OUT_SHARE));
if (heldOutCount >= shuffled.length) throw new Error(`only ${shuffled.length} comments, too few to split`);
const byId = (a, b) => a.id.localeCompare(b.id);
const heldOut = shuffled.slice(0, heldOutCount).sort(byId);
const tuning = shuffled.slice(heldOutCount).sort(byId);

const write = (name, part) =>
  writeFileSync(join(here, name), part.map((comment) => JSON.stringify(comment)).join("\n") + "\n");
write("held-out.jsonl", heldOut);
write("tuning.jsonl", tuning);
console.log(
  `${comments.length} comments: ${tuning.length} in tuning.jsonl, ${heldOut.length} in held-out.jsonl`,
);
