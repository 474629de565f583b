import type { ClaimedPiece, DoubtReason, LiveCommentReading } from "./live-claims";
import { glued, NON_ASCII, normalizeComment, tokenize, type Token } from "./live-comment-tokens";
import {
  ADMIRATION_WORDS,
  ASK_FOR_WORDS,
  CLAIM_VERBS,
  CONDITION_FILLERS,
  CONDITION_WORDS,
  IF_SUBJECTS,
  KNOWN_WORDS,
  NUMBER_WORDS,
  REMARK_WORDS,
  SPELLED_REF_MARKERS,
  AFTER_NO_UNCLAIM,
  AFTER_PASS_OR_LEAVE,
  AFTER_PAS_IDIOMS,
  AFTER_PLUS_NEGATIONS,
  AFTER_S_NOT_SIZE,
  BEFORE_NO_UNCLAIM,
  BEFORE_PAS_IDIOMS,
  CHOICE_WORDS,
  CLAIM_WORDS,
  CLAUSE_ENDS,
  CLAUSE_STARTERS,
  CONTEXT_BEFORE,
  DISMAY_BEFORE_NO,
  FORGET_WORDS,
  FOR_ME_WORDS,
  GLUED_UNITS_AFTER,
  INTENT_WORDS,
  LETTER_SIZES,
  LIST_JOINERS,
  NE_WORDS,
  NONE_PAIRS,
  NONE_WORDS,
  NO_WORDS,
  NUMBER_JOINERS,
  PASS_OR_LEAVE_WORDS,
  PREFERENCE_WORDS,
  RANGE_JOINERS,
  REF_ARTICLES,
  REF_PREFIXES,
  SIZE_MARKERS,
  SIZE_VERBS,
  SOFT_NEGATIONS,
  SWAP_WORDS,
  UNCLAIM_WORDS,
  UNITS_AFTER,
  UNMISTAKABLE_SIZES,
  VERBS_BEFORE_PLUS,
} from "./live-comment-words";

/*
 * Reads what a live chat comment means for the claims: the pieces it claims, with a size and a
 * colour when it says them, the pieces it gives up, or nothing. The server runs it on every chat
 * comment of a live (thousands a second at peak), so it works on one pass of small tokens and
 * gives up early on comments that hold no number.
 *
 * It leans towards "nothing" whenever a comment is unclear: in automatic mode a claim gives a
 * piece at once, so a missed claim (the viewer writes again) costs less than a piece given to
 * someone who asked a question or changed their mind.
 */

/**
 * Highest product reference read in a comment. A live shows a few dozen to a few hundred items, so
 * three digits are enough; longer numbers are years (2024), postcodes or phone numbers, never a ref.
 */
export const MAX_CLAIM_REF = 999;
const MAX_CLAIM_REF_DIGITS = String(MAX_CLAIM_REF).length;

/** Unknown words a comment may hold and still be a sure claim, with and without a claim verb. */
const UNKNOWN_WORDS_WITH_CLAIM_VERB = 3;
const UNKNOWN_WORDS_WITHOUT_CLAIM_VERB = 1;

/** Numeric clothing sizes (women's 32 to men's 56) read after "en", "taille", "t", "je fais du". */
const MIN_NUMERIC_SIZE = 32;
const MAX_NUMERIC_SIZE = 56;

type Role = "ref" | "aside" | "size" | "color";

/** Where a size or colour is written; `value` null when the comment offers a choice ("38 ou 40"). */
interface Mention {
  at: number;
  value: string | null;
}

interface Clause {
  refs: number[];
  effect: "claim" | "unclaim" | "void";
  /** A clause with no reference whose refusal ("finalement non") speaks of the clause before. */
  orphanEffect: "unclaim" | "void" | null;
  /** "non le 12": corrects what the clause before named. */
  corrects: boolean;
}

/**
 * Decisions on the unclear cases (docs/decisions/031-reading-live-comments.md says why):
 * - a question ("?", "combien", "dispo", "il reste", "tu peux montrer") claims nothing, even of one
 *   ref: the seller answers, the viewer claims afterwards; so do hesitations ("j'hesite entre",
 *   "peut-etre", "si le 12 revient") and remarks ("dommage le 12 est vendu");
 * - two refs offered as a choice or a range ("le 3 ou le 5", "le 12 sinon le 14", "du 3 au 5",
 *   "le 3-5") claim nothing: the viewer has not chosen;
 * - "le 3 et le 5", "53 + 54", "le 12, le 14 et le 20", "je prends le 12 et ma soeur le 14" claim
 *   every piece, the same ref repeated once, in the order written;
 * - admiration alone ("trop belle le 12 😍", "j'adore le 12") claims nothing; with a claim word
 *   ("je le veux le 21 trop beau") it claims;
 * - a refusal of a ref ("je prends pas le 12", "pas le 12 finalement", "je veux plus le 3") gives
 *   it up; a negation that does not speak of the viewer's own claim ("il est pas beau le 12")
 *   claims nothing and gives nothing up;
 * - a comment that gives some refs up and claims others ("pas le 12 pour moi je prefere le 14",
 *   "j'annule le 12 je prends le 14") is a claim of the others only: the reading holds one kind,
 *   and a claim must never name a piece the same comment gives up. The given-up piece stays with
 *   the viewer until staff release it or its hold ends;
 * - "non le 12" after another ref ("le 13 non le 12") corrects it: a claim of 12 alone;
 * - swaps ("je change le 12 pour le 14", "le 14 a la place du 12") and a preference between
 *   several refs ("le 14 plutot que le 12") claim nothing: which piece goes is for staff to read;
 * - "passe-moi le 12", "laissez-moi le 12", "n'oubliez pas le 12" claim;
 * - a size needs a marker ("en M", "taille 38", "t38", "je fais du 38") or, for letters, to follow
 *   the ref ("le 12 m", "12M"); a bare number after a ref is another ref ("le 12 38" claims 12 and 38);
 *   two sizes offered ("38/40", "en S ou M") are no size;
 * - one size or colour in a comment applies to every piece; several apply each to the ref written
 *   before them ("le 12 en M et le 14 en L");
 * - numbers spelled out ("le douze") are not read.
 */
export function readComment(comment: string, colors: readonly string[]): LiveCommentReading {
  if (!mayHoldNumber(comment)) return nothing();
  const tokens = readSpelledNumbers(tokenize(normalizeComment(comment)));
  if (!tokens.some((token) => token.kind === "number")) return nothing();
  const doubt = doubtOf(tokens);
  if (doubt === "none") return nothing();

  const roles: (Role | undefined)[] = new Array<Role | undefined>(tokens.length);
  const colorMentions = colors.length > 0 ? readColors(tokens, roles, colorMatcher(colors)) : [];
  const sizeMentions = readRefsAndSizes(tokens, roles);

  const refIndexes: number[] = [];
  for (let index = 0; index < tokens.length; index++) if (roles[index] === "ref") refIndexes.push(index);
  if (refIndexes.length === 0 || offersAChoice(tokens, refIndexes)) return nothing();

  const clauses = readClauses(tokens, roles);
  const given = new Set<number>();
  const wanted: number[] = [];
  for (const clause of clauses) {
    if (clause.effect === "claim") wanted.push(...clause.refs);
    else for (const ref of clause.refs) given.add(ref);
  }
  const claimed = [...new Set(wanted.filter((ref) => !given.has(ref)))];
  const refused = new Set(
    clauses.filter((clause) => clause.effect === "unclaim").flatMap((clause) => clause.refs),
  );
  const unclaims = [...refused].filter((ref) => !claimed.includes(ref));
  if (claimed.length === 0) return { claims: [], doubts: [], unclaims };
  if (admiresOnly(tokens)) return { claims: [], doubts: [], unclaims };
  if (claimed.length > 1 && tokens.some((token) => PREFERENCE_WORDS.has(token.key))) {
    return { claims: [], doubts: [], unclaims };
  }
  const pieces = piecesOf(claimed, tokens, refIndexes, sizeMentions, colorMentions);
  const reason = doubt ?? (unclaims.length === 0 ? uncertainIntent(tokens, roles) : null);
  if (reason === null) return { claims: pieces, doubts: [], unclaims };
  return { claims: [], doubts: pieces.map((piece) => ({ ...piece, reason })), unclaims };
}

function nothing(): LiveCommentReading {
  return { claims: [], doubts: [], unclaims: [] };
}

const ASCII_DIGIT = /[0-9]/;
/** A number written in words after an article: "le sept", "la douze", "du vingt". */
const SPELLED_REF =
  /\b(?:le|la|l'|du|no|num|numero)\s*(?:deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|vingt|trente|quarante|cinquante|soixante|cent)/i;

/** Most chat comments hold no digit at all; they are answered before any work. */
function mayHoldNumber(comment: string): boolean {
  return ASCII_DIGIT.test(comment) || NON_ASCII.test(comment) || SPELLED_REF.test(comment);
}

/**
 * What the comment's form says before its references are read: "none" when it asks about a piece,
 * hesitates or remarks (it claims nothing), a doubt when it asks for a piece as a question ("je
 * peux avoir le 7 ?") or under a condition ("le 7 si dispo en S"), null when its form holds no
 * doubt.
 */
function doubtOf(tokens: readonly Token[]): "none" | DoubtReason | null {
  let question = false;
  let asksFor = false;
  let condition = false;
  // A payment, a parcel, an earlier order: the ref may be a claim, or what the remark is about.
  let remark = false;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    const next = tokens[index + 1];
    if (token.text === "?") {
      question = true;
      continue;
    }
    const conditionEnd = conditionPhraseEnd(tokens, index);
    if (conditionEnd > index) {
      condition = true;
      index = conditionEnd - 1;
      continue;
    }
    if (next !== undefined && NONE_PAIRS.has(`${token.key} ${next.key}`)) return "none";
    if (ASK_FOR_WORDS.has(token.key) || CLAIM_WORDS.has(token.key)) {
      asksFor = true;
      continue;
    }
    // "comme d'hab le 12" is no comparison.
    if (NONE_WORDS.has(token.key) && !(token.key === "come" && next?.key === "d")) return "none";
    // "j'ai changé d'avis" gives a piece up; "je change le 12 pour le 14" swaps.
    if (SWAP_WORDS.has(token.key) && next?.key !== "d") return "none";
    if (REMARK_WORDS.has(token.key)) remark = true;
  }
  if (condition) return "condition";
  // Without a "?", "je peux avoir le 7 svp" is a polite claim.
  if (question) return asksFor ? "question" : "none";
  return remark ? "unclear" : null;
}

/**
 * "si dispo", "si il reste", "s'il en reste", "si possible", "si vous l'avez en S": the end of the
 * condition phrase starting at `index`, or `index` when none starts there.
 */
function conditionPhraseEnd(tokens: readonly Token[], index: number): number {
  const token = tokens[index] as Token;
  let at = index + 1;
  if (token.key === "si") {
    // "s'il": the "s" is elided.
  } else if (token.key === "s" && token.elided && IF_SUBJECTS.has(tokens[at]?.key ?? "")) {
    at += 1;
  } else {
    return index;
  }
  let sawCondition = false;
  while (at < tokens.length && at <= index + 6) {
    const key = (tokens[at] as Token).key;
    if (CONDITION_WORDS.has(key)) {
      sawCondition = true;
      at += 1;
    } else if (CONDITION_FILLERS.has(key)) {
      at += 1;
    } else {
      break;
    }
  }
  return sawCondition ? at : index;
}

function admiresOnly(tokens: readonly Token[]): boolean {
  let admires = false;
  let previous: Token | undefined;
  for (const token of tokens) {
    if (CLAIM_WORDS.has(token.key)) return false;
    // "merci ma belle" speaks to the seller.
    if (ADMIRATION_WORDS.has(token.key) && previous?.key !== "ma" && previous?.key !== "mon") admires = true;
    previous = token;
  }
  return admires;
}

/**
 * "le sept", "la douze", "le vingt-trois", "n° trente et un": a number written in words after an
 * article or "numero" becomes a number token, so it reads as the ref it names. Elsewhere ("les
 * deux", "j'en veux trois") words stay words: they count pieces, not refs.
 */
function readSpelledNumbers(tokens: Token[]): Token[] {
  if (!tokens.some((token) => token.kind === "word" && NUMBER_WORDS.has(token.text))) return tokens;
  const read: Token[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    const before = read[read.length - 1];
    const spelled =
      before !== undefined && SPELLED_REF_MARKERS.has(before.text) ? spelledNumberAt(tokens, index) : null;
    if (spelled === null) {
      read.push(token);
      continue;
    }
    const last = tokens[spelled.end - 1] as Token;
    const text = String(spelled.value);
    read.push({ kind: "number", text, key: text, start: token.start, end: last.end, elided: false });
    index = spelled.end - 1;
  }
  return read;
}

/** The number written in words from `index` ("vingt", "-", "trois"), and the index after it. */
function spelledNumberAt(tokens: readonly Token[], index: number): { value: number; end: number } | null {
  let total = 0;
  let current = 0;
  let end = index;
  let at = index;
  while (at < tokens.length) {
    const token = tokens[at] as Token;
    const value = token.kind === "word" ? NUMBER_WORDS.get(token.text) : undefined;
    if (value === undefined) {
      // "vingt-trois", "vingt et un": joiners inside a number, only between two number words.
      const next = tokens[at + 1];
      const joins = (token.text === "-" || token.text === "et") && end === at && at > index;
      if (joins && next !== undefined && next.kind === "word" && NUMBER_WORDS.has(next.text)) {
        at += 1;
        continue;
      }
      break;
    }
    if (value === 100) current = (current === 0 ? 1 : current) * 100;
    else if (value === 20 && current % 100 === 4) current = current - 4 + 80;
    else current += value;
    at += 1;
    end = at;
  }
  total += current;
  if (end === index || total < 1 || total > MAX_CLAIM_REF) return null;
  // "un" alone is an article ("le un" is rare, "la une" is the news).
  if (end === index + 1 && (tokens[index] as Token).text.startsWith("un")) return null;
  return { value: total, end };
}

/**
 * Whether the claim the clauses found is sure. A comment whose every word is known to claim (a
 * claim verb, politeness, articles, sizes, colours, greetings) is sure; one that also says things
 * the reader cannot place ("le 7 me fait de l'oeil mais bon") may be a remark: staff confirm it.
 * A claim verb vouches for a few unknown words, never for many.
 */
/** Words some rule of the reader already weighed: they cast no doubt of their own. */
function placedWord(key: string): boolean {
  return (
    CLAIM_WORDS.has(key) ||
    KNOWN_WORDS.has(key) ||
    INTENT_WORDS.has(key) ||
    UNCLAIM_WORDS.has(key) ||
    NE_WORDS.has(key) ||
    NO_WORDS.has(key) ||
    FOR_ME_WORDS.has(key) ||
    CLAUSE_STARTERS.has(key) ||
    ADMIRATION_WORDS.has(key) ||
    key === "pas" ||
    key === "plus"
  );
}

function uncertainIntent(tokens: readonly Token[], roles: readonly (Role | undefined)[]): DoubtReason | null {
  let unknown = 0;
  let claimVerb = false;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    if (token.kind !== "word" || roles[index] !== undefined) continue;
    if (CLAIM_VERBS.has(token.key)) claimVerb = true;
    else if (!placedWord(token.key)) unknown += 1;
  }
  const allowed = claimVerb ? UNKNOWN_WORDS_WITH_CLAIM_VERB : UNKNOWN_WORDS_WITHOUT_CLAIM_VERB;
  return unknown > allowed ? "unclear" : null;
}

function isNumber(token: Token | undefined): token is Token {
  return token !== undefined && token.kind === "number";
}

function isWord(token: Token | undefined): token is Token {
  return token !== undefined && token.kind === "word";
}

function isNumericSize(token: Token): boolean {
  const value = Number(token.text);
  return token.text[0] !== "0" && value >= MIN_NUMERIC_SIZE && value <= MAX_NUMERIC_SIZE;
}

/** Gives each number a role (ref, size or set aside) and reads the letter sizes, left to right. */
function readRefsAndSizes(tokens: readonly Token[], roles: (Role | undefined)[]): Mention[] {
  const sizes: Mention[] = [];
  /** A size written right after another as its alternative ("38/40", "S ou M") makes both no size. */
  const addSize = (at: number, value: string): void => {
    const joiner = tokens[at - 1];
    const previous = sizes[sizes.length - 1];
    const offered =
      previous !== undefined &&
      (previous.at === at - 1 ||
        (previous.at === at - 2 && joiner !== undefined && RANGE_JOINERS.has(joiner.text)));
    if (previous !== undefined && offered) {
      previous.value = null;
      previous.at = at;
    } else {
      sizes.push({ at, value });
    }
    roles[at] = "size";
  };
  let phone = false;
  for (let index = 0; index < tokens.length; index++) {
    if (roles[index] !== undefined) continue;
    const token = tokens[index] as Token;
    if (token.kind === "number") {
      const role = numberRole(tokens, roles, index, phone);
      phone = role === "aside" && (token.text[0] === "0" || (phone && isNumber(tokens[index - 1])));
      if (role === "size") addSize(index, token.text);
      else roles[index] = role;
    } else if (token.kind === "word") {
      const size = letterSize(tokens, roles, index);
      if (size !== null) addSize(index, size);
    }
  }
  return sizes;
}

function numberRole(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  index: number,
  phone: boolean,
): Role {
  const token = tokens[index] as Token;
  const before = tokens[index - 1];
  const beforeThat = tokens[index - 2];
  const after = tokens[index + 1];
  if (phone && isNumber(before)) return "aside";
  // A ref is never written with a leading zero; "06 12 34 56 78" is a phone number.
  if (token.text[0] === "0" || token.text.length > MAX_CLAIM_REF_DIGITS) return "aside";
  if (joinedToNumber(tokens, index, -1) || joinedToNumber(tokens, index, 1)) return "aside";

  if (after !== undefined) {
    if (UNITS_AFTER.has(after.text)) return "aside";
    if (glued(token, after) && GLUED_UNITS_AFTER.has(after.text) && isGluedUnit(tokens, index))
      return "aside";
    // "2xl": the number belongs to the size that follows.
    if (glued(token, after) && (after.text === "xl" || after.text === "xxl")) return "aside";
  }
  if (before === undefined) return "ref";
  // "taille 38 40": a second size offered.
  if (roles[index - 1] === "size" && isNumber(before) && isNumericSize(token)) return "size";

  if (isWord(before) && !before.elided) {
    if (SIZE_MARKERS.has(before.text)) return isNumericSize(token) ? "size" : "aside";
    if (SIZE_VERBS.has(before.text) && isNumericSize(token)) return "size";
    if (
      (before.text === "du" || before.text === "un") &&
      isWord(beforeThat) &&
      SIZE_VERBS.has(beforeThat.text)
    ) {
      return isNumericSize(token) ? "size" : "aside";
    }
    if (CONTEXT_BEFORE.has(before.text)) {
      const listed = after !== undefined && LIST_JOINERS.has(after.text);
      if (!(before.text === "les" && listed)) return "aside";
    }
    if (glued(before, token) && !REF_PREFIXES.has(before.text)) return "aside";
  }
  if (before.kind === "symbol") {
    if (before.text === "€" || before.text === "$") return "aside";
    if (before.text === "+" && glued(before, token) && !(isNumber(beforeThat) && glued(beforeThat, before))) {
      return "aside";
    }
    if (isMinusSign(tokens, index)) return "aside";
  }
  if (RANGE_JOINERS.has(before.text) && beforeThat !== undefined) {
    const carried = roles[index - 2];
    if (carried === "aside") return "aside";
    if (carried === "size" && isNumericSize(token)) return "size";
  }
  return "ref";
}

/** "1m70", "2m", "10k", "2x" are measures and counts; "12m" and "12M" are ref 12 in size M. */
function isGluedUnit(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index] as Token;
  const unit = tokens[index + 1] as Token;
  if (unit.text !== "m") return true;
  const after = tokens[index + 2];
  return (isNumber(after) && glued(unit, after)) || Number(token.text) <= 3;
}

function joinedToNumber(tokens: readonly Token[], index: number, direction: 1 | -1): boolean {
  const token = tokens[index] as Token;
  const joiner = tokens[index + direction];
  const neighbour = tokens[index + 2 * direction];
  if (joiner === undefined || !isNumber(neighbour) || !NUMBER_JOINERS.has(joiner.text)) return false;
  return direction === 1
    ? glued(token, joiner) && glued(joiner, neighbour)
    : glued(neighbour, joiner) && glued(joiner, token);
}

/** "-50%" is a signed number, but in "le 3-5" the hyphen joins two numbers. */
function isMinusSign(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index] as Token;
  const minus = tokens[index - 1];
  if (minus === undefined || minus.text !== "-" || !glued(minus, token)) return false;
  const beforeMinus = tokens[index - 2];
  return beforeMinus === undefined || !glued(beforeMinus, minus);
}

function letterSize(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  index: number,
): string | null {
  const token = tokens[index] as Token;
  const before = tokens[index - 1];
  const after = tokens[index + 1];
  const marked = isWord(before) && !before.elided && SIZE_MARKERS.has(before.text);
  if (token.text === "unique" && marked && before.text !== "en") return "TU";
  const size = LETTER_SIZES.get(token.text);
  if (size === undefined || token.elided) return null;
  if (UNMISTAKABLE_SIZES.has(token.text)) {
    // "2xl", "3xl": the count of x written as a digit.
    if (isNumber(before) && glued(before, token) && token.text === "xl") {
      const count = Number(before.text);
      if (count === 2) return "XXL";
      if (count >= 3 && count <= 5) return `${count}XL`;
    }
    return size;
  }
  if (token.text === "s" && after !== undefined && AFTER_S_NOT_SIZE.has(after.text)) return null;
  if (marked) return size;
  if (token.text === "tu") return null;
  if (before === undefined) return null;
  if (roles[index - 1] === "ref") return size;
  if (RANGE_JOINERS.has(before.text) && roles[index - 2] === "size") return size;
  return null;
}

interface ColorMatcher {
  /** The shop's colours as stems of words, longest first, each with the shop's own spelling. */
  colors: { stems: string[]; name: string }[];
}

let cachedColors: readonly string[] | null = null;
let cachedMatcher: ColorMatcher = { colors: [] };

/** The server passes the same list for a whole live: it is prepared once, not per comment. */
function colorMatcher(colors: readonly string[]): ColorMatcher {
  if (colors === cachedColors || sameColors(colors, cachedColors)) return cachedMatcher;
  const prepared = colors
    .map((name) => ({
      name,
      stems: tokenize(normalizeComment(name))
        .filter((token) => token.kind === "word")
        .map((token) => stem(token.key)),
    }))
    .filter((color) => color.stems.length > 0)
    .sort((a, b) => b.stems.length - a.stems.length);
  cachedColors = colors;
  cachedMatcher = { colors: prepared };
  return cachedMatcher;
}

function sameColors(colors: readonly string[], cached: readonly string[] | null): boolean {
  if (cached === null || cached.length !== colors.length) return false;
  for (let index = 0; index < colors.length; index++) if (colors[index] !== cached[index]) return false;
  return true;
}

/** One stem for a colour word's forms: noir/noire/noirs, bleu/bleue, blanc/blanche, gris/grise. */
function stem(key: string): string {
  let word = key;
  while (word.length > 3 && /[esx]$/.test(word)) word = word.slice(0, -1);
  if (word.endsWith("ch")) word = `${word.slice(0, -2)}c`;
  return word;
}

function readColors(tokens: readonly Token[], roles: (Role | undefined)[], matcher: ColorMatcher): Mention[] {
  const mentions: Mention[] = [];
  const stems: (string | undefined)[] = new Array<string | undefined>(tokens.length);
  const stemAt = (index: number): string | undefined => {
    const token = tokens[index];
    if (!isWord(token)) return undefined;
    return (stems[index] ??= stem(token.key));
  };
  for (let index = 0; index < tokens.length; index++) {
    if (!isWord(tokens[index])) continue;
    const color = matcher.colors.find((candidate) =>
      candidate.stems.every((wanted, offset) => stemAt(index + offset) === wanted),
    );
    if (color === undefined) continue;
    const last = index + color.stems.length - 1;
    for (let covered = index; covered <= last; covered++) roles[covered] = "color";
    const previous = mentions[mentions.length - 1];
    const joiner = tokens[index - 1];
    if (
      previous !== undefined &&
      joiner !== undefined &&
      RANGE_JOINERS.has(joiner.text) &&
      previous.at === index - 2
    ) {
      previous.value = null;
      previous.at = last;
    } else {
      mentions.push({ at: last, value: color.name });
    }
    index = last;
  }
  return mentions;
}

/** Two refs with "ou", "sinon", "au", "-" or "/" between them: the viewer offers a choice. */
function offersAChoice(tokens: readonly Token[], refIndexes: readonly number[]): boolean {
  for (let position = 1; position < refIndexes.length; position++) {
    const from = refIndexes[position - 1] as number;
    const to = refIndexes[position] as number;
    for (let index = from + 1; index < to; index++) {
      if (CHOICE_WORDS.has((tokens[index] as Token).key)) return true;
    }
  }
  return false;
}

function refValue(tokens: readonly Token[], index: number): number {
  return Number((tokens[index] as Token).text);
}

/** Cuts the comment into statements and says what each does with its refs. */
function readClauses(tokens: readonly Token[], roles: readonly (Role | undefined)[]): Clause[] {
  const clauses: Clause[] = [];
  let start = 0;
  const close = (end: number, corrects: boolean): void => {
    if (end > start) clauses.push(readClause(tokens, roles, start, end, corrects));
  };
  let corrects = false;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    if (CLAUSE_ENDS.has(token.text)) {
      close(index, corrects);
      corrects = false;
      start = index + 1;
    } else if (index > start && CLAUSE_STARTERS.has(token.key)) {
      close(index, corrects);
      corrects = false;
      start = index;
    } else if (NO_WORDS.has(token.key) && isCorrection(tokens, roles, index)) {
      close(index, corrects);
      corrects = true;
      start = index;
    }
  }
  close(tokens.length, corrects);

  // A refusal with no ref of its own ("le 12 ... finalement non") and a correction ("le 13 non le
  // 12") speak of the clause before that names refs.
  let lastWithRefs: Clause | undefined;
  for (const clause of clauses) {
    if (clause.corrects && lastWithRefs?.effect === "claim") lastWithRefs.effect = "void";
    if (clause.refs.length > 0) {
      lastWithRefs = clause;
    } else if (clause.orphanEffect !== null && lastWithRefs?.effect === "claim") {
      lastWithRefs.effect = clause.orphanEffect;
    }
  }
  return clauses;
}

/** "non le 12", "non 12": the "non" corrects, the ref after it is wanted ("finalement non le 12" refuses). */
function isCorrection(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  index: number,
): boolean {
  const before = tokens[index - 1];
  if (before !== undefined && (BEFORE_NO_UNCLAIM.has(before.key) || DISMAY_BEFORE_NO.has(before.key)))
    return false;
  return namesRefNext(tokens, roles, index);
}

function namesRefNext(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  index: number,
): boolean {
  if (roles[index + 1] === "ref") return true;
  const next = tokens[index + 1];
  return next !== undefined && (next.text === "le" || next.text === "la") && roles[index + 2] === "ref";
}

/** A ref right after `index`, or after an article: "pas le 12", "plus du 12", "non 12". */
function refFollows(tokens: readonly Token[], roles: readonly (Role | undefined)[], index: number): boolean {
  if (roles[index + 1] === "ref") return true;
  const after = tokens[index + 1];
  return after !== undefined && REF_ARTICLES.has(after.text) && roles[index + 2] === "ref";
}

function givesUpAfter(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  index: number,
  end: number,
): boolean {
  if (index + 1 >= end) return true;
  const after = tokens[index + 1] as Token;
  if (roles[index + 1] === "ref" || AFTER_PASS_OR_LEAVE.has(after.key)) return true;
  return REF_ARTICLES.has(after.text) && index + 2 < end && roles[index + 2] === "ref";
}

/** "passe-moi le 12", "laisse-le-moi", "tu me laisses le 12": the viewer keeps the piece. */
function keepsForMe(tokens: readonly Token[], index: number, start: number, end: number): boolean {
  const before = index > start ? tokens[index - 1] : undefined;
  const after = index + 1 < end ? tokens[index + 1] : undefined;
  const afterThat = index + 2 < end ? tokens[index + 2] : undefined;
  if (before !== undefined && (before.key === "me" || before.key === "m")) return true;
  if (after === undefined) return false;
  if (FOR_ME_WORDS.has(after.key)) return true;
  return (
    (after.key === "le" || after.key === "la") && afterThat !== undefined && FOR_ME_WORDS.has(afterThat.key)
  );
}

function readClause(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  start: number,
  end: number,
  corrects: boolean,
): Clause {
  const refs: number[] = [];
  let intent = false;
  // "non pas le 12 le 13": refs side by side, without "et", may not share the refusal.
  let sideBySide = false;
  let listed = true;
  for (let index = start; index < end; index++) {
    const token = tokens[index] as Token;
    if (roles[index] === "ref") {
      if (refs.length > 0 && !listed) sideBySide = true;
      refs.push(refValue(tokens, index));
      listed = false;
    }
    if (LIST_JOINERS.has(token.key)) listed = true;
    if (INTENT_WORDS.has(token.key)) intent = true;
  }

  let unclaims = false;
  let negates = false;
  let seenNe = false;
  for (let index = start; index < end; index++) {
    const token = tokens[index] as Token;
    const before = index > start ? tokens[index - 1] : undefined;
    const after = index + 1 < end ? tokens[index + 1] : undefined;
    const key = token.key;
    if (NE_WORDS.has(key)) seenNe = true;
    if (UNCLAIM_WORDS.has(key)) {
      if (FORGET_WORDS.has(key) && after?.key === "pas") continue;
      if (PASS_OR_LEAVE_WORDS.has(key)) {
        if (keepsForMe(tokens, index, start, end) || !givesUpAfter(tokens, roles, index, end)) continue;
      }
      unclaims = true;
    } else if (key === "pas") {
      if (after !== undefined && AFTER_PAS_IDIOMS.has(after.key)) continue;
      if (before !== undefined && BEFORE_PAS_IDIOMS.has(before.key)) continue;
      const refNext =
        roles[index + 1] === "ref" ||
        ((after?.text === "le" || after?.text === "la" || after?.text === "du") &&
          roles[index + 2] === "ref");
      if (refNext || intent) unclaims = true;
      else negates = true;
    } else if (key === "plus") {
      const verbBefore = before !== undefined && VERBS_BEFORE_PLUS.has(before.key);
      const negationAfter = after !== undefined && AFTER_PLUS_NEGATIONS.has(after.key);
      // "plus le 12, plutot le 14" opens with it: no longer; "le 10 plus le 12" adds a piece.
      const opensOnRef = index === start && refFollows(tokens, roles, index);
      if (seenNe || verbBefore || negationAfter || opensOnRef) unclaims = true;
    } else if (NO_WORDS.has(key)) {
      // "non mais il est trop beau": an exclamation.
      if (tokens[index + 1]?.key === "mais") continue;
      if (before !== undefined && DISMAY_BEFORE_NO.has(before.key)) {
        negates = true;
        continue;
      }
      if (isCorrection(tokens, roles, index)) continue;
      const saysNoToIt =
        after === undefined ||
        AFTER_NO_UNCLAIM.has(after.key) ||
        (before !== undefined && BEFORE_NO_UNCLAIM.has(before.key));
      if (saysNoToIt) unclaims = true;
      else negates = true;
    } else if (SOFT_NEGATIONS.has(key)) {
      negates = true;
    } else if (key === "tant" && after?.key === "pis") {
      unclaims = true;
    } else if (key === "change" && after?.key === "d") {
      unclaims = true;
    }
  }

  const effect = unclaims ? (sideBySide ? "void" : "unclaim") : negates ? "void" : "claim";
  return {
    refs,
    effect,
    orphanEffect: refs.length === 0 && effect !== "claim" ? effect : null,
    corrects,
  };
}

/** Each piece with its size and colour: per ref when several are written, else the one for all. */
function piecesOf(
  refs: readonly number[],
  tokens: readonly Token[],
  refIndexes: readonly number[],
  sizes: readonly Mention[],
  colors: readonly Mention[],
): ClaimedPiece[] {
  const sizeOf = attach(sizes, tokens, refIndexes);
  const colorOf = attach(colors, tokens, refIndexes);
  return refs.map((ref) => ({ ref, size: sizeOf(ref), color: colorOf(ref) }));
}

function attach(
  mentions: readonly Mention[],
  tokens: readonly Token[],
  refIndexes: readonly number[],
): (ref: number) => string | null {
  const first = mentions[0];
  if (first === undefined) return () => null;
  if (mentions.every((mention) => mention.value === first.value)) return () => first.value;
  const leading: Mention[] = [];
  const byRef = new Map<number, string | null>();
  for (const mention of mentions) {
    let owner: number | undefined;
    for (const index of refIndexes) if (index < mention.at) owner = index;
    if (owner === undefined) leading.push(mention);
    else {
      const ref = refValue(tokens, owner);
      if (!byRef.has(ref)) byRef.set(ref, mention.value);
    }
  }
  const fallback = leading.length === 1 ? (leading[0] as Mention).value : null;
  return (ref) => (byRef.has(ref) ? (byRef.get(ref) ?? null) : fallback);
}
