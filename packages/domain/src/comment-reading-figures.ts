/*
 * Figures of a comment reader against the hand-labelled corpus in `packages/domain/corpus/live-comments`
 * (see its README). The reader's tests and benchmark read a corpus file, call `scoreReadings` with
 * the reader, and print `formatFigures`. This module only counts: it knows nothing of how comments
 * are read.
 */
import type { LiveCommentReading } from "./live-claims";

/** The kinds a corpus comment is labelled with (see the corpus README for what each means). */
/** The shop's colours the corpus is labelled with (its README), in the shop's spelling. */
export const CORPUS_SHOP_COLORS = [
  "Noir",
  "Blanc",
  "Bleu",
  "Bleu marine",
  "Rose poudré",
  "Rouge",
  "Gris",
  "Beige",
  "Violet",
  "Camel",
  "Vert",
  "Kaki",
  "Jaune moutarde",
  "Écru",
  "Marron",
] as const;

export const CORPUS_KINDS = [
  "claim",
  "unclaim",
  "switch",
  "question",
  "remark",
  "negation",
  "chatter",
] as const;
export type CorpusKind = (typeof CORPUS_KINDS)[number];

/** Kinds whose comments take no piece: any certain claim read from them is wrong. */
export const NOT_CLAIM_KINDS = ["unclaim", "negation", "remark", "question", "chatter"] as const;
export type NotClaimKind = (typeof NOT_CLAIM_KINDS)[number];

/** How a reading is classed in the confusion table. */
export const READ_CLASSES = ["certain", "doubt", "unclaim", "none"] as const;
export type ReadClass = (typeof READ_CLASSES)[number];

export interface CorpusPiece {
  ref: number;
  size: string | null;
  color: string | null;
}

/** One labelled comment: what a shop owner would give the viewer and take back. */
export interface CorpusComment {
  id: string;
  text: string;
  give: CorpusPiece[];
  giveUp: number[];
  kind: string;
}

/** A comment and what the reader made of it, kept to print errors. */
export interface ReadingExample {
  id: string;
  text: string;
  kind: string;
  reading: LiveCommentReading;
}

export interface CommentReadingFigures {
  comments: number;
  /** Certain claims read, over all comments. */
  certainPieces: number;
  /** Certain claims whose reference is among the comment's labelled `give`. */
  certainCorrect: number;
  /** certainCorrect / certainPieces; 1 when nothing was claimed. */
  precision: number;
  /** Comments of each kind that takes nothing which produced at least one certain claim. */
  wrongCertainByKind: Record<NotClaimKind, number>;
  wrongCertainComments: ReadingExample[];
  /** Claim or switch comments with a certain claim whose reference is not in `give`. */
  wrongCertainInClaims: number;
  wrongCertainInClaimsComments: ReadingExample[];
  /** Comments labelled claim or switch. */
  claimComments: number;
  /** Claim or switch comments whose every `give` reference is among the certain claims or the doubts. */
  recalled: number;
  /** recalled / claimComments; 1 when there is no claim comment. */
  recall: number;
  /** Claim or switch comments whose every `give` reference is among the certain claims. */
  certainRecalled: number;
  certainRecall: number;
  /** Comments of any kind with at least one doubt. */
  doubtComments: number;
  /** doubtComments / claimComments; 0 when there is no claim comment. */
  doubtShare: number;
  /** Comments labelled unclaim or switch. */
  unclaimComments: number;
  /** Unclaim or switch comments whose every `giveUp` reference is among the reading's un-claims. */
  unclaimsRead: number;
  /** unclaimsRead / unclaimComments; 1 when there is no such comment. */
  unclaimRecall: number;
  /** Comments of any kind whose reading gives up a reference not in `giveUp`. */
  falseUnclaims: number;
  falseUnclaimComments: ReadingExample[];
  /** Correct certain pieces whose label names a size or a colour. */
  sizeColorLabelled: number;
  /** Of those, the pieces read with both the size and the colour of the label. */
  sizeColorRight: number;
  /** sizeColorRight / sizeColorLabelled; 1 when none is labelled. */
  sizeColorShare: number;
  /** Label kind × read class: certain (any certain claim), doubt (doubts, no certain claim), unclaim (only un-claims), none. */
  confusion: Record<CorpusKind, Record<ReadClass, number>>;
  /** Claim or switch comments not recalled. */
  misses: ReadingExample[];
}

const isKind = (kind: string): kind is CorpusKind => (CORPUS_KINDS as readonly string[]).includes(kind);
const isNotClaimKind = (kind: string): kind is NotClaimKind =>
  (NOT_CLAIM_KINDS as readonly string[]).includes(kind);
const takesPieces = (kind: string) => kind === "claim" || kind === "switch";
const givesUpPieces = (kind: string) => kind === "unclaim" || kind === "switch";

function isRef(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 999;
}

function isNullableString(value: unknown): value is string | null {
  return value === null || typeof value === "string";
}

function checkPiece(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return "a piece of 'give' is not an object";
  const piece = value as Record<string, unknown>;
  if (!isRef(piece.ref)) return "a piece of 'give' has no ref from 1 to 999";
  if (!isNullableString(piece.size))
    return `piece ${String(piece.ref)} has a size that is neither text nor null`;
  if (!isNullableString(piece.color))
    return `piece ${String(piece.ref)} has a colour that is neither text nor null`;
  return null;
}

function checkComment(value: unknown): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "not a JSON object";
  const comment = value as Record<string, unknown>;
  if (typeof comment.id !== "string" || comment.id === "") return "no 'id' text";
  if (typeof comment.text !== "string") return "no 'text'";
  if (!Array.isArray(comment.give)) return "'give' is not a list";
  for (const piece of comment.give) {
    const problem = checkPiece(piece);
    if (problem) return problem;
  }
  if (!Array.isArray(comment.giveUp) || !comment.giveUp.every(isRef))
    return "'giveUp' is not a list of refs from 1 to 999";
  if (typeof comment.kind !== "string" || !isKind(comment.kind))
    return `'kind' is not one of ${CORPUS_KINDS.join(", ")}`;
  return null;
}

/** Reads a corpus file: one JSON comment a line, blank lines skipped. Throws naming the first bad line. */
export function parseCorpus(jsonl: string): CorpusComment[] {
  const comments: CorpusComment[] = [];
  const ids = new Set<string>();
  jsonl.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === "") return;
    const lineNumber = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new Error(`Corpus line ${lineNumber} is not valid JSON (${(error as Error).message}): ${line}`);
    }
    const problem = checkComment(value);
    if (problem) throw new Error(`Corpus line ${lineNumber} is malformed: ${problem}: ${line}`);
    const comment = value as CorpusComment;
    if (ids.has(comment.id)) throw new Error(`Corpus line ${lineNumber} repeats the id ${comment.id}`);
    ids.add(comment.id);
    comments.push({
      id: comment.id,
      text: comment.text,
      give: comment.give.map(({ ref, size, color }) => ({ ref, size, color })),
      giveUp: [...comment.giveUp],
      kind: comment.kind,
    });
  });
  return comments;
}

function ratio(part: number, whole: number, whenEmpty: number): number {
  return whole === 0 ? whenEmpty : part / whole;
}

function readClass(reading: LiveCommentReading): ReadClass {
  if (reading.claims.length > 0) return "certain";
  if (reading.doubts.length > 0) return "doubt";
  if (reading.unclaims.length > 0) return "unclaim";
  return "none";
}

function emptyRow(): Record<ReadClass, number> {
  return { certain: 0, doubt: 0, unclaim: 0, none: 0 };
}

/**
 * Pairs each correct certain piece with a labelled piece of the same ref (each labelled piece used
 * once while there are unused ones, an exact match first) and counts the size and colour checks.
 */
function sizeColorCounts(claims: LiveCommentReading["claims"], give: CorpusPiece[]) {
  let labelled = 0;
  let right = 0;
  const used = new Set<number>();
  const same = (a: CorpusPiece, b: CorpusPiece) => a.size === b.size && a.color === b.color;
  for (const claim of claims) {
    const candidates = give
      .map((piece, index) => ({ piece, index }))
      .filter(({ piece }) => piece.ref === claim.ref);
    if (candidates.length === 0) continue;
    const unused = candidates.filter(({ index }) => !used.has(index));
    const pool = unused.length > 0 ? unused : candidates;
    const match = pool.find(({ piece }) => same(piece, claim)) ?? pool[0]!;
    used.add(match.index);
    if (match.piece.size === null && match.piece.color === null) continue;
    labelled += 1;
    if (same(match.piece, claim)) right += 1;
  }
  return { labelled, right };
}

/** Reads every comment with `read` and measures the readings against the labels. */
export function scoreReadings(
  comments: readonly CorpusComment[],
  read: (text: string) => LiveCommentReading,
): CommentReadingFigures {
  const confusion = Object.fromEntries(CORPUS_KINDS.map((kind) => [kind, emptyRow()])) as Record<
    CorpusKind,
    Record<ReadClass, number>
  >;
  const wrongCertainByKind = Object.fromEntries(NOT_CLAIM_KINDS.map((kind) => [kind, 0])) as Record<
    NotClaimKind,
    number
  >;
  const figures = {
    certainPieces: 0,
    certainCorrect: 0,
    wrongCertainComments: [] as ReadingExample[],
    wrongCertainInClaimsComments: [] as ReadingExample[],
    claimComments: 0,
    recalled: 0,
    certainRecalled: 0,
    doubtComments: 0,
    unclaimComments: 0,
    unclaimsRead: 0,
    falseUnclaimComments: [] as ReadingExample[],
    sizeColorLabelled: 0,
    sizeColorRight: 0,
    misses: [] as ReadingExample[],
  };

  for (const comment of comments) {
    const reading = read(comment.text);
    const example: ReadingExample = { id: comment.id, text: comment.text, kind: comment.kind, reading };
    const giveRefs = new Set(comment.give.map((piece) => piece.ref));
    const certainRefs = new Set(reading.claims.map((piece) => piece.ref));
    const doubtRefs = new Set(reading.doubts.map((piece) => piece.ref));
    const unclaimRefs = new Set(reading.unclaims);
    const correctClaims = reading.claims.filter((piece) => giveRefs.has(piece.ref));

    figures.certainPieces += reading.claims.length;
    figures.certainCorrect += correctClaims.length;
    if (reading.doubts.length > 0) figures.doubtComments += 1;
    if (isKind(comment.kind)) confusion[comment.kind][readClass(reading)] += 1;

    if (isNotClaimKind(comment.kind) && reading.claims.length > 0) {
      wrongCertainByKind[comment.kind] += 1;
      figures.wrongCertainComments.push(example);
    }

    if (takesPieces(comment.kind)) {
      figures.claimComments += 1;
      if (correctClaims.length < reading.claims.length) figures.wrongCertainInClaimsComments.push(example);
      if ([...giveRefs].every((ref) => certainRefs.has(ref) || doubtRefs.has(ref))) figures.recalled += 1;
      else figures.misses.push(example);
      if ([...giveRefs].every((ref) => certainRefs.has(ref))) figures.certainRecalled += 1;
    }

    if (givesUpPieces(comment.kind)) {
      figures.unclaimComments += 1;
      if (comment.giveUp.every((ref) => unclaimRefs.has(ref))) figures.unclaimsRead += 1;
    }
    if (reading.unclaims.some((ref) => !comment.giveUp.includes(ref)))
      figures.falseUnclaimComments.push(example);

    const sizeColor = sizeColorCounts(correctClaims, comment.give);
    figures.sizeColorLabelled += sizeColor.labelled;
    figures.sizeColorRight += sizeColor.right;
  }

  return {
    comments: comments.length,
    certainPieces: figures.certainPieces,
    certainCorrect: figures.certainCorrect,
    precision: ratio(figures.certainCorrect, figures.certainPieces, 1),
    wrongCertainByKind,
    wrongCertainComments: figures.wrongCertainComments,
    wrongCertainInClaims: figures.wrongCertainInClaimsComments.length,
    wrongCertainInClaimsComments: figures.wrongCertainInClaimsComments,
    claimComments: figures.claimComments,
    recalled: figures.recalled,
    recall: ratio(figures.recalled, figures.claimComments, 1),
    certainRecalled: figures.certainRecalled,
    certainRecall: ratio(figures.certainRecalled, figures.claimComments, 1),
    doubtComments: figures.doubtComments,
    doubtShare: ratio(figures.doubtComments, figures.claimComments, 0),
    unclaimComments: figures.unclaimComments,
    unclaimsRead: figures.unclaimsRead,
    unclaimRecall: ratio(figures.unclaimsRead, figures.unclaimComments, 1),
    falseUnclaims: figures.falseUnclaimComments.length,
    falseUnclaimComments: figures.falseUnclaimComments,
    sizeColorLabelled: figures.sizeColorLabelled,
    sizeColorRight: figures.sizeColorRight,
    sizeColorShare: ratio(figures.sizeColorRight, figures.sizeColorLabelled, 1),
    confusion,
    misses: figures.misses,
  };
}

/** "12.5%": a share as a percentage to one decimal. */
export function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

const MAX_EXAMPLES = 15;

function describePiece(piece: { ref: number; size: string | null; color: string | null }): string {
  const details = [piece.size, piece.color].filter((detail) => detail !== null);
  return details.length > 0 ? `${piece.ref} (${details.join(", ")})` : String(piece.ref);
}

/** What a reading says, on one line: "certain 7 (M) · doubts 9 [question] · un-claims 3". */
export function describeReading(reading: LiveCommentReading): string {
  const parts: string[] = [];
  if (reading.claims.length > 0) parts.push(`certain ${reading.claims.map(describePiece).join(", ")}`);
  if (reading.doubts.length > 0)
    parts.push(
      `doubts ${reading.doubts.map((piece) => `${describePiece(piece)} [${piece.reason}]`).join(", ")}`,
    );
  if (reading.unclaims.length > 0) parts.push(`un-claims ${reading.unclaims.join(", ")}`);
  return parts.length > 0 ? parts.join(" · ") : "nothing";
}

function exampleBlock(title: string, examples: readonly ReadingExample[]): string[] {
  if (examples.length === 0) return [];
  const shown = examples.slice(0, MAX_EXAMPLES);
  const more = examples.length > shown.length ? `, first ${shown.length} shown` : "";
  return [
    "",
    `${title} (${examples.length}${more}):`,
    ...shown.map(
      (example) =>
        `  ${example.id} [${example.kind}] ${JSON.stringify(example.text)} → ${describeReading(example.reading)}`,
    ),
  ];
}

/**
 * The figures as a readable block of English text, with the confusion table and, unless
 * `examples` is false, examples of each error. The held-out part is printed without them: its
 * comments must not be read while the reader is being changed.
 */
export function formatFigures(
  name: string,
  figures: CommentReadingFigures,
  { examples = true }: { examples?: boolean } = {},
): string {
  const kindWidth = Math.max(...CORPUS_KINDS.map((kind) => kind.length));
  const cellWidth = Math.max(...READ_CLASSES.map((readAs) => readAs.length)) + 2;
  const row = (label: string, cells: readonly (string | number)[]) =>
    label.padEnd(kindWidth) + cells.map((cell) => String(cell).padStart(cellWidth)).join("");
  const wrongByKind = NOT_CLAIM_KINDS.map((kind) => `${kind} ${figures.wrongCertainByKind[kind]}`).join(", ");
  const wrongTotal = NOT_CLAIM_KINDS.reduce((sum, kind) => sum + figures.wrongCertainByKind[kind], 0);

  const lines = [
    `Comment reading figures: ${name} (${figures.comments} comments)`,
    `  Precision of certain pieces: ${percent(figures.precision)} (${figures.certainCorrect} of ${figures.certainPieces} correct)`,
    `  Certain claims from comments that take nothing: ${wrongTotal} (${wrongByKind})`,
    `  Claim/switch comments with a certain piece not given: ${figures.wrongCertainInClaims}`,
    `  Recall (certain or doubt): ${percent(figures.recall)} (${figures.recalled} of ${figures.claimComments} claim/switch comments)`,
    `  Certain recall: ${percent(figures.certainRecall)} (${figures.certainRecalled} of ${figures.claimComments})`,
    `  Comments with doubts: ${figures.doubtComments}, ${percent(figures.doubtShare)} of claim/switch comments`,
    `  Un-claims read: ${percent(figures.unclaimRecall)} (${figures.unclaimsRead} of ${figures.unclaimComments} unclaim/switch comments)`,
    `  Comments giving up a piece they do not give up: ${figures.falseUnclaims}`,
    `  Size and colour right: ${percent(figures.sizeColorShare)} (${figures.sizeColorRight} of ${figures.sizeColorLabelled} correct pieces labelled with one)`,
    "",
    "  Confusion (label kind × reading):",
    "  " + row("", READ_CLASSES),
    ...CORPUS_KINDS.map(
      (kind) =>
        "  " +
        row(
          kind,
          READ_CLASSES.map((readAs) => figures.confusion[kind][readAs]),
        ),
    ),
  ];
  if (!examples) return lines.join("\n");
  return [
    ...lines,
    ...exampleBlock("Certain claims from comments that take nothing", figures.wrongCertainComments),
    ...exampleBlock(
      "Certain pieces not given, in claim/switch comments",
      figures.wrongCertainInClaimsComments,
    ),
    ...exampleBlock("Claims missed", figures.misses),
    ...exampleBlock("Un-claims of pieces not given up", figures.falseUnclaimComments),
  ].join("\n");
}
