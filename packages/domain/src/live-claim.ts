/**
 * Highest product reference read in a comment. A live shows a few dozen to a few hundred items, so
 * three digits are enough; longer numbers are years (2024), postcodes or phone numbers, never a ref.
 */
export const MAX_CLAIM_REF = 999;
const MAX_CLAIM_REF_DIGITS = String(MAX_CLAIM_REF).length;

/** A comment holding one of these asks, refuses or cancels: it never claims. */
const NOT_A_CLAIM_WORDS = new Set([
  "combien",
  "prix",
  "tarif",
  "coute",
  "coutent",
  "quel",
  "quelle",
  "quels",
  "quelles",
  "quoi",
  "comment",
  "dispo",
  "disponible",
  "disponibles",
  "reste",
  "restent",
  "pas",
  "annule",
  "annuler",
  "annulez",
]);

/** After a number, it is a price, a time, a measure, an age, a count or an ordinal (2e, 1er). */
const UNITS_AFTER = new Set([
  "€",
  "$",
  "%",
  "e",
  "eur",
  "euro",
  "euros",
  "balles",
  "h",
  "heure",
  "heures",
  "min",
  "mn",
  "minute",
  "minutes",
  "cm",
  "mm",
  "kg",
  "g",
  "kilo",
  "kilos",
  "an",
  "ans",
  "mois",
  "jour",
  "jours",
  "semaine",
  "semaines",
  "fois",
  "piece",
  "pieces",
  "enfant",
  "enfants",
  "er",
  "ere",
  "eme",
  "ieme",
  "nd",
  "nde",
]);

/** Units only when glued to the number: "1m70", "10k", "2x"; spaced, "12 m" is size M. */
const GLUED_UNITS_AFTER = new Set(["m", "k", "x"]);

/**
 * Before a number, it is a size ("taille 38", "du 40", "en 42"), a time or price ("à 12h"), a
 * possession or age ("j'ai 2", "il a 3 ans"), a quantity ("x 2") or a "+1".
 */
const CONTEXT_BEFORE = new Set([
  "taille",
  "tailles",
  "t",
  "pointure",
  "du",
  "en",
  "a",
  "ai",
  "as",
  "avons",
  "avez",
  "ont",
  "fais",
  "fait",
  "mesure",
  "vers",
  "avant",
  "apres",
  "depuis",
  "x",
  "+",
  "€",
  "$",
]);

/**
 * Words a ref may be glued to ("ref12", "n°12" read as "no12", "le12"); glued to any other word, a
 * number belongs to it, like a name ("marie75") or "t38".
 */
const REF_PREFIXES = new Set(["ref", "reference", "r", "n", "no", "num", "numero", "le", "la"]);

/** Glued between two numbers, they make one value: "12:30", "12,50", "12.5". */
const NUMBER_JOINERS = new Set([":", ",", "."]);

/** Between an excluded number and the next, they carry the exclusion: "du 38 ou 40", "taille 38/40". */
const RANGE_JOINERS = new Set(["ou", "et", "au", "a", "/", "-"]);

type Token = { text: string; start: number; end: number };

/**
 * The product reference a live comment claims, or null when it claims none.
 *
 * Decisions on the unclear cases:
 * - a question ("?", or words like "combien", "dispo", "reste") is not a claim, even about one ref:
 *   the seller answers it, the viewer claims afterwards;
 * - a refusal or cancellation ("pas", "annule") is not a claim;
 * - two different refs ("le 3 ou le 5", "le 3 et le 5") are ambiguous: null, as the one-click
 *   offers one ref; the same ref repeated ("12 12 12") is a claim of it;
 * - numbers read as a size, price, time, measure, age, count or ordinal are set aside, so
 *   "le 12 en 38" claims 12;
 * - `availableRefs` is applied after the ambiguity check: "le 3 ou le 5" stays null even when only 5
 *   is left, because the viewer has not chosen it.
 */
export function parseClaim(comment: string, availableRefs?: ReadonlySet<number>): number | null {
  const tokens = tokenize(normalizeComment(comment));
  if (tokens.some((token) => token.text === "?" || NOT_A_CLAIM_WORDS.has(token.text))) return null;

  const refs = new Set<number>();
  const setAside = new Set<number>();
  tokens.forEach((token, index) => {
    if (!isNumber(token)) return;
    if (readsAsRef(tokens, index, setAside)) refs.add(Number(token.text));
    else setAside.add(index);
  });

  const [ref, other] = [...refs];
  if (ref === undefined || other !== undefined) return null;
  if (availableRefs !== undefined && !availableRefs.has(ref)) return null;
  return ref;
}

/** Lowercase, without accents. Emojis and other punctuation are left for the tokenizer to skip. */
function normalizeComment(comment: string): string {
  return (
    comment
      // Splits accents off their letters, and turns "nº", fullwidth digits and the like into plain ones.
      .normalize("NFKD")
      // Drops the accents, and the keycap marks of "1️⃣2️⃣", which leaves "12".
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/°/g, "o")
  );
}

/**
 * Words, numbers and the few symbols the rules look at; everything else (spaces, emojis, "!")
 * separates tokens. Mentions are dropped whole, so a handle's digits ("@marie_75") never count.
 */
function tokenize(normalized: string): Token[] {
  const tokens: Token[] = [];
  for (const match of normalized.matchAll(/@[a-z0-9._]+|[a-z]+|\d+|[€$%:+\-?/,.]/g)) {
    if (match[0].startsWith("@")) continue;
    tokens.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

function readsAsRef(tokens: readonly Token[], index: number, setAside: ReadonlySet<number>): boolean {
  const token = tokens[index];
  if (token === undefined || token.text.length > MAX_CLAIM_REF_DIGITS) return false;
  const value = Number(token.text);
  if (value < 1 || value > MAX_CLAIM_REF) return false;

  const before = tokens[index - 1];
  const after = tokens[index + 1];
  if (after !== undefined) {
    if (UNITS_AFTER.has(after.text)) return false;
    if (glued(token, after) && GLUED_UNITS_AFTER.has(after.text)) return false;
  }
  if (before !== undefined) {
    if (CONTEXT_BEFORE.has(before.text)) return false;
    if (glued(before, token) && isWord(before) && !REF_PREFIXES.has(before.text)) return false;
    if (isMinusSign(tokens, index)) return false;
    if (RANGE_JOINERS.has(before.text) && setAside.has(index - 2)) return false;
  }
  return !joinedToNumber(tokens, index, -1) && !joinedToNumber(tokens, index, 1);
}

function joinedToNumber(tokens: readonly Token[], index: number, direction: 1 | -1): boolean {
  const token = tokens[index];
  const joiner = tokens[index + direction];
  const neighbour = tokens[index + 2 * direction];
  if (token === undefined || joiner === undefined || neighbour === undefined) return false;
  if (!NUMBER_JOINERS.has(joiner.text) || !isNumber(neighbour)) return false;
  return direction === 1
    ? glued(token, joiner) && glued(joiner, neighbour)
    : glued(neighbour, joiner) && glued(joiner, token);
}

/** "-50%" is a signed number, but in "le 3-5" the hyphen joins two numbers. */
function isMinusSign(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index];
  const minus = tokens[index - 1];
  if (token === undefined || minus === undefined || minus.text !== "-" || !glued(minus, token)) return false;
  const beforeMinus = tokens[index - 2];
  return beforeMinus === undefined || !glued(beforeMinus, minus);
}

function glued(left: Token, right: Token): boolean {
  return left.end === right.start;
}

function isNumber(token: Token): boolean {
  return /^\d+$/.test(token.text);
}

function isWord(token: Token): boolean {
  return /^[a-z]+$/.test(token.text);
}
