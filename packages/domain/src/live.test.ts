import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  LIVE_REF_MAX_LENGTH,
  LIVE_REF_PATTERN,
  liveCreateFormSchema,
  liveCreateSchema,
  liveMessages,
  liveRefCandidates,
  liveRefFromTitle,
  liveUpdateSchema,
  uniqueLiveRef,
} from "./live";

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

describe("uniqueLiveRef", () => {
  it("keeps the derived ref when no live uses it", () => {
    expect(uniqueLiveRef("Soldes d'hiver", () => false)).toBe("soldes-d-h");
  });

  it("numbers the ref within 10 characters when it is taken", () => {
    const taken = new Set(["soldes-d-h", "soldes-d-2", "soldes-d-3"]);
    expect(uniqueLiveRef("Soldes d'hiver", (ref) => taken.has(ref))).toBe("soldes-d-4");
    expect(liveRefCandidates("live", 3)).toEqual(["live", "live-2", "live-3"]);
    expect(liveRefCandidates("abcdefghij", 12).slice(9)).toEqual(["abcdefg-10", "abcdefg-11", "abcdefg-12"]);
    // Cutting before the suffix never leaves two hyphens in a row.
    expect(liveRefCandidates("live-du-lu", 2)).toEqual(["live-du-lu", "live-du-2"]);
  });

  it("falls back to 'live' for a title without a letter or digit", () => {
    expect(uniqueLiveRef("!!!", () => false)).toBe("live");
    expect(uniqueLiveRef("éé", (ref) => ref === "live")).toBe("live-2");
  });

  it("gives up with null when every candidate is taken", () => {
    expect(uniqueLiveRef("Live", () => true, 5)).toBeNull();
  });

  it("only ever proposes refs the database accepts, all different", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), titleLike), (title) => {
        const candidates = liveRefCandidates(liveRefFromTitle(title), 120);
        expect(new Set(candidates).size).toBe(candidates.length);
        for (const ref of candidates) expect(ref).toMatch(LIVE_REF_PATTERN);
      }),
    );
  });
});

describe("live forms", () => {
  const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

  it("requires a title and a date to create a live", () => {
    expect(issues(liveCreateSchema.safeParse({}))).toEqual([
      ["title", liveMessages.titleRequired],
      ["liveDate", liveMessages.dateRequired],
    ]);
    expect(issues(liveCreateSchema.safeParse({ title: "Live", liveDate: "demain" }))).toEqual([
      ["liveDate", liveMessages.dateInvalid],
    ]);
    expect(liveCreateSchema.parse({ title: " Live ", liveDate: "2025-05-12T18:00:00.000Z" })).toEqual({
      title: "Live",
      liveDate: "2025-05-12T18:00:00.000Z",
      isActive: false,
      siteClaims: "unheard",
    });
  });

  it("turns the form's local date into an ISO instant", () => {
    const parsed = liveCreateFormSchema.parse({
      title: "Live",
      liveDate: "2025-05-12T20:00",
      isActive: true,
    });
    expect(parsed.liveDate).toBe(new Date("2025-05-12T20:00").toISOString());
    expect(issues(liveCreateFormSchema.safeParse({ title: "", liveDate: "", isActive: false }))).toEqual([
      ["title", liveMessages.titleRequired],
      ["liveDate", liveMessages.dateRequired],
    ]);
  });

  it("requires a title and a well-formed ref to edit a live", () => {
    expect(issues(liveUpdateSchema.safeParse({ title: " ", ref: "", isActive: true }))).toEqual([
      ["title", liveMessages.titleRequired],
      ["ref", liveMessages.refRequired],
    ]);
    for (const ref of ["Live", "-live", "live-", "live du lu", "abcdefghijk", "été"]) {
      expect(issues(liveUpdateSchema.safeParse({ title: "Live", ref, isActive: true }))).toEqual([
        ["ref", liveMessages.refFormat],
      ]);
    }
    expect(liveUpdateSchema.parse({ title: "Live", ref: " live-2 ", isActive: false }).ref).toBe("live-2");
  });
});
