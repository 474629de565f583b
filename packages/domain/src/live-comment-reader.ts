import type { ClaimedPiece, DoubtReason, DoubtfulPiece, LiveCommentReading } from "./live-claims";
import {
  certaintyOf,
  fromPlace,
  isPieceName,
  isPiecesName,
  putsBackOnSale,
  readForm,
  type Role,
} from "./live-comment-form";
import { readSlipCorrection } from "./live-comment-slips";
import { FIRST_NAMES } from "./live-comment-names";
import { glued, NON_ASCII, normalizeComment, tokenize, type Token } from "./live-comment-tokens";
import {
  OF_WORDS,
  ASK_FOR_WORDS,
  CLAIM_VERBS,
  OBJECT_PRONOUNS,
  GREETINGS_FROM,
  PLACE_BEFORE,
  CORRECTING_BEFORE_NO,
  CORRECTION_WORDS,
  OTHER_SUBJECTS,
  OTHER_RECIPIENTS,
  PRAISE_BEFORE_FOR,
  PLUS_WORDS,
  SWAP_ARTICLES,
  SWAP_JOINERS,
  SWAP_VERBS,
  WRITING_VERBS,
  TYPING_SLIPS,
  PAST_AUXILIARIES,
  ADMIRATION_WORDS,
  NUMBER_WORDS,
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
  FOR_ME_WORDS,
  GLUED_UNITS_AFTER,
  INTENT_WORDS,
  LETTER_SIZES,
  LIST_JOINERS,
  NE_WORDS,
  NO_WORDS,
  NUMBER_JOINERS,
  PASS_OR_LEAVE_WORDS,
  PREFERENCE_WORDS,
  PREFERENCE_VERBS,
  NOT_THE_PIECE,
  DATE_BEFORE,
  RANGE_JOINERS,
  REF_ARTICLES,
  REF_PREFIXES,
  SIZE_MARKERS,
  SIZE_VERBS,
  STOCK_VERBS,
  SOFT_NEGATIONS,
  UNCLAIM_WORDS,
  UNITS_AFTER,
  UNMISTAKABLE_SIZES,
  VERBS_BEFORE_PLUS,
  AFTER_OPENING_NUMBER,
  GIVE_ME_VERBS,
  SOMEONE_ELSE,
  POSSESSIVES,
  FIRST_PERSON_AUXILIARIES,
  KEEP_VERBS,
  IT_IS,
  FROM_VERBS,
  OBJECT_PRONOUN_KEYS,
  SIZE_AFTER_OPENING_NUMBER,
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

/** Numeric clothing sizes (women's 32 to men's 56) read after "en", "taille", "t", "je fais du". */
const MIN_NUMERIC_SIZE = 32;
const MAX_NUMERIC_SIZE = 56;

/** Where a size or colour is written; `value` null when the comment offers a choice ("38 ou 40"). */
interface Mention {
  at: number;
  value: string | null;
}

interface Clause {
  refs: number[];
  /** The token index of each ref. */
  refAt: number[];
  start: number;
  end: number;
  /** Refs with no word of their own but articles and joiners: "le 56 et le 57". */
  bare: boolean;
  /** Gives up by a verb ("j'annule", "retirez"), not by "pas" or "non" about one ref. */
  byVerb: boolean;
  /** Its effect was set by a later statement without refs ("le 12 ... finalement non"). */
  byOther: boolean;
  effect: "claim" | "unclaim" | "void";
  /** A clause with no reference whose refusal ("finalement non") speaks of the clause before. */
  orphanEffect: "unclaim" | "void" | null;
  /** "non le 12": corrects what the clause before named. */
  corrects: boolean;
}

/**
 * Reads a comment (docs/decisions/031 and 038 say why each case reads as it does):
 * - refs, sizes and colours are placed first (a swap's "en 41" is a ref, not a size);
 * - the form, by segment (live-comment-form.ts): a segment that asks about a piece, remarks on it
 *   or tells a past story claims nothing there;
 * - clauses say what each statement does with its refs: claim, give up ("je passe le 16", "pas
 *   le 12", "ni le 3", "plus le 12,"), or nothing ("il est pas beau le 12");
 * - swaps ("au lieu du 12", "je change le 12 pour le 14") give one ref up, corrections ("le 9 oups
 *   le 19", "le 22 ah non le 23") drop the refs before them;
 * - a ref is never both claimed and given up; choices between two refs ("le 3 ou le 5") claim
 *   nothing; admiration alone claims nothing;
 * - how sure the claims are: sure, a doubt with its reason, or talk (nothing).
 */
export function readComment(comment: string, colors: readonly string[]): LiveCommentReading {
  const placed = placeRefs(comment, colors);
  return placed === null ? nothing() : readPlaced(placed, comment);
}

/**
 * The reading, and every piece the comment names with the size and colour said beside it,
 * whatever it does with them (what staff are asked about when the comment may claim without the
 * reader seeing how), from one placing of the comment's refs.
 */
export function readCommentAndPieces(
  comment: string,
  colors: readonly string[],
): { reading: LiveCommentReading; named: () => ClaimedPiece[] } {
  const placed = placeRefs(comment, colors);
  if (placed === null) return { reading: nothing(), named: () => [] };
  return { reading: readPlaced(placed, comment), named: () => piecesNamed(placed) };
}

function readPlaced(placed: PlacedRefs, comment: string): LiveCommentReading {
  const { tokens, roles, swap, colorMentions, sizeMentions, refIndexes } = placed;
  const slip = readSlipCorrection(tokens, roles, refIndexes);
  if (slip !== null && [...swap.givenUp].every((at) => at === slip.givenUpAt)) {
    const [piece] = piecesOf(
      [refValue(tokens, slip.takenAt)],
      tokens,
      refIndexes,
      sizeMentions,
      colorMentions,
    );
    const unclaims = [refValue(tokens, slip.givenUpAt)];
    if (piece === undefined) return nothing();
    if (slip.sure) return { claims: [piece], doubts: [], unclaims };
    return { claims: [], doubts: [{ ...piece, reason: "unclear" }], unclaims };
  }
  if (swap.givenUp.size === 0 && offersAChoice(tokens, refIndexes)) return nothing();

  const form = readForm(tokens, roles, comment);
  const clauses = readClauses(tokens, roles, form.inCondition);
  const corrected = correctedRefs(tokens, roles, refIndexes);
  const given = new Set<number>();
  const refusedBySwap = new Set<number>();
  const wanted: { ref: number; at: number }[] = [];
  for (const clause of clauses) {
    clause.refAt.forEach((at, position) => {
      const ref = clause.refs[position] as number;
      // A ref in a segment that asks about it or remarks on it is neither claimed nor given up;
      // nor is one the viewer corrected ("le 9 oups le 19").
      if (swap.givenUp.has(at)) refusedBySwap.add(ref);
      // A remark or a question about a piece claims nothing and gives nothing up, unless another
      // statement gives it up ("je reviens sur le 37, je le veux plus").
      else if (form.voided[at] && (clause.effect === "claim" || !clause.byOther)) return;
      else if (corrected.has(at)) given.add(ref);
      // "mon 22, transformez-le en 23": a piece the viewer already has is not claimed again.
      // "(en plus du 12 tout à l'heure)": one taken earlier, named beside the new one.
      else if (clause.effect === "claim" && !swap.taken.has(at) && alreadyHad(tokens, at)) return;
      else if (clause.effect === "claim" || swap.taken.has(at)) wanted.push({ ref, at });
      else given.add(ref);
    });
  }
  for (const ref of refusedBySwap) given.add(ref);
  const claimedAt = wanted.filter((want) => !given.has(want.ref));
  const claimed = [...new Set(claimedAt.map((want) => want.ref))];
  const refused = new Set([
    ...refusedBySwap,
    ...clauses
      .filter((clause) => clause.effect === "unclaim")
      .flatMap((clause) =>
        clause.refs.filter((_, position) => clause.byOther || !form.voided[clause.refAt[position] as number]),
      ),
  ]);
  const unclaims = [...refused].filter((ref) => !claimed.includes(ref));
  if (claimed.length === 0) return { claims: [], doubts: [], unclaims };
  if (admiresOnly(tokens)) return { claims: [], doubts: [], unclaims };
  if (claimed.length > 1 && tokens.some((token) => PREFERENCE_WORDS.has(token.key))) {
    return { claims: [], doubts: [], unclaims };
  }
  const pieces = piecesOf(claimed, tokens, refIndexes, sizeMentions, colorMentions);
  // A ref written twice is as sure as its surest place.
  const verdictOf = (ref: number): DoubtReason | "talk" | null => {
    const verdicts = claimedAt.filter((want) => want.ref === ref).map((want) => certaintyOf(form, want.at));
    return verdicts.includes(null) ? null : (verdicts.find((one) => one !== "talk") ?? "talk");
  };
  const verdicts = new Map(claimed.map((ref) => [ref, verdictOf(ref)]));
  // "le 47 est pas mal mais je préfère le 48": a preference over another piece named may be a
  // comparison as much as a claim.
  const compares =
    tokens.some((token) => PREFERENCE_VERBS.has(token.key)) &&
    refIndexes.some((at) => {
      const ref = refValue(tokens, at);
      return (!verdicts.has(ref) || verdicts.get(ref) === "talk") && !unclaims.includes(ref);
    });
  const claims: ClaimedPiece[] = [];
  const doubts: DoubtfulPiece[] = [];
  for (const piece of pieces) {
    const verdict = verdicts.get(piece.ref);
    if (verdict === undefined || verdict === "talk") continue;
    // A swap word the reader could not parse: which piece goes is for staff to say.
    // "je change : pas le 5 mais le 6": the statements said which piece goes.
    const swapUnread = swap.unparsed && unclaims.length === 0;
    const reason = verdict ?? (swapUnread ? "swap" : compares ? "choice" : null);
    if (reason === null) claims.push(piece);
    else doubts.push({ ...piece, reason });
  }
  return { claims, doubts, unclaims };
}

/** Where a comment's refs, sizes and colours are, and the swap it writes; null when it names no ref. */
interface PlacedRefs {
  tokens: Token[];
  roles: (Role | undefined)[];
  swap: Swap;
  colorMentions: Mention[];
  sizeMentions: Mention[];
  refIndexes: number[];
}

function placeRefs(comment: string, colors: readonly string[]): PlacedRefs | null {
  if (!mayHoldNumber(comment)) return null;
  const tokens = readSpelledNumbers(tokenize(normalizeComment(comment)));
  if (!tokens.some((token) => token.kind === "number")) return null;

  const roles: (Role | undefined)[] = new Array<Role | undefined>(tokens.length);
  const swap = readSwap(tokens, roles);
  const colorMentions = colors.length > 0 ? readColors(tokens, roles, colorMatcher(colors)) : [];
  const sizeMentions = readRefsAndSizes(tokens, roles);

  const refIndexes: number[] = [];
  for (let index = 0; index < tokens.length; index++) if (roles[index] === "ref") refIndexes.push(index);
  if (refIndexes.length === 0) return null;
  return { tokens, roles, swap, colorMentions, sizeMentions, refIndexes };
}

function piecesNamed(placed: PlacedRefs): ClaimedPiece[] {
  const { tokens, colorMentions, sizeMentions, refIndexes } = placed;
  const refs = [...new Set(refIndexes.map((at) => refValue(tokens, at)))];
  return piecesOf(refs, tokens, refIndexes, sizeMentions, colorMentions);
}

function nothing(): LiveCommentReading {
  return { claims: [], doubts: [], unclaims: [] };
}

const ASCII_DIGIT = /[0-9]/;
/** A number written in words after an article: "le sept", "la douze", "du vingt". */
const SPELLED_REF =
  /(?:\b(?:le|la|l'|du|no|num|numero)\s*|^\W*(?:@[\w.]+\s*)*)(?:deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|vingt|trente|quarante|cinquante|soixante|septante|octante|huitante|nonante|cent)/i;

/** Most chat comments hold no digit at all; they are answered before any work. */
/** Whether a comment may name a piece at all: a digit, a number in words, a keycap. */
export function mayHoldNumber(comment: string): boolean {
  return ASCII_DIGIT.test(comment) || NON_ASCII.test(comment) || SPELLED_REF.test(comment);
}

function admiresOnly(tokens: readonly Token[]): boolean {
  let admires = false;
  let previous: Token | undefined;
  for (const token of tokens) {
    const praise = token.key === "pour" && previous !== undefined && PRAISE_BEFORE_FOR.has(previous.key);
    if (!praise && (CLAIM_WORDS.has(token.key) || CLAIM_VERBS.has(token.key) || ASK_FOR_WORDS.has(token.key)))
      return false;
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
  if (!tokens.some((token) => token.kind === "word" && NUMBER_WORDS.has(token.key))) return tokens;
  const read: Token[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    const before = read[read.length - 1];
    // After an article, or opening the comment: "le sept", "douzeeee", "septante-trois pour moi".
    // "douze et treize": a number in words after a list joiner that follows one.
    const listed =
      before !== undefined && LIST_JOINERS.has(before.text) && read[read.length - 2]?.kind === "number";
    let spelled =
      before !== undefined && (SPELLED_REF_MARKERS.has(before.text) || listed)
        ? spelledNumberAt(tokens, index)
        : null;
    // "en quarante-deux": a size in words; "en deux fois" is no number the reader wants.
    if (spelled === null && before?.text === "en") {
      const size = spelledNumberAt(tokens, index);
      if (size !== null && size.value >= MIN_NUMERIC_SIZE && size.value <= MAX_NUMERIC_SIZE) spelled = size;
    }
    if ((before === undefined || before.text === "@") && spelled === null) {
      const opening = spelledNumberAt(tokens, index);
      // "deux robes svp" counts; "douze pour moi" names a ref.
      const next = opening === null ? undefined : tokens[opening.end];
      const listGoesOn =
        next !== undefined &&
        LIST_JOINERS.has(next.text) &&
        spelledNumberAt(tokens, (opening?.end ?? 0) + 1) !== null;
      // "douze je le prends" names one piece; "deux je les prends" counts them.
      const takesIt =
        next?.key === "je" && ["le", "la", "l"].includes(tokens[(opening?.end ?? 0) + 1]?.key ?? "");
      if (
        opening !== null &&
        (next === undefined ||
          AFTER_OPENING_NUMBER.has(next.key) ||
          listGoesOn ||
          takesIt ||
          (SIZE_AFTER_OPENING_NUMBER.has(next.key) && opening.value > MAX_LISTED_COUNT))
      )
        spelled = opening;
    }
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
    const value = token.kind === "word" ? NUMBER_WORDS.get(token.key) : undefined;
    if (value === undefined) {
      // "vingt-trois", "vingt et un": joiners inside a number, only between two number words.
      const next = tokens[at + 1];
      // "et" joins only "vingt et un", "soixante et onze": "douze et treize" are two numbers.
      // "quarante-et-un", "soixante-et-onze": "-et-" joins like "et".
      const dashedEt =
        token.text === "-" &&
        next?.key === "et" &&
        tokens[at + 2]?.text === "-" &&
        ["un", "une", "onze"].includes(tokens[at + 3]?.key ?? "") &&
        current >= 20 &&
        current % 10 === 0;
      if (end === at && at > index && dashedEt) {
        at += 3;
        continue;
      }
      const joins =
        end === at &&
        at > index &&
        (token.text === "-" ||
          (token.text === "et" &&
            current >= 20 &&
            current % 10 === 0 &&
            (next?.key === "un" || next?.key === "une" || next?.key === "onze")));
      if (joins && next !== undefined && next.kind === "word" && NUMBER_WORDS.has(next.key)) {
        at += 1;
        continue;
      }
      break;
    }
    // "soixante-huit soixante-huit": a whole number, then another one starts.
    const startsAnother =
      (current % 10 !== 0 || (current > 10 && current < 20)) &&
      value >= 10 &&
      value !== 100 &&
      !(value === 20 && current % 100 === 4);
    if (startsAnother) break;
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
      const previous = sizes[sizes.length - 1];
      // "le 82 en S non M": the size put right replaces the one before.
      if (size !== null && previous !== undefined && NO_WORDS.has(tokens[index - 1]?.key ?? "")) {
        previous.value = size;
        previous.at = index;
        roles[index] = "size";
      } else if (size !== null) addSize(index, size);
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
    if (UNITS_AFTER.has(after.text) && !spellsEnAsAn(tokens, index + 1)) return "aside";
    // "3 enfants de 2, 5 et 7 ans": a list whose last number has a unit.
    if (LIST_JOINERS.has(after.text) && unitEndsList(tokens, index)) return "aside";
    // "je prends 1 le 12 en S et 1 le 13": a count before the piece it counts.
    if (token.text === "1" || token.text === "2") {
      const afterThat = tokens[index + 2];
      if (REF_ARTICLES.has(after.text) && isNumber(afterThat) && !glued(after, afterThat)) return "aside";
    }
    if (glued(token, after) && GLUED_UNITS_AFTER.has(after.text) && isGluedUnit(tokens, index))
      return "aside";
    // "2 pour moi : le 280 et le 281", "deux pour moi: le 7 et le 8": a count of the pieces listed.
    if (countsTheList(tokens, index)) return "aside";
    // "2xl": the number belongs to the size that follows.
    if (glued(token, after) && (after.text === "xl" || after.text === "xxl")) return "aside";
    // "3afak", "7abibti": a digit standing for a letter, as Arabic is typed in Latin letters.
    if (
      token.text.length === 1 &&
      glued(token, after) &&
      isWord(after) &&
      after.text.length >= 3 &&
      !LETTER_SIZES.has(after.text)
    )
      return "aside";
    // "95c", "36b": a letter glued after a number that is no size makes it something else.
    if (
      glued(token, after) &&
      after.kind === "word" &&
      after.text.length === 1 &&
      !LETTER_SIZES.has(after.text)
    )
      return "aside";
  }
  // "3 pyjamas pour moi : 110, 111 et 112", "le lot 150 (3 culottes)": how many pieces, not one.
  if (Number(token.text) <= MAX_LISTED_COUNT && isWord(after) && !after.elided && isPiecesName(after.key))
    return "aside";
  // "j'en veux 3 du 14", "2 de la 40": how many of the piece that follows.
  if (
    Number(token.text) <= MAX_LISTED_COUNT &&
    (after?.key === "du" || (after?.key === "de" && tokens[index + 2]?.key === "la")) &&
    isNumber(tokens[after.key === "du" ? index + 2 : index + 3]) &&
    !glued(token, after)
  )
    return "aside";
  // "971 dans la place", "les 59 dans la place": a crowd saying it is here, not a piece.
  if (after?.key === "dans" && tokens[index + 2]?.key === "la" && tokens[index + 3]?.key === "place")
    return "aside";
  // "2 x le 115", "3 x la 40": how many of the piece that follows.
  if (
    Number(token.text) <= MAX_LISTED_COUNT &&
    after?.key === "x" &&
    !glued(token, after) &&
    REF_ARTICLES.has(tokens[index + 2]?.text ?? "") &&
    isNumber(tokens[index + 3])
  )
    return "aside";
  if (before === undefined) return "ref";
  // "Toulouse (31)", "Martine de Reims (51)": a department or an age in brackets after a word.
  if (before.text === "(" && after?.text === ")" && isWord(beforeThat)) return "aside";
  // "j'habite dans le 59", "bisous du 971", "les filles du 62": a place, not a piece.
  if (isWord(before) && isWord(beforeThat)) {
    if (REF_ARTICLES.has(before.text) && PLACE_BEFORE.has(beforeThat.key)) return "aside";
    // "je pars en vacances le 15", "je paie le 5": a date.
    if (before.text === "le" && DATE_BEFORE.has(beforeThat.key)) return "aside";
    if ((before.text === "du" || before.text === "de") && GREETINGS_FROM.has(beforeThat.key)) return "aside";
    // "Sophie du 59 :", "jsuis du 69": where the viewer comes from (or her size), never a piece.
    if (before.text === "du" && (FIRST_NAMES.has(beforeThat.key) || FROM_VERBS.has(beforeThat.key))) {
      return isNumericSize(token) && !FIRST_NAMES.has(beforeThat.key) ? "size" : "aside";
    }
  }
  // "le 16 en bleu marine 38", "le 11 en gris 54": a number right after the colour of a piece
  // already named is its size.
  if (roles[index - 1] === "color" && isNumericSize(token) && refBefore(roles, index)) return "size";
  // "jsuis de Lyon 69", "coucou de Marseille 13": the place's department, not a piece.
  if (isWord(before) && !before.elided && fromPlace(tokens, index - 1)) return "aside";
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
    // "le 41 x2 : un 38 et un 42": after a piece named, "un" and a size is one of it in that size.
    if ((before.text === "un" || before.text === "une") && isNumericSize(token) && refBefore(roles, index))
      return "size";
    // "je suis une 42", "jsuis un 44": the viewer's size.
    if (
      (before.text === "un" || before.text === "une") &&
      isWord(beforeThat) &&
      FROM_VERBS.has(beforeThat.key)
    ) {
      return isNumericSize(token) ? "size" : "aside";
    }
    // "le 11 s'il reste du 39", "vous avez du 42 ?": a size asked for in stock.
    if (before.text === "du" && isWord(beforeThat) && STOCK_VERBS.has(beforeThat.key)) {
      return isNumericSize(token) ? "size" : "aside";
    }
    // "j'ai vu que c du 34", "c'est du 38": a size said of the piece.
    if (before.text === "du" && isWord(beforeThat) && IT_IS.has(beforeThat.key)) {
      return isNumericSize(token) ? "size" : "aside";
    }
    // "je fais du 42 en haut et du 40 en bas", "je fais 1m55 et du 36": the same verb goes on.
    if (before.text === "du" && beforeThat?.text === "et" && sizeVerbBefore(tokens, index - 2)) {
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

/** Whether a ref was placed before `index` (without building a slice: this runs per number). */
function refBefore(roles: readonly (Role | undefined)[], index: number): boolean {
  for (let at = 0; at < index; at++) if (roles[at] === "ref") return true;
  return false;
}

/** "j'ai pas", "j'avais pas", "jai pas": a "not" in the viewer's own telling of the past. */
function toldInFirstPersonPast(tokens: readonly Token[], index: number): boolean {
  const auxiliary = tokens[index - 1]?.key ?? "";
  if (auxiliary === "jai") return true;
  // "j'en ai pas besoin": what the viewer has, not the piece.
  const subjectAt = tokens[index - 2]?.key === "en" ? index - 3 : index - 2;
  const subject = tokens[subjectAt]?.key;
  return FIRST_PERSON_AUXILIARIES.has(auxiliary) && (subject === "j" || subject === "je");
}

/** "mon 22", "en plus du 12", "le 16 tout à l'heure": a piece the viewer already has. */
function alreadyHad(tokens: readonly Token[], at: number): boolean {
  const before = tokens[at - 1]?.key ?? "";
  if (POSSESSIVES.has(before)) return true;
  if ((before === "du" || before === "de") && tokens[at - 2]?.key === "plus" && tokens[at - 3]?.key === "en")
    return true;
  const after = tokens.slice(at + 1, at + 5).map((token) => token.key);
  return after[0] === "tout" && after[1] === "a" && after[2] === "l" && after[3] === "heure";
}

function countsTheList(tokens: readonly Token[], index: number): boolean {
  const count = Number((tokens[index] as Token).text);
  if (!(count >= 2 && count <= MAX_LISTED_COUNT)) return false;
  if (
    tokens[index + 1]?.key !== "pour" ||
    tokens[index + 2]?.key !== "moi" ||
    tokens[index + 3]?.text !== ":"
  )
    return false;
  const listed = tokens.slice(index + 4).filter((token) => token.kind === "number").length;
  return listed === count;
}
const MAX_LISTED_COUNT = 9;

/** A verb of the viewer's own size a few words before: "je fais du 42 en haut et…". */
function sizeVerbBefore(tokens: readonly Token[], index: number): boolean {
  for (let at = index - 1; at >= Math.max(0, index - SIZE_VERB_REACH); at--) {
    const token = tokens[at] as Token;
    if (token.kind === "symbol" && token.text !== "." && token.text !== ",") return false;
    if (isWord(token) && SIZE_VERBS.has(token.text)) return true;
  }
  return false;
}
const SIZE_VERB_REACH = 6;

/** "1m70", "2m", "10k", "2x" are measures and counts; "12m" and "12M" are ref 12 in size M. */
function unitEndsList(tokens: readonly Token[], index: number): boolean {
  let at = index + 1;
  while (at + 1 < tokens.length && LIST_JOINERS.has((tokens[at] as Token).text) && isNumber(tokens[at + 1])) {
    at += 2;
  }
  return at > index + 1 && UNITS_AFTER.has(tokens[at]?.text ?? "");
}

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

/** "le 84 an M", "jvoudrais 36 an M": "en" written as said, before a letter size (not years). */
function spellsEnAsAn(tokens: readonly Token[], index: number): boolean {
  const next = tokens[index + 1];
  return tokens[index]?.text === "an" && next !== undefined && !next.elided && LETTER_SIZES.has(next.text);
}

function letterSize(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  index: number,
): string | null {
  const token = tokens[index] as Token;
  const before = tokens[index - 1];
  const after = tokens[index + 1];
  const marked =
    isWord(before) &&
    !before.elided &&
    (SIZE_MARKERS.has(before.text) || (roles[index - 2] === "ref" && spellsEnAsAn(tokens, index - 1)));
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
  // "le 82 en S non M": a size said, then put right.
  if (NO_WORDS.has(before.key) && roles.lastIndexOf("size", index - 2) >= 0) return size;
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
  if (isSlashedList(tokens, refIndexes)) return false;
  for (let position = 1; position < refIndexes.length; position++) {
    const from = refIndexes[position - 1] as number;
    const to = refIndexes[position] as number;
    // "le 3 ou le 5", "du 3 au 5": the choice word stands right between them.
    if (to - from > 4) continue;
    for (let index = from + 1; index < to; index++) {
      const token = tokens[index] as Token;
      if (!CHOICE_WORDS.has(token.key)) continue;
      // "mettez-moi le 118": a hyphen inside words joins no refs.
      if ((token.text === "-" || token.text === "/") && index !== from + 1 && index !== to - 1) continue;
      // "le 12 ou plutot le 13" corrects to the second.
      if (token.key === "ou" && tokens[index + 1]?.key === "plutot") continue;
      return true;
    }
  }
  return false;
}

/** "4/15/33", "le 3 - le 5 - le 9": three refs or more, each joined by the same "/" or "-", list. */
function isSlashedList(tokens: readonly Token[], refIndexes: readonly number[]): boolean {
  if (refIndexes.length < 3) return false;
  let joiner: string | null = null;
  for (let position = 1; position < refIndexes.length; position++) {
    const from = refIndexes[position - 1] as number;
    const to = refIndexes[position] as number;
    for (let index = from + 1; index < to; index++) {
      const text = (tokens[index] as Token).text;
      if (text !== "/" && text !== "-" && !REF_ARTICLES.has(text)) return false;
      if (text === "/" || text === "-") {
        if (joiner !== null && joiner !== text) return false;
        joiner = text;
      }
    }
  }
  return joiner !== null;
}

interface Swap {
  /** Token indexes of the refs a swap gives up: "au lieu du 12", "je remplace le 3 par le 5". */
  givenUp: Set<number>;
  /** A swap word the reader could not read. */
  unparsed: boolean;
  /** Token indexes of the refs taken where the swap is told with a verb of giving up ("je passe du 7 au 8"). */
  taken: Set<number>;
}

/**
 * Reads a swap before refs and sizes are: the ref given up, and the one taken when it is written
 * as "en 41" (a size otherwise). "au lieu du 72", "a la place du 101", "je remplace le 3 par le 5",
 * "change mon 40 en 41", "echange du 12 contre le 21".
 */
function readSwap(tokens: readonly Token[], roles: (Role | undefined)[]): Swap {
  const givenUp = new Set<number>();
  const taken = new Set<number>();
  let unparsed = false;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    const before = tokens[index - 1];
    const next = tokens[index + 1];
    let refAt = -1;
    const insteadOf =
      (token.key === "lieu" && before?.key === "au") ||
      (token.key === "place" && (before?.key === "la" || before?.key === "sa")) ||
      ((token.key === "que" || token.key === "qu") && before?.key === "plutot") ||
      // "instead of 265 i'll take 256".
      (token.key === "of" && before?.key === "instead");
    const typedBefore = token.key === "lieu" ? typedByMistake(tokens, index - 2) : -1;
    const typedHere =
      TYPING_SLIPS.has(token.key) && (PAST_AUXILIARIES.has(before?.key ?? "") || before?.key === "jai")
        ? swapRefAt(tokens, index + 1)
        : -1;
    if (typedHere >= 0 && tokens.slice(typedHere + 1).some((later) => later.kind === "number")) {
      // "j'ai tapé 51 tout à l'heure, c'était le 15": the typed ref was the slip.
      refAt = typedHere;
    } else if (typedBefore >= 0 && swapRefAt(tokens, index + 1) >= 0) {
      // "j'ai tapé 12 au lieu de 21": the 12 was the slip, the 21 is wanted.
      refAt = typedBefore;
      roles[swapRefAt(tokens, index + 1)] = "ref";
    }
    // "à sa place le 56" names the new piece; "à la place du 55" the one given up.
    else if (
      insteadOf &&
      (token.key === "que" || token.key === "qu" || token.key === "of" || OF_WORDS.has(next?.key ?? ""))
    ) {
      refAt = swapRefAt(tokens, index + 1);
    } else if (SWAP_VERBS.has(token.key) && next?.key !== "d") {
      refAt = swapRefAt(tokens, index + 1);
      // "le 58 ne m'ira pas, je le remplace par le 59": the piece given up was named before.
      const takenAt = refAt < 0 ? joinedRefAt(tokens, index + 1) : -1;
      const earlier = takenAt < 0 ? -1 : lastArticledNumberBefore(tokens, index);
      if (earlier >= 0) {
        refAt = earlier;
        roles[takenAt] = "ref";
        // "annule le 15 et remplace par le 51": the piece after "par" is taken, whatever the verb before.
        if (tokens[index + 1]?.key === "par")
          for (const at of listedFrom(tokens, takenAt)) {
            roles[at] = "ref";
            taken.add(at);
          }
      } else if (refAt < 0) unparsed = true;
    }
    // "je passe du 100 au 101", "je passe de la 61 à la 62": from one piece to the other.
    const passes = token.key === "jpase" || (token.key === "pase" && before?.key === "je");
    if (refAt < 0 && passes && OF_WORDS.has(next?.key ?? "")) {
      const from = swapRefAt(tokens, index + 1);
      const to = from < 0 ? -1 : passedTo(tokens, from + 1);
      if (to >= 0) {
        refAt = from;
        roles[to] = "ref";
        taken.add(to);
      }
    }
    // "16 ➡️ 61", "16 -> 61": from one piece to the other.
    if (refAt < 0 && token.key === "vers" && before?.kind === "number" && next?.kind === "number") {
      refAt = index - 1;
    }
    if (refAt < 0) continue;
    givenUp.add(refAt);
    roles[refAt] = "ref";
    // "au lieu du 4 et du 6": each piece of the list goes.
    if (insteadOf) {
      for (
        let at = refAt;
        tokens[at + 1]?.key === "et" && OF_WORDS.has(tokens[at + 2]?.key ?? "") && isNumber(tokens[at + 3]);
        at += 3
      ) {
        givenUp.add(at + 3);
        roles[at + 3] = "ref";
      }
    }
    // "change mon 40 en 41": after "en", "par", "contre", "pour", the number taken is a ref.
    // "bascule du 40 vers le 41": an article may stand before it.
    const joiner = tokens[refAt + 1];
    const takenAt = REF_ARTICLES.has(tokens[refAt + 2]?.text ?? "") ? refAt + 3 : refAt + 2;
    if (joiner !== undefined && SWAP_JOINERS.has(joiner.key) && tokens[takenAt]?.kind === "number") {
      roles[takenAt] = "ref";
    }
  }
  // "je change, au lieu du 5 je prends le 6": the swap was read after all.
  return { givenUp, taken, unparsed: unparsed && givenUp.size === 0 };
}

/** "par le 41 et le 42": the number at `at` and those listed after it with "et" or ",". */
function listedFrom(tokens: readonly Token[], at: number): number[] {
  const listed = [at];
  for (let next = at; ;) {
    const joiner = tokens[next + 1];
    if (joiner === undefined || !LIST_JOINERS.has(joiner.key)) break;
    const then = REF_ARTICLES.has(tokens[next + 2]?.text ?? "") ? next + 3 : next + 2;
    if (!isNumber(tokens[then])) break;
    listed.push(then);
    next = then;
  }
  return listed;
}

/** The number after "du", "de", "le", "mon"... within two words, or -1. */
/** The ref at `at` when a verb of writing comes just before it ("j'ai tapé 12"), else -1. */
function typedByMistake(tokens: readonly Token[], at: number): number {
  const token = tokens[at];
  if (token === undefined || token.kind !== "number") return -1;
  for (let before = at - 1; before >= Math.max(0, at - 3); before--) {
    const word = tokens[before] as Token;
    if (WRITING_VERBS.has(word.key)) return at;
    if (!SWAP_ARTICLES.has(word.key)) return -1;
  }
  return -1;
}

/** "par le 59", "contre le 18": the ref after a swap joiner, or -1. */
function joinedRefAt(tokens: readonly Token[], at: number): number {
  const joiner = tokens[at];
  if (joiner === undefined || !SWAP_JOINERS.has(joiner.key)) return -1;
  return swapRefAt(tokens, at + 1);
}

/** Swaps are read before refs: the last number written as a piece ("le 58") before `index`. */
function lastArticledNumberBefore(tokens: readonly Token[], index: number): number {
  for (let at = index - 1; at > 0; at--) {
    if (tokens[at]?.kind === "number" && REF_ARTICLES.has((tokens[at - 1] as Token).text)) return at;
  }
  return -1;
}

/** After the piece left: "au 101", "à la 62", "a 8": the index of the piece taken, or -1. */
function passedTo(tokens: readonly Token[], at: number): number {
  const to = tokens[at];
  if (to === undefined || (to.key !== "au" && to.key !== "a")) return -1;
  return swapRefAt(tokens, at + 1);
}

function swapRefAt(tokens: readonly Token[], from: number): number {
  // "au lieu du soutif 73", "remplace la robe 12": the piece's name may stand before its number.
  let named = 0;
  for (let at = from; at < Math.min(tokens.length, from + 3 + named); at++) {
    const token = tokens[at] as Token;
    if (token.kind === "number") return token.text[0] === "0" ? -1 : at;
    if (named === 0 && at > from && isPieceName(token.key)) named = 1;
    else if (!SWAP_ARTICLES.has(token.key)) return -1;
  }
  return -1;
}

/**
 * Refs the viewer corrects in the same comment: those written before "oups", "pardon", "je
 * voulais dire", "je me suis trompee", "erreur", "ou plutot", when a ref follows.
 */
function correctedRefs(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  refIndexes: readonly number[],
): Set<number> {
  const corrected = new Set<number>();
  const first = refIndexes[0];
  const last = refIndexes[refIndexes.length - 1];
  if (first === undefined || last === undefined || first === last) return corrected;
  for (let index = first + 1; index < last; index++) {
    const token = tokens[index] as Token;
    const marks =
      CORRECTION_WORDS.has(token.key) ||
      // "je voulais dire le 14", "je veux dire le 14".
      (token.key === "dire" && (tokens[index - 1]?.key === "voulais" || tokens[index - 1]?.key === "veux")) ||
      (token.key === "plutot" && tokens[index - 1]?.key === "ou") ||
      starCorrects(tokens, roles, index);
    if (!marks) continue;
    for (const at of refIndexes) if (at < index && roles[at] === "ref") corrected.add(at);
  }
  return corrected;
}

/** "le 88 *89", "le 38 *le 23": a star glued to the piece written after puts the one before right. */
function starCorrects(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  index: number,
): boolean {
  const star = tokens[index] as Token;
  const next = tokens[index + 1];
  if (star.text !== "*" || next === undefined || !glued(star, next)) return false;
  const before = tokens[index - 1];
  if (before !== undefined && glued(before, star)) return false;
  return roles[index + 1] === "ref" || (REF_ARTICLES.has(next.text) && roles[index + 2] === "ref");
}

function refValue(tokens: readonly Token[], index: number): number {
  return Number((tokens[index] as Token).text);
}

/** Cuts the comment into statements and says what each does with its refs. */
/** Right after "jamais", or "jamais je": what opens there is what is never done. */
function afterNever(tokens: readonly Token[], index: number): boolean {
  if (tokens[index - 1]?.key === "jamais") return true;
  return ["je", "j"].includes(tokens[index - 1]?.key ?? "") && tokens[index - 2]?.key === "jamais";
}

function readClauses(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  inCondition: readonly boolean[],
): Clause[] {
  const clauses: Clause[] = [];
  let start = 0;
  const close = (end: number, corrects: boolean): void => {
    if (end > start) clauses.push(readClause(tokens, roles, inCondition, start, end, corrects));
  };
  let corrects = false;
  let refInClause = false;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    if (inCondition[index]) continue;
    if (roles[index] === "ref") refInClause = true;
    // "c'est le 29 pas le 92": the refusal of another ref starts its own statement.
    if (token.key === "pas" && refInClause && refFollows(tokens, roles, index)) {
      close(index, corrects);
      corrects = false;
      start = index;
      refInClause = false;
      continue;
    }
    // "je lâche le 25 pour prendre le 26": after a piece given up, "pour" opens the one taken.
    if (
      token.key === "pour" &&
      refInClause &&
      givesUpBefore(tokens, start, index) &&
      takesNext(tokens, roles, index)
    ) {
      close(index, corrects);
      corrects = false;
      start = index + 1;
      refInClause = false;
      continue;
    }
    // "le 3 je laisse tomber et le 4 pour moi": the refusal ends at "et", before a new ref;
    // "annule le 2 et donne-moi le 3", "supprime le 18 et note le 81": and before a new taking.
    if (
      token.key === "et" &&
      index > start &&
      givesUpBefore(tokens, start, index) &&
      (!refInClause || takesAfterAnd(tokens, roles, index))
    ) {
      close(index, corrects);
      corrects = false;
      start = index + 1;
      continue;
    }
    if (CLAUSE_ENDS.has(token.text) || (index > start && CLAUSE_STARTERS.has(token.key))) {
      refInClause = false;
    }
    if (CLAUSE_ENDS.has(token.text)) {
      close(index, corrects);
      corrects = false;
      start = index + 1;
    } else if (index > start && CLAUSE_STARTERS.has(token.key) && !afterNever(tokens, index)) {
      // "jamais je mettrais le 66", "jamais je mets le 56": the "never" is the statement's own.
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
  let previous: Clause | undefined;
  clauses.forEach((clause, position) => {
    if (clause.corrects && lastWithRefs?.effect === "claim") lastWithRefs.effect = "void";
    // "j'annule tout : le 55, le 56 et le 57": refs alone carry on the refusal before them, unless
    // the next statement takes them ("le 4 je le laisse, le 14 je le prends").
    if (
      clause.bare &&
      clause.refs.length > 0 &&
      previous?.effect === "unclaim" &&
      previous.byVerb &&
      !takenByNext(tokens, clauses[position + 1]) &&
      // "je lâche le 99 pour le 199": "pour" opened the piece taken in exchange.
      tokens[clause.start - 1]?.key !== "pour"
    ) {
      clause.effect = "unclaim";
      clause.byVerb = true;
    }
    previous = clause;
    if (clause.refs.length > 0) {
      lastWithRefs = clause;
    } else if (
      clause.orphanEffect !== null &&
      (lastWithRefs?.effect === "claim" ||
        (lastWithRefs?.effect === "void" && clause.orphanEffect === "unclaim")) &&
      // "le 15 pour ma mère, elle a pas TikTok": a negation past a comma speaks of something else.
      (clause.orphanEffect === "unclaim" || !endsBetween(tokens, lastWithRefs.end, clause.start))
    ) {
      lastWithRefs.effect = clause.orphanEffect;
      lastWithRefs.byOther = true;
    }
  });
  return clauses;
}

/** A statement with no ref of its own that takes the piece just named: "je le prends en M". */
function takenByNext(tokens: readonly Token[], next: Clause | undefined): boolean {
  if (next === undefined || next.refs.length > 0 || next.effect !== "claim") return false;
  for (let at = next.start; at < next.end; at++) {
    const key = tokens[at]?.key ?? "";
    // "la 48 je garde": kept, already had, not taken now.
    if (CLAIM_VERBS.has(key) && !KEEP_VERBS.has(key)) return true;
  }
  return false;
}

/** "non le 12", "non 12": the "non" corrects, the ref after it is wanted ("finalement non le 12" refuses). */
function isCorrection(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  index: number,
): boolean {
  const before = tokens[index - 1];
  // "le 22 ah non le 23", "le 46, enfin non le 47": a ref before, the "non" corrects it.
  const correcting = before !== undefined && refBefore(roles, index) && CORRECTING_BEFORE_NO.has(before.key);
  if (
    !correcting &&
    before !== undefined &&
    (BEFORE_NO_UNCLAIM.has(before.key) || DISMAY_BEFORE_NO.has(before.key))
  )
    return false;
  return namesRefNext(tokens, roles, index);
}

function namesRefNext(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  given: number,
): boolean {
  // "non attendez le 26", "non pardon le 26".
  const index = CORRECTION_WORDS.has(tokens[given + 1]?.key ?? "") ? given + 1 : given;
  if (roles[index + 1] === "ref") return true;
  const next = tokens[index + 1];
  return next !== undefined && (next.text === "le" || next.text === "la") && roles[index + 2] === "ref";
}

/** "pour prendre le 26", "pour la 34": what follows "pour" takes a piece. */
function takesNext(tokens: readonly Token[], roles: readonly (Role | undefined)[], index: number): boolean {
  const next = tokens[index + 1];
  return next !== undefined && (CLAIM_VERBS.has(next.key) || refFollows(tokens, roles, index));
}

/** Whether a clause end (, . ! ; :) stands between two token indexes. */
function endsBetween(tokens: readonly Token[], from: number, to: number): boolean {
  for (let index = from; index < to; index++) if (CLAUSE_ENDS.has((tokens[index] as Token).text)) return true;
  return false;
}

/** Whether tokens start..end hold a verb of giving up (and so make a statement of their own). */
/** After "et": a verb of taking, "me"/"moi" and one, or "à la place" and a ref. */
function takesAfterAnd(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  index: number,
): boolean {
  let at = index + 1;
  if (FOR_ME_WORDS.has(tokens[at]?.key ?? "")) at += 1;
  const word = tokens[at];
  if (word === undefined) return false;
  if (CLAIM_VERBS.has(word.key) || GIVE_ME_VERBS.has(word.key)) return true;
  // "et à la place le 62".
  return word.key === "a" && tokens[at + 1]?.key === "la" && tokens[at + 2]?.key === "place";
}

function givesUpBefore(tokens: readonly Token[], start: number, end: number): boolean {
  for (let index = start; index < end; index++)
    if (UNCLAIM_WORDS.has((tokens[index] as Token).key)) return true;
  return false;
}

/** "non en blanc", "non en M", "non L": after "non", only a size or a colour. */
function correctsSizeOrColor(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  index: number,
): boolean {
  const at = tokens[index + 1]?.key === "en" ? index + 2 : index + 1;
  return roles[at] === "size" || roles[at] === "color";
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
  // "je le laisse", "je la passe": the piece named before, as a pronoun.
  const before = tokens[index - 1];
  if (before !== undefined && before.elided === false && OBJECT_PRONOUNS.has(before.key)) return true;
  // "je passe la main sur le 50".
  if (after.key === "la" && tokens[index + 2]?.key === "main") return true;
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
  inCondition: readonly boolean[],
  start: number,
  end: number,
  corrects: boolean,
): Clause {
  const refs: number[] = [];
  const refAt: number[] = [];
  let intent = false;
  // "non pas le 12 le 13": refs side by side, without "et", may not share the refusal.
  let sideBySide = false;
  let listed = true;
  let bare = true;
  for (let index = start; index < end; index++) {
    const token = tokens[index] as Token;
    if (token.kind === "word" && roles[index] === undefined && !REF_ARTICLES.has(token.text)) {
      if (!LIST_JOINERS.has(token.key)) bare = false;
    }
    if (roles[index] === "ref") {
      if (refs.length > 0 && !listed) sideBySide = true;
      refs.push(refValue(tokens, index));
      refAt.push(index);
      listed = false;
    }
    // "ni le 26 ni le 27" lists the refs it refuses.
    if (LIST_JOINERS.has(token.key) || token.key === "ni") listed = true;
    if (INTENT_WORDS.has(token.key)) intent = true;
  }

  let unclaims = false;
  let byVerb = false;
  let negates = false;
  let seenNe = false;
  for (let index = start; index < end; index++) {
    if (inCondition[index]) continue;
    const token = tokens[index] as Token;
    const before = index > start ? tokens[index - 1] : undefined;
    const after = index + 1 < end ? tokens[index + 1] : undefined;
    const key = token.key;
    // "qu'il passe", "elle laisse": someone else's doing.
    if (before !== undefined && OTHER_SUBJECTS.has(before.key) && PASS_OR_LEAVE_WORDS.has(key)) continue;
    if (NE_WORDS.has(key)) seenNe = true;
    if (putsBackOnSale(tokens, index, end)) {
      unclaims = true;
      byVerb = true;
    } else if (UNCLAIM_WORDS.has(key)) {
      // "n'oubliez pas le 12", "je le laisse pas passer": the refusal is refused.
      if (after?.key === "pas") continue;
      // "j'ai oublié de dire le 89", "je l'avais oublié": the viewer's own slip, told, not a piece let go.
      if (
        key === "oublie" &&
        before !== undefined &&
        FIRST_PERSON_AUXILIARIES.has(before.key) &&
        (after === undefined || OF_WORDS.has(after.key) || tokens[index - 2]?.key === "l")
      )
        continue;
      // "si la fille du 25 se désiste", "quelqu'un annule": someone else gives it up.
      if (before !== undefined && SOMEONE_ELSE.has(before.key)) continue;
      if (PASS_OR_LEAVE_WORDS.has(key)) {
        if (keepsForMe(tokens, index, start, end) || !givesUpAfter(tokens, roles, index, end)) continue;
      }
      unclaims = true;
      byVerb = true;
    } else if (key === "pas" || key === "ni") {
      // "pas de souci" is an idiom; "pas de 58 pour moi" refuses a piece.
      if (after !== undefined && AFTER_PAS_IDIOMS.has(after.key) && roles[index + 2] !== "ref") continue;
      // "pas le département", "pas la taille": the number is a piece, not something else.
      const articleThen = after !== undefined && REF_ARTICLES.has(after.text) ? tokens[index + 2] : undefined;
      if (articleThen !== undefined && NOT_THE_PIECE.has(articleThen.key)) continue;
      // "le 21 mais pas en noir, en beige": a colour or size refused, the piece still wanted.
      if (correctsSizeOrColor(tokens, roles, index)) continue;
      if (before !== undefined && BEFORE_PAS_IDIOMS.has(before.key)) continue;
      // "je veux le 113 j'ai pas hésité", "j'ai pas vu le prix": the viewer's own past, not the piece.
      if (toldInFirstPersonPast(tokens, index) && !refFollows(tokens, roles, index)) continue;
      // "elle a pas tiktok", "qui a pas de compte": someone else's "not", about something else.
      if (!refFollows(tokens, roles, index) && othersNegation(tokens, index, start)) continue;
      const refNext =
        roles[index + 1] === "ref" ||
        ((after?.text === "le" || after?.text === "la" || after?.text === "du") &&
          roles[index + 2] === "ref");
      if (refNext || intent) unclaims = true;
      else negates = true;
    } else if (PLUS_WORDS.has(key)) {
      // "le 18 en plus pour moi": one more piece, not one no longer wanted.
      if (before?.key === "en") continue;
      // "j'en peux plus" is exhaustion, not a piece given up.
      const worn = before?.key === "peux" && tokens[index - 2]?.key === "en";
      const verbBefore = before !== undefined && VERBS_BEFORE_PLUS.has(before.key) && !worn;
      const negationAfter = after !== undefined && AFTER_PLUS_NEGATIONS.has(after.key);
      // "plus le 12, plutot le 14" opens with it: no longer; "le 10 plus le 12" adds a piece.
      const opensOnRef = index === start && refFollows(tokens, roles, index);
      // "le 11 c'est plus pour moi": no longer for the viewer.
      // "finalement plus le 12", "je suis plus sur le 62".
      const noLonger =
        ["finalement", "suis", "jsuis"].includes(before?.key ?? "") &&
        (refFollows(tokens, roles, index) || ["sur", "pour"].includes(after?.key ?? ""));
      // "le 74 plus pour moi".
      const noLongerForMe =
        after?.key === "pour" &&
        (before?.key === "est" || before?.key === "cest" || FOR_ME_WORDS.has(tokens[index + 2]?.key ?? ""));
      // "le 9 c plus bon pour moi", "c'est plus ok": no longer right for the viewer.
      const noLongerRight =
        IT_IS.has(before?.key ?? "") &&
        (after?.key === "bon" || after?.key === "ok") &&
        !refFollows(tokens, roles, index);
      if (noLongerRight) unclaims = true;
      if (seenNe || verbBefore || negationAfter || opensOnRef || noLongerForMe || noLonger) unclaims = true;
    } else if (NO_WORDS.has(key)) {
      // "non mais il est trop beau": an exclamation.
      if (tokens[index + 1]?.key === "mais") continue;
      // "le 40 en noir... non en blanc": a size or colour corrected, the piece still wanted.
      if (correctsSizeOrColor(tokens, roles, index)) continue;
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
      // "le 111 ou rien": all or nothing, a claim.
      if (key === "rien" && before?.key === "ou") continue;
      negates = true;
    } else if (key === "sans" && after?.key === "moi") {
      // "le 82 finalement ça sera sans moi".
      unclaims = true;
    } else if (key === "peu" && after?.key === "pour") {
      // "très peu pour moi".
      negates = true;
    } else if (key === "tant" && after?.key === "pis" && before?.key !== "sinon" && before?.key !== "mais") {
      // "tant pis pour le budget" speaks of something else.
      const about = tokens[index + 3];
      if (tokens[index + 2]?.key === "pour" && about !== undefined && !refFollows(tokens, roles, index + 2))
        continue;
      unclaims = true;
    } else if (
      OTHER_RECIPIENTS.has(key) &&
      (before?.key === "une" || before?.key === "la" || before?.key === "le") &&
      ["a", "pour"].includes(tokens[index - 2]?.key ?? "")
    ) {
      // "donnez-le à la suivante", "gardez-le pour une autre cliente".
      unclaims = true;
    } else if (key === "change" && after?.key === "d") {
      unclaims = true;
    }
  }

  const effect = unclaims ? (sideBySide ? "void" : "unclaim") : negates ? "void" : "claim";
  return {
    refs,
    refAt,
    start,
    end,
    bare,
    byVerb,
    byOther: false,
    effect,
    orphanEffect: refs.length === 0 && effect !== "claim" ? effect : null,
    corrects,
  };
}

/** "elle a pas", "il n'a pas", "qui a pas": "pas" after a verb whose subject is someone else. */
function othersNegation(tokens: readonly Token[], index: number, start: number): boolean {
  // "elle le prend pas", "il n'en veut pas": a pronoun for the piece may stand before the verb.
  for (let before = index - 2; before >= Math.max(start, index - 4); before--) {
    const key = (tokens[before] as Token).key;
    if (OTHER_SUBJECTS.has(key) || key === "qui") return true;
    if (!NE_WORDS.has(key) && !OBJECT_PRONOUN_KEYS.has(key) && key !== "en") return false;
  }
  return false;
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
