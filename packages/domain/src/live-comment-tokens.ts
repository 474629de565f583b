/*
 * The tokenizer the live comment reader works on. A comment becomes words, numbers and the few
 * symbols the rules look at; everything else (spaces, emojis, "!" repeated) only separates them.
 */

export type TokenKind = "word" | "number" | "symbol";

export interface Token {
  kind: TokenKind;
  /** Lowercase, without accents, as written ("passe", "xxl", "12"). */
  text: string;
  /** The word with every run of a letter squeezed to one ("ouiii" → "oui", "annule" → "anule"). */
  key: string;
  start: number;
  end: number;
  /** A word followed by an apostrophe: "s" of "s'il", "l" of "l'a", "j" of "j'annule". */
  elided: boolean;
}

/**
 * Symbols kept as tokens: prices, signs, joiners, what ends a clause or asks a question, and "*",
 * which glued to a ref puts right the one typed before it ("le 88 *89").
 */
const SYMBOLS = new Set(["€", "$", "%", ":", "+", "-", "?", "/", ",", ".", "!", ";", "&", "(", ")", "*"]);
/** SMS spellings that stand for a word the reader weighs: "jveu pa le 17". */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ["pa", "pas"],
  // "le 45 nn le 54": "non" in two letters (squeezed, it would read as the "n" of "n'oubliez").
  ["nn", "non"],
  // "tjr", "tjrs", "tjs": "toujours" in a hurry.
  ["tjr", "toujours"],
  ["tjrs", "toujours"],
  ["tjs", "toujours"],
]);

/** Any character outside ASCII (surrogate halves included): accents, emojis, fullwidth digits. */
export const NON_ASCII = /[\u0080-\uffff]/;
const MARKS = /\p{M}/gu;

/** Lowercase, without accents; "n°" reads as "no", "œ" as "oe", a curly apostrophe as a plain one. */
const ASCII_ARROW = /-+>|=>/g;

/** "le 1O", "le 3OO": a letter O typed for a zero after a digit. */
const LETTER_O_ZEROS = /\b([1-9])(o{1,2})\b/g;
const zeros = (_: string, digit: string, letters: string) => digit + "0".repeat(letters.length);

export function normalizeComment(comment: string): string {
  if (!NON_ASCII.test(comment))
    return comment.toLowerCase().replace(ASCII_ARROW, " vers ").replace(LETTER_O_ZEROS, zeros);
  return (
    comment
      // Splits accents off their letters, and turns "nº", fullwidth digits and the like into plain ones.
      .normalize("NFKD")
      // Drops the accents, and the keycap marks of "1️⃣2️⃣", which leaves "12".
      .replace(MARKS, "")
      .toLowerCase()
      .replace(/°/g, "o")
      .replace(/œ/g, "oe")
      .replace(/æ/g, "ae")
      .replace(/[’‘ʼ`´]/g, "'")
      .replace(/[？]/g, "?")
      .replace(/[×✖]/g, "x")
      // The keycap ten has no digits to decompose into.
      .replace(/\u{1F51F}/gu, "10")
      // "16 ➡️ 61": an arrow from one piece to another.
      .replace(/[→➡⇒⟶]/g, " vers ")
      .replace(LETTER_O_ZEROS, zeros)
  );
}

/** Squeezes repeated letters, so "ouiii", "svppp" and "annulle" meet the words they stand for. */
export function squeeze(word: string): string {
  for (let index = 1; index < word.length; index++) {
    if (word.charCodeAt(index) === word.charCodeAt(index - 1)) return word.replace(/(.)\1+/g, "$1");
  }
  return word;
}

function isLetter(code: number): boolean {
  return code >= 97 && code <= 122;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Mentions are dropped whole, so a handle's digits ("@marie_75") never count. */
function isHandleChar(code: number): boolean {
  return isLetter(code) || isDigit(code) || code === 46 || code === 95;
}

export function tokenize(normalized: string): Token[] {
  const tokens: Token[] = [];
  const length = normalized.length;
  let index = 0;
  while (index < length) {
    const code = normalized.charCodeAt(index);
    if (code === 64 /* @ */) {
      // A mention addresses someone: what follows it is a new statement.
      tokens.push({ kind: "symbol", text: "@", key: "@", start: index, end: index + 1, elided: false });
      index++;
      while (index < length && isHandleChar(normalized.charCodeAt(index))) index++;
      continue;
    }
    if (isLetter(code) || isDigit(code)) {
      const letters = isLetter(code);
      const start = index;
      while (index < length) {
        const next = normalized.charCodeAt(index);
        if (letters ? !isLetter(next) : !isDigit(next)) break;
        index++;
      }
      const text = normalized.slice(start, index);
      tokens.push({
        kind: letters ? "word" : "number",
        text,
        key: letters ? (ALIASES.get(text) ?? squeeze(text)) : text,
        start,
        end: index,
        elided: letters && normalized.charCodeAt(index) === 39 /* ' */,
      });
      continue;
    }
    const char = normalized[index] ?? "";
    if (SYMBOLS.has(char)) {
      tokens.push({ kind: "symbol", text: char, key: char, start: index, end: index + 1, elided: false });
    }
    index++;
  }
  return tokens;
}

export function glued(left: Token, right: Token): boolean {
  return left.end === right.start;
}
