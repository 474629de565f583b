import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LIVE_REF_MAX_LENGTH, liveRefFromTitle, orderNumber } from "./live";

/** The lives.ref CHECK constraint of the database: the ref a live is stored with. */
const STORED_LIVE_REF = /^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/;
/** Titles as people write them: short words, separators, accents. */
const titleLike = fc
  .array(
    fc.tuple(
      fc.string({ unit: fc.constantFrom("a", "B", "7", "é", "x"), minLength: 1, maxLength: 6 }),
      fc.constantFrom(" ", "-", " / ", " !", "'"),
    ),
    { maxLength: 6 },
  )
  .map((words) => words.map(([word, separator]) => word + separator).join(""));

describe("liveRefFromTitle", () => {
  it.each([
    ["Live du Lundi 12/05 !", "live-du-lu"],
    ["Live", "live"],
    ["  --Soldes!!  ", "soldes"],
    ["VENTE   PRIVÉE", "vente-priv"],
    ["Soirée d'été", "soir-e-d-t"],
    ["Été", "t"],
    ["12/05", "12-05"],
    ["abcdefghijklmnop", "abcdefghij"],
  ])("derives %j -> %j", (title, ref) => {
    expect(liveRefFromTitle(title)).toBe(ref);
  });

  it("never ends with a hyphen when the cut falls on one", () => {
    expect(liveRefFromTitle("Nouveautés jeudi")).toBe("nouveaut-s");
    expect(liveRefFromTitle("abcdefghi jk")).toBe("abcdefghi");
    expect(liveRefFromTitle("Live du 12 mai")).toBe("live-du-12");
    expect(liveRefFromTitle("Live de mai")).toBe("live-de-ma");
    expect(liveRefFromTitle("Le live 2 ok")).toBe("le-live-2");
  });

  it("gives an empty ref when the title has no letter or digit", () => {
    expect(liveRefFromTitle("!!! ---")).toBe("");
    expect(liveRefFromTitle("éàü")).toBe("");
  });

  it("always gives a ref the database accepts, or an empty one", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), titleLike), (title) => {
        const ref = liveRefFromTitle(title);
        expect(ref.length).toBeLessThanOrEqual(LIVE_REF_MAX_LENGTH);
        if (ref !== "") expect(ref).toMatch(STORED_LIVE_REF);
        expect(liveRefFromTitle(ref)).toBe(ref);
      }),
    );
  });
});

describe("orderNumber", () => {
  it("is HF-{live ref}-{n}", () => {
    expect(orderNumber("live-du-lu", 1)).toBe("HF-live-du-lu-1");
    expect(orderNumber("soldes", 42)).toBe("HF-soldes-42");
  });

  it("differs for every sequence of a live", () => {
    const numbers = new Set(Array.from({ length: 100 }, (_, i) => orderNumber("live", i + 1)));
    expect(numbers.size).toBe(100);
  });
});
