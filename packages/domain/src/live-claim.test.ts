import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_CLAIM_REF, parseClaim } from "./live-claim";

const CLAIMS: readonly (readonly [string, number])[] = [
  ["12", 12],
  ["le 12", 12],
  ["je prends le 12", 12],
  ["je prends 12", 12],
  ["n°12", 12],
  ["n° 12", 12],
  ["N°12 svp", 12],
  ["nº 44", 44],
  ["no 12", 12],
  ["num 12", 12],
  ["numéro 12", 12],
  ["Numéro 12 pour moi", 12],
  ["#12", 12],
  ["réf 12", 12],
  ["ref12", 12],
  ["REF 12", 12],
  ["le12 stp", 12],
  ["12 stp", 12],
  ["12 svp", 12],
  ["12 pour moi", 12],
  ["moi le 12", 12],
  ["12 taille M", 12],
  ["12 en L", 12],
  ["le 12 m stp", 12],
  ["@vendeuse 7 svp", 7],
  ["@marie_75 12", 12],
  ["je veux le 3 🙏", 3],
  ["3!!", 3],
  ["Le 12 !", 12],
  ["jprends le 5", 5],
  ["jveux 8", 8],
  ["le 12 en M stp", 12],
  ["🔥🔥 le 12 🔥🔥", 12],
  ["❤️❤️❤️ 4 ❤️❤️❤️", 4],
  ["1️⃣2️⃣", 12],
  ["JE PRENDS LE 23", 23],
  ["   le    12   ", 12],
  ["lE 12 s'il vous plaît", 12],
  ["Je prends le 12 en taille 38 svp", 12],
  ["Le 12 en 38 stp", 12],
  ["le 12 taille 40/42", 12],
  ["12 12 12", 12],
  ["le 12 le 12 le 12 !!!", 12],
  ["le 12 pour ma fille de 8 ans", 12],
  ["+1 le 12", 12],
  ["moi aussi le 9 😍", 9],
  ["coucou Sarah, le 18 pour moi stp 💕", 18],
  ["je veux la 6 en S", 6],
  ["la 6 svp", 6],
  ["le 12 x2", 12],
  ["le 150 stp", 150],
  ["je le veux le 21 trop beau 😍😍", 21],
  ["le 7 stp je fais du 38", 7],
  ["je veux le 12 pour 20h", 12],
  ["12 pour moi @boutique_2024", 12],
  ["Le n°12 en taille S 🥰", 12],
];

const NOT_CLAIMS: readonly string[] = [
  "12€",
  "12 €",
  "12 euros",
  "12 e",
  "12,50€",
  "c'est combien le 12 ?",
  "combien le 12",
  "le 12 coûte combien",
  "le 12 c'est quel prix",
  "le 12 ?",
  "le 12 est dispo",
  "il reste le 12",
  "je prends pas le 12",
  "j'annule le 12",
  "12h",
  "12h30",
  "à 12h",
  "12:30",
  "live demain à 20h",
  "taille 38",
  "t38",
  "je fais du 40",
  "du 38 ou 40 ?",
  "je fais du 38 ou 40",
  "en 42",
  "j'ai 2 enfants",
  "j'ai 35 ans",
  "mon fils a 12 ans",
  "2024",
  "0612345678",
  "06 12 34 56 78",
  "90cm",
  "1m70",
  "60 kg",
  "-50%",
  "2e",
  "1er",
  "c'est mon 1er live",
  "10k abonnés bravo",
  "coucou",
  "bonsoir tout le monde ❤️",
  "il reste des M ?",
  "vous livrez en Belgique ?",
  "trop belle 😍😍",
  "le 3 ou le 5",
  "le 3 et le 5",
  "3 ou 5",
  "le 3-5",
  "-20 sur tout le live 🔥",
  "je prends le 12 et ma sœur le 14",
  "12 pièces",
  "+1",
  "@marie_75 coucou",
  "@marie_75",
  "marie75 coucou",
  "0",
  "le 1000",
  "",
  "   ",
  "🙏🙏🙏",
];

describe("parseClaim", () => {
  it.each(CLAIMS)("reads %j as a claim of %i", (comment, ref) => {
    expect(parseClaim(comment)).toBe(ref);
  });

  it.each(NOT_CLAIMS)("reads %j as no claim", (comment) => {
    expect(parseClaim(comment)).toBeNull();
  });

  it("reads refs up to MAX_CLAIM_REF and no further", () => {
    expect(MAX_CLAIM_REF).toBe(999);
    expect(parseClaim(`le ${MAX_CLAIM_REF}`)).toBe(MAX_CLAIM_REF);
    expect(parseClaim(`le ${MAX_CLAIM_REF + 1}`)).toBeNull();
  });
});

describe("parseClaim with the live's available refs", () => {
  const refsOneToTwenty = new Set(Array.from({ length: 20 }, (_, index) => index + 1));

  it("claims a ref that is available", () => {
    expect(parseClaim("le 12", refsOneToTwenty)).toBe(12);
    expect(parseClaim("@vendeuse 7 svp", refsOneToTwenty)).toBe(7);
  });

  it("does not claim a ref the live does not have", () => {
    expect(parseClaim("le 12", new Set([1, 2, 3]))).toBeNull();
    expect(parseClaim("le 21", refsOneToTwenty)).toBeNull();
    expect(parseClaim("le 12", new Set())).toBeNull();
  });

  it("never takes a size for a ref, even when the size is an available ref", () => {
    expect(parseClaim("12 taille 38", new Set([12, 38]))).toBe(12);
    expect(parseClaim("12 taille 38", new Set([38]))).toBeNull();
    expect(parseClaim("je fais du 38", new Set([38]))).toBeNull();
  });

  it("stays ambiguous when only one of two refs is available: the viewer has not chosen", () => {
    expect(parseClaim("le 3 ou le 5", new Set([5]))).toBeNull();
  });
});

describe("parseClaim properties", () => {
  const frenchLetters = "abcdefghijklmnopqrstuvwxyzéèêàâçùûôîïœ ABCDEFGHIJKLMNOPQRSTUVWXYZÉÈÀÇ'!,.";
  const refArbitrary = fc.integer({ min: 1, max: MAX_CLAIM_REF });
  const anyText = fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" }));

  it("any comment made only of letters, spaces and punctuation, without digits, is never a claim", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...frenchLetters) }), (comment) => {
        expect(parseClaim(comment)).toBeNull();
      }),
    );
  });

  it("for any ref in 1..MAX_CLAIM_REF, `je prends le ${ref}` claims ref", () => {
    fc.assert(
      fc.property(refArbitrary, (ref) => {
        expect(parseClaim(`je prends le ${ref}`)).toBe(ref);
      }),
    );
  });

  it("a ref with any of the usual openings and endings, in any case, claims it", () => {
    const opening = fc.constantFrom(
      "",
      "le ",
      "je prends le ",
      "jveux ",
      "n°",
      "réf ",
      "#",
      "@vendeuse ",
      "moi le ",
    );
    const ending = fc.constantFrom("", " stp", " svp", " 🙏", "!!", " taille M", " pour moi", " en 38 ❤️");
    fc.assert(
      fc.property(opening, refArbitrary, ending, fc.boolean(), (before, ref, after, shout) => {
        const comment = `${before}${ref}${after}`;
        expect(parseClaim(shout ? comment.toUpperCase() : comment)).toBe(ref);
      }),
    );
  });

  it("never throws and answers null or a ref in 1..MAX_CLAIM_REF, within the available refs when given", () => {
    fc.assert(
      fc.property(anyText, fc.uniqueArray(refArbitrary, { maxLength: 5 }), (comment, refs) => {
        const claimed = parseClaim(comment);
        if (claimed !== null) {
          expect(Number.isInteger(claimed)).toBe(true);
          expect(claimed).toBeGreaterThanOrEqual(1);
          expect(claimed).toBeLessThanOrEqual(MAX_CLAIM_REF);
        }
        const available = new Set(refs);
        const expected = claimed !== null && available.has(claimed) ? claimed : null;
        expect(parseClaim(comment, available)).toBe(expected);
      }),
    );
  });
});
