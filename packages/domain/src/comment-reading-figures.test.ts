import { describe, expect, it } from "vitest";
import {
  type CorpusComment,
  type CorpusPiece,
  describeReading,
  formatFigures,
  parseCorpus,
  percent,
  scoreReadings,
} from "./comment-reading-figures";
import type { LiveCommentReading } from "./live-claims";

// Made-up comments and readings: these tests check the counting, not any real reader.

function piece(ref: number, size: string | null = null, color: string | null = null): CorpusPiece {
  return { ref, size, color };
}

function comment(
  id: string,
  kind: string,
  text: string,
  give: CorpusPiece[] = [],
  giveUp: number[] = [],
): CorpusComment {
  return { id, text, give, giveUp, kind };
}

/** A fake reader: the reading written for each text, nothing for any other. */
function fakeReader(readings: Record<string, Partial<LiveCommentReading>>) {
  return (text: string): LiveCommentReading => ({ claims: [], doubts: [], unclaims: [], ...readings[text] });
}

const nothing = () => ({ claims: [], doubts: [], unclaims: [] });

describe("parseCorpus", () => {
  const line1 =
    '{"id":"c0001","text":"le 7 en S","give":[{"ref":7,"size":"S","color":null}],"giveUp":[],"kind":"claim"}';
  const line2 = '{"id":"c0002","text":"oubliez le 3","give":[],"giveUp":[3],"kind":"unclaim"}';

  it("reads one comment a line, skipping blank lines and accepting CRLF", () => {
    expect(parseCorpus(`${line1}\r\n\n${line2}\n`)).toEqual([
      comment("c0001", "claim", "le 7 en S", [piece(7, "S")]),
      comment("c0002", "unclaim", "oubliez le 3", [], [3]),
    ]);
  });

  it("reads an empty file as no comment", () => {
    expect(parseCorpus("\n  \n")).toEqual([]);
  });

  it.each([
    ["not JSON", "{oops", /line 2 is not valid JSON/],
    ["not an object", "[1]", /line 2 is malformed: not a JSON object/],
    ["no id", '{"text":"x","give":[],"giveUp":[],"kind":"chatter"}', /line 2 .*'id'/],
    ["no text", '{"id":"c9","give":[],"giveUp":[],"kind":"chatter"}', /line 2 .*'text'/],
    ["give not a list", '{"id":"c9","text":"x","give":7,"giveUp":[],"kind":"claim"}', /line 2 .*'give'/],
    [
      "a ref out of range",
      '{"id":"c9","text":"x","give":[{"ref":0,"size":null,"color":null}],"giveUp":[],"kind":"claim"}',
      /line 2 .*ref from 1 to 999/,
    ],
    [
      "a size that is a number",
      '{"id":"c9","text":"x","give":[{"ref":4,"size":38,"color":null}],"giveUp":[],"kind":"claim"}',
      /line 2 .*size/,
    ],
    [
      "a colour missing",
      '{"id":"c9","text":"x","give":[{"ref":4,"size":null}],"giveUp":[],"kind":"claim"}',
      /line 2 .*colour/,
    ],
    [
      "a giveUp not a ref",
      '{"id":"c9","text":"x","give":[],"giveUp":["3"],"kind":"unclaim"}',
      /line 2 .*'giveUp'/,
    ],
    ["an unknown kind", '{"id":"c9","text":"x","give":[],"giveUp":[],"kind":"maybe"}', /line 2 .*'kind'/],
    ["a repeated id", line1.replace("le 7 en S", "le 8"), /line 2 repeats the id c0001/],
  ])("throws naming the line on %s", (_, bad, message) => {
    expect(() => parseCorpus(`${line1}\n${bad}\n${line2}`)).toThrow(message);
  });
});

describe("scoreReadings", () => {
  it("passes each comment's text to the reader", () => {
    const seen: string[] = [];
    scoreReadings([comment("a", "chatter", "coucou"), comment("b", "claim", "le 4", [piece(4)])], (text) => {
      seen.push(text);
      return nothing();
    });
    expect(seen).toEqual(["coucou", "le 4"]);
  });

  it("counts certain pieces, correct ones and the precision", () => {
    const corpus = [
      comment("a", "claim", "le 3 et le 5", [piece(3), piece(5)]),
      comment("b", "claim", "le 8", [piece(8)]),
      comment("c", "remark", "trop belle la 9"),
    ];
    const figures = scoreReadings(
      corpus,
      fakeReader({
        "le 3 et le 5": { claims: [piece(3), piece(5)] },
        "le 8": { claims: [piece(80)] },
        "trop belle la 9": { claims: [piece(9)] },
      }),
    );
    expect(figures.comments).toBe(3);
    expect(figures.certainPieces).toBe(4);
    expect(figures.certainCorrect).toBe(2);
    expect(figures.precision).toBe(0.5);
  });

  it("gives a precision of 1 and empty lists when nothing is read", () => {
    const figures = scoreReadings([comment("a", "chatter", "coucou")], nothing);
    expect(figures.certainPieces).toBe(0);
    expect(figures.precision).toBe(1);
    expect(figures.recall).toBe(1);
    expect(figures.certainRecall).toBe(1);
    expect(figures.unclaimRecall).toBe(1);
    expect(figures.sizeColorShare).toBe(1);
    expect(figures.doubtShare).toBe(0);
    expect(figures.misses).toEqual([]);
  });

  it("counts, per kind, the comments taking nothing that produced a certain claim, and lists them", () => {
    const corpus = [
      comment("a", "unclaim", "oubliez le 7", [], [7]),
      comment("b", "negation", "je veux pas le 7"),
      comment("c", "remark", "j'ai payé le 12"),
      comment("d", "remark", "trop belle la 9"),
      comment("e", "question", "combien le 4 ?"),
      comment("f", "chatter", "il est 21h"),
      comment("g", "question", "le 5 il taille grand ?"),
      comment("h", "claim", "le 2", [piece(2)]),
    ];
    const figures = scoreReadings(
      corpus,
      fakeReader({
        "oubliez le 7": { claims: [piece(7)], unclaims: [7] },
        "je veux pas le 7": { claims: [piece(7)] },
        "j'ai payé le 12": { claims: [piece(12)] },
        "trop belle la 9": { claims: [piece(9), piece(10)] },
        "il est 21h": { claims: [piece(21)] },
        // Doubts and un-claims are not certain claims.
        "combien le 4 ?": { doubts: [{ ...piece(4), reason: "question" }] },
        "le 2": { claims: [piece(2)] },
      }),
    );
    expect(figures.wrongCertainByKind).toEqual({
      unclaim: 1,
      negation: 1,
      remark: 2,
      question: 0,
      chatter: 1,
    });
    expect(figures.wrongCertainComments.map((example) => example.id)).toEqual(["a", "b", "c", "d", "f"]);
    expect(figures.wrongCertainComments[3]).toEqual({
      id: "d",
      text: "trop belle la 9",
      kind: "remark",
      reading: { claims: [piece(9), piece(10)], doubts: [], unclaims: [] },
    });
  });

  it("counts claim and switch comments with a certain piece that is not given", () => {
    const corpus = [
      comment("a", "switch", "plus le 12, plutôt le 14", [piece(14)], [12]),
      comment("b", "claim", "le 7... non le 8 pardon", [piece(8)]),
      comment("c", "claim", "le 3", [piece(3)]),
      comment("d", "remark", "trop belle la 9"),
    ];
    const figures = scoreReadings(
      corpus,
      fakeReader({
        "plus le 12, plutôt le 14": { claims: [piece(14), piece(12)] },
        "le 7... non le 8 pardon": { claims: [piece(7)] },
        "le 3": { claims: [piece(3)] },
        "trop belle la 9": { claims: [piece(9)] },
      }),
    );
    expect(figures.wrongCertainInClaims).toBe(2);
    expect(figures.wrongCertainInClaimsComments.map((example) => example.id)).toEqual(["a", "b"]);
  });

  it("recalls a claim when every given ref is certain or doubted, and lists the misses", () => {
    const corpus = [
      comment("a", "claim", "le 3 et le 5", [piece(3), piece(5)]),
      comment("b", "claim", "possible d'avoir le 7 ?", [piece(7)]),
      comment("c", "claim", "3, 5 et 9", [piece(3), piece(5), piece(9)]),
      comment("d", "switch", "au lieu du 12 je prends le 14", [piece(14)], [12]),
      comment("e", "claim", "le sept", [piece(7)]),
      comment("f", "question", "le 3 ou le 5 ?"),
    ];
    const figures = scoreReadings(
      corpus,
      fakeReader({
        "le 3 et le 5": { claims: [piece(3), piece(5)] },
        "possible d'avoir le 7 ?": { doubts: [{ ...piece(7), reason: "question" }] },
        "3, 5 et 9": { claims: [piece(3)], doubts: [{ ...piece(9), reason: "unclear" }] },
        "au lieu du 12 je prends le 14": { claims: [piece(14)], unclaims: [12] },
      }),
    );
    expect(figures.claimComments).toBe(5);
    expect(figures.recalled).toBe(3);
    expect(figures.recall).toBe(3 / 5);
    expect(figures.certainRecalled).toBe(2);
    expect(figures.certainRecall).toBe(2 / 5);
    expect(figures.misses.map((example) => example.id)).toEqual(["c", "e"]);
  });

  it("counts comments of any kind with doubts, as a share of claim comments", () => {
    const corpus = [
      comment("a", "claim", "le 7 si dispo en S", [piece(7, "S")]),
      comment("b", "claim", "le 8", [piece(8)]),
      comment("c", "question", "le 3 ou le 5 ?"),
      comment("d", "chatter", "coucou"),
    ];
    const figures = scoreReadings(
      corpus,
      fakeReader({
        "le 7 si dispo en S": { doubts: [{ ...piece(7, "S"), reason: "condition" }] },
        "le 8": { claims: [piece(8)] },
        "le 3 ou le 5 ?": {
          doubts: [
            { ...piece(3), reason: "choice" },
            { ...piece(5), reason: "choice" },
          ],
        },
      }),
    );
    expect(figures.doubtComments).toBe(2);
    expect(figures.doubtShare).toBe(1);
  });

  it("counts un-claims read and un-claims of pieces not given up", () => {
    const corpus = [
      comment("a", "unclaim", "annulez le 7 et le 9", [], [7, 9]),
      comment("b", "unclaim", "oubliez le 3", [], [3]),
      comment("c", "switch", "change mon 12 pour le 14", [piece(14)], [12]),
      comment("d", "negation", "je veux pas le 20"),
      comment("e", "unclaim", "je laisse tomber le 4", [], [4]),
      comment("f", "claim", "le 30", [piece(30)]),
    ];
    const figures = scoreReadings(
      corpus,
      fakeReader({
        "annulez le 7 et le 9": { unclaims: [7] },
        "oubliez le 3": { unclaims: [3] },
        "change mon 12 pour le 14": { claims: [piece(14)], unclaims: [12] },
        "je veux pas le 20": { unclaims: [20] },
        "je laisse tomber le 4": { unclaims: [4, 40] },
      }),
    );
    expect(figures.unclaimComments).toBe(4);
    expect(figures.unclaimsRead).toBe(3);
    expect(figures.unclaimRecall).toBe(3 / 4);
    expect(figures.falseUnclaims).toBe(2);
    expect(figures.falseUnclaimComments.map((example) => example.id)).toEqual(["d", "e"]);
  });

  it("checks the size and colour of correct certain pieces labelled with one", () => {
    const corpus = [
      comment("a", "claim", "le 7 en M noir", [piece(7, "M", "Noir")]),
      comment("b", "claim", "le 8 en S", [piece(8, "S")]),
      comment("c", "claim", "le 9 en rouge", [piece(9, null, "Rouge")]),
      comment("d", "claim", "le 10", [piece(10)]),
      comment("e", "claim", "le 41 en noir et le 41 en blanc", [
        piece(41, null, "Noir"),
        piece(41, null, "Blanc"),
      ]),
      comment("f", "claim", "le 5 en L", [piece(5, "L")]),
      comment("g", "claim", "le 6 en XS", [piece(6, "XS")]),
    ];
    const figures = scoreReadings(
      corpus,
      fakeReader({
        // Right.
        "le 7 en M noir": { claims: [piece(7, "M", "Noir")] },
        // Size wrong.
        "le 8 en S": { claims: [piece(8, "M")] },
        // Colour missed.
        "le 9 en rouge": { claims: [piece(9)] },
        // Not labelled with a size or colour: not counted, whatever is read.
        "le 10": { claims: [piece(10, "M")] },
        // Each labelled piece matched once, whatever the order: both right.
        "le 41 en noir et le 41 en blanc": { claims: [piece(41, null, "Blanc"), piece(41, null, "Noir")] },
        // Wrong ref: not a correct piece, so not counted.
        "le 5 en L": { claims: [piece(50, "L")] },
        // Only doubted: not a certain piece, so not counted.
        "le 6 en XS": { doubts: [{ ...piece(6, "XS"), reason: "unclear" }] },
      }),
    );
    expect(figures.sizeColorLabelled).toBe(5);
    expect(figures.sizeColorRight).toBe(3);
    expect(figures.sizeColorShare).toBe(3 / 5);
  });

  it("does not count one labelled piece as right twice", () => {
    const corpus = [
      comment("a", "claim", "le 41 en noir et le 41 en blanc", [
        piece(41, null, "Noir"),
        piece(41, null, "Blanc"),
      ]),
    ];
    const figures = scoreReadings(
      corpus,
      fakeReader({
        "le 41 en noir et le 41 en blanc": { claims: [piece(41, null, "Noir"), piece(41, null, "Noir")] },
      }),
    );
    expect(figures.sizeColorLabelled).toBe(2);
    expect(figures.sizeColorRight).toBe(1);
  });

  it("classes each reading in the confusion table by label kind", () => {
    const corpus = [
      comment("a", "claim", "le 1", [piece(1)]),
      comment("b", "claim", "le 2 ?", [piece(2)]),
      comment("c", "claim", "le 3 et 4", [piece(3), piece(4)]),
      comment("d", "claim", "le trois", [piece(3)]),
      comment("e", "switch", "plus le 5, le 6", [piece(6)], [5]),
      comment("f", "unclaim", "oubliez le 7", [], [7]),
      comment("g", "remark", "trop belle la 9"),
      comment("h", "chatter", "21h"),
      comment("i", "negation", "pas le 8"),
    ];
    const figures = scoreReadings(
      corpus,
      fakeReader({
        "le 1": { claims: [piece(1)] },
        "le 2 ?": { doubts: [{ ...piece(2), reason: "question" }] },
        // Certain wins over doubts and un-claims.
        "le 3 et 4": { claims: [piece(3)], doubts: [{ ...piece(4), reason: "unclear" }], unclaims: [9] },
        // Doubt wins over un-claims.
        "plus le 5, le 6": { doubts: [{ ...piece(6), reason: "swap" }], unclaims: [5] },
        "oubliez le 7": { unclaims: [7] },
        "trop belle la 9": { claims: [piece(9)] },
      }),
    );
    expect(figures.confusion).toEqual({
      claim: { certain: 2, doubt: 1, unclaim: 0, none: 1 },
      unclaim: { certain: 0, doubt: 0, unclaim: 1, none: 0 },
      switch: { certain: 0, doubt: 1, unclaim: 0, none: 0 },
      question: { certain: 0, doubt: 0, unclaim: 0, none: 0 },
      remark: { certain: 1, doubt: 0, unclaim: 0, none: 0 },
      negation: { certain: 0, doubt: 0, unclaim: 0, none: 1 },
      chatter: { certain: 0, doubt: 0, unclaim: 0, none: 1 },
    });
  });
});

describe("formatFigures", () => {
  const corpus = [
    comment("c0001", "claim", "le 7 en M", [piece(7, "M")]),
    comment("c0002", "claim", "le 3", [piece(3)]),
    comment("c0003", "claim", "le 4", [piece(4)]),
    comment("c0004", "remark", "j'ai payé le 12"),
    comment("c0005", "negation", "je veux pas le 20"),
  ];
  const figures = scoreReadings(
    corpus,
    fakeReader({
      "le 7 en M": { claims: [piece(7, "M", "Noir")] },
      "le 3": { doubts: [{ ...piece(3), reason: "unclear" }] },
      "j'ai payé le 12": { claims: [piece(12)] },
      "je veux pas le 20": { unclaims: [20] },
    }),
  );
  const text = formatFigures("tuning", figures);

  it("names the corpus and gives the figures as percentages to one decimal", () => {
    expect(text).toContain("Comment reading figures: tuning (5 comments)");
    expect(text).toContain("Precision of certain pieces: 50.0% (1 of 2 correct)");
    expect(text).toContain(
      "Certain claims from comments that take nothing: 1 (unclaim 0, negation 0, remark 1",
    );
    expect(text).toContain("Recall (certain or doubt): 66.7% (2 of 3 claim/switch comments)");
    expect(text).toContain("Certain recall: 33.3% (1 of 3)");
    expect(text).toContain("Comments with doubts: 1, 33.3% of claim/switch comments");
    expect(text).toContain("Un-claims read: 100.0% (0 of 0");
    expect(text).toContain("Comments giving up a piece they do not give up: 1");
    expect(text).toContain("Size and colour right: 0.0% (0 of 1 correct pieces labelled with one)");
  });

  it("prints the confusion table", () => {
    expect(text).toMatch(/certain\s+doubt\s+unclaim\s+none/);
    expect(text).toMatch(/claim\s+1\s+1\s+0\s+1\n/);
    expect(text).toMatch(/negation\s+0\s+0\s+1\s+0/);
  });

  it("prints the comments in error with their reading", () => {
    expect(text).toContain(`c0004 [remark] "j'ai payé le 12" → certain 12`);
    expect(text).toContain(`c0003 [claim] "le 4" → nothing`);
    expect(text).toContain(`c0005 [negation] "je veux pas le 20" → un-claims 20`);
  });

  it("shows at most 15 examples of each error", () => {
    const many = Array.from({ length: 20 }, (_, index) => comment(`m${index}`, "chatter", `coucou ${index}`));
    const manyText = formatFigures(
      "many",
      scoreReadings(many, () => ({ ...nothing(), claims: [piece(1)] })),
    );
    expect(manyText).toContain("Certain claims from comments that take nothing (20, first 15 shown):");
    expect(manyText).toContain("m14 [chatter]");
    expect(manyText).not.toContain("m15 [chatter]");
  });
});

describe("describeReading and percent", () => {
  it("describes every part of a reading", () => {
    expect(
      describeReading({
        claims: [piece(7, "M", "Noir"), piece(8)],
        doubts: [{ ...piece(9, null, "Rouge"), reason: "condition" }],
        unclaims: [3, 4],
      }),
    ).toBe("certain 7 (M, Noir), 8 · doubts 9 (Rouge) [condition] · un-claims 3, 4");
    expect(describeReading(nothing())).toBe("nothing");
  });

  it("rounds shares to one decimal", () => {
    expect(percent(2 / 3)).toBe("66.7%");
    expect(percent(1)).toBe("100.0%");
    expect(percent(0)).toBe("0.0%");
  });
});
