import { describe, expect, it } from "vitest";
import { findUnstorableText, hasUnstorableText, toStorableText } from "./storable-text";

const NUL = String.fromCharCode(0);
const HIGH = "\uD83D";
const LOW = "\uDE00";

describe("text PostgreSQL can store", () => {
  it("accepts ordinary text, accents and whole emoji pairs", () => {
    for (const text of ["", "je prends le 12", "Léa 😀 été", "a\tb\nc", "\uFFFD"])
      expect(hasUnstorableText(text)).toBe(false);
  });

  it("finds U+0000 and lone surrogates wherever they are", () => {
    for (const text of [NUL, `a${NUL}b`, HIGH, LOW, `a${HIGH}`, `${LOW}a`, `${LOW}${HIGH}`, `ok😀${HIGH}`])
      expect(hasUnstorableText(text)).toBe(true);
  });

  it("cleans what it finds and leaves the rest as it was", () => {
    expect(toStorableText(`je${NUL} prends`)).toBe("je prends");
    expect(toStorableText(`a${HIGH}b`)).toBe("a\uFFFDb");
    expect(toStorableText(`${LOW}${HIGH}😀`)).toBe("\uFFFD\uFFFD😀");
    expect(toStorableText("Léa 😀")).toBe("Léa 😀");
    expect(hasUnstorableText(toStorableText(`${NUL}${HIGH}${LOW}${LOW}`))).toBe(false);
  });

  it("names the path of the first bad value in a body, keys included", () => {
    expect(findUnstorableText({ a: "ok", b: [1, "x", { c: `y${NUL}` }] })).toEqual(["b", 2, "c"]);
    expect(findUnstorableText({ [`k${HIGH}`]: "v" })).toEqual([`k${HIGH}`]);
    expect(findUnstorableText({ a: ["ok", null, 3, true] })).toBeNull();
    expect(findUnstorableText(`${LOW}`)).toEqual([]);
  });
});
