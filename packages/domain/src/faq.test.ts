import { describe, expect, it } from "vitest";
import "./zod-french";
import { FAQ_TITLE_MAX_LENGTH, faqDisplayRank, faqInputSchema, faqMessages, faqSwapIndex } from "./faq";

describe("faqSwapIndex", () => {
  it("swaps with the neighbour above or below", () => {
    expect(faqSwapIndex(1, 3, "up")).toBe(0);
    expect(faqSwapIndex(1, 3, "down")).toBe(2);
  });

  it("never moves beyond the ends", () => {
    expect(faqSwapIndex(0, 3, "up")).toBeNull();
    expect(faqSwapIndex(2, 3, "down")).toBeNull();
    expect(faqSwapIndex(0, 1, "down")).toBeNull();
    expect(faqSwapIndex(5, 3, "up")).toBeNull();
    expect(faqSwapIndex(-1, 3, "down")).toBeNull();
  });
});

describe("faqDisplayRank", () => {
  it("shows rank 0 as 1", () => {
    expect(faqDisplayRank(0)).toBe(1);
    expect(faqDisplayRank(4)).toBe(5);
  });
});

describe("faqInputSchema", () => {
  const messageOf = (input: unknown) => faqInputSchema.safeParse(input).error?.issues[0]?.message;

  it("accepts a title and an answer, the title trimmed", () => {
    expect(faqInputSchema.parse({ title: "  Délais ?  ", content: "<p>48 h</p>" })).toEqual({
      title: "Délais ?",
      content: "<p>48 h</p>",
    });
  });

  it.each([
    { title: "   ", content: "<p>48 h</p>" },
    { title: "Délais ?", content: "<p> </p>" },
    { title: "", content: "" },
  ])("asks to fill every field: %j", (input) => {
    expect(messageOf(input)).toBe(faqMessages.required);
  });

  it("limits the title", () => {
    expect(messageOf({ title: "a".repeat(FAQ_TITLE_MAX_LENGTH + 1), content: "<p>x</p>" })).toMatch(
      /ne doit pas dépasser 200 caractères/,
    );
  });
});
