import type { Role } from "./live-comment-form";
import type { Token } from "./live-comment-tokens";
import {
  CORRECTION_WORDS,
  PAST_AUXILIARIES,
  REF_ARTICLES,
  SLIP_WORDS,
  WRITING_VERBS,
  MEANT_BEFORE,
  THAT_WORDS,
  WANTED_AFTER_THAT,
} from "./live-comment-words";

/*
 * A comment that puts a piece right in place of another written by mistake: "j'ai mis le 5 par
 * erreur c'était le 15", "c'est pas le 44 c le 45", "c'est 37 pas 73, la fatigue". The piece meant
 * is taken and the one written by mistake given up, whichever comes first. Only comments naming
 * exactly two pieces are read this way; the rest go through the reader's clauses.
 */

export interface SlipCorrection {
  /** Token index of the piece given up. */
  givenUpAt: number;
  /** Token index of the piece meant. */
  takenAt: number;
  /** Whether the comment says plainly that the second piece is the one meant. */
  sure: boolean;
}

export function readSlipCorrection(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  refIndexes: readonly number[],
): SlipCorrection | null {
  const refs = new Set(refIndexes.map((at) => (tokens[at] as Token).text));
  if (refs.size !== 2 || refIndexes.length !== 2) return null;
  const [first, second] = refIndexes as [number, number];
  const refusedFirst = refusedAt(tokens, roles, first);
  const refusedSecond = refusedAt(tokens, roles, second);
  if (refusedFirst === refusedSecond) {
    if (refusedFirst) return null;
    // Without "pas" before one of them, an earlier slip told in the past is a correction, and so
    // is an apology before the piece meant ("pardon pour le 11 je voulais le 111", "dsl pour le
    // 12, je prends le 13 à la place"); "le 7 oups le 8" in one breath is a claim of the 8 alone,
    // read by the clauses.
    if (toldEarlierSlip(tokens, first))
      return { givenUpAt: first, takenAt: second, sure: namesTheMeantPiece(tokens, second) };
    const apologised =
      slipSaid(tokens) && (namesTheMeantPiece(tokens, second) || insteadAfter(tokens, second));
    return apologised ? { givenUpAt: first, takenAt: second, sure: true } : null;
  }
  const givenUpAt = refusedFirst ? first : second;
  const takenAt = refusedFirst ? second : first;
  // "pas le 7, le 8": a refusal beside another piece corrects only with a sign of it. "non le 8,
  // pas le 7" says it; "non pas le 12 le 13" may as well refuse both.
  const signed =
    slipSaid(tokens) ||
    toldEarlierSlip(tokens, first) ||
    namesTheMeantPiece(tokens, takenAt) ||
    (takenAt === first && opensWithNo(tokens, first));
  return signed ? { givenUpAt, takenAt, sure: true } : null;
}

/** "pas le 36", "pas 73", "c'est pas le 44": "pas" (and an article) right before the ref. */
function refusedAt(tokens: readonly Token[], roles: readonly (Role | undefined)[], at: number): boolean {
  let before = at - 1;
  if (before >= 0 && REF_ARTICLES.has((tokens[before] as Token).text)) before -= 1;
  return before >= 0 && tokens[before]?.key === "pas" && roles[before] === undefined;
}

function slipSaid(tokens: readonly Token[]): boolean {
  return tokens.some((token) => SLIP_WORDS.has(token.key) || CORRECTION_WORDS.has(token.key));
}

/** "le 13 à la place". */
function insteadAfter(tokens: readonly Token[], at: number): boolean {
  const rest = tokens.slice(at + 1, at + 8).map((token) => token.key);
  return rest.some((key, index) => key === "a" && rest[index + 1] === "la" && rest[index + 2] === "place");
}

/** "j'ai mis le 5", "j'avais écrit 47", "j'ai dit le 14": the first piece was written earlier. */
function toldEarlierSlip(tokens: readonly Token[], firstRefAt: number): boolean {
  for (let index = 1; index < firstRefAt; index++) {
    const token = tokens[index] as Token;
    if (!WRITING_VERBS.has(token.key) && token.key !== "dit") continue;
    const before = tokens[index - 1] as Token;
    if (PAST_AUXILIARIES.has(before.key) || before.key === "jai") return true;
  }
  return false;
}

function namesTheMeantPiece(tokens: readonly Token[], at: number): boolean {
  let before = at - 1;
  if (before >= 0 && REF_ARTICLES.has((tokens[before] as Token).text)) before -= 1;
  if (before >= 0 && MEANT_BEFORE.has((tokens[before] as Token).key)) return true;
  const that = tokens[at + 1];
  if (that === undefined || !THAT_WORDS.has(that.key)) return false;
  return tokens.slice(at + 2, at + 5).some((token) => WANTED_AFTER_THAT.has(token.key));
}

/** "non le 8, pas le 7", "non non le 5 pas le 55": "no" said right before the piece meant. */
function opensWithNo(tokens: readonly Token[], firstRefAt: number): boolean {
  const opening = tokens.slice(0, firstRefAt);
  const no = (token: Token) => token.key === "non" || token.key === "nan";
  return (
    opening.some(no) &&
    opening.every((token) => no(token) || token.text === "," || REF_ARTICLES.has(token.text))
  );
}
