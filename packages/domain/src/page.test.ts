import fc from "fast-check";
import { describe, expect, it } from "vitest";
import "./zod-french";
import {
  isPageCode,
  pageCodeConflictMessage,
  pageCodeFromInput,
  pageInputSchema,
  pageMessages,
  WINTER_PAGE_CODE,
} from "./page";

describe("pageCodeFromInput", () => {
  it("turns spaces into hyphens as the code is typed", () => {
    expect(pageCodeFromInput("ma page exemple")).toBe("ma-page-exemple");
    expect(pageCodeFromInput("ma  page")).toBe("ma-page");
    expect(pageCodeFromInput("cgv")).toBe("cgv");
  });

  it("changes nothing else: capitals stay, to be refused", () => {
    expect(pageCodeFromInput("Ma Page")).toBe("Ma-Page");
  });
});

describe("isPageCode", () => {
  it.each(["cgv", "mentions-legales", "page-hiver", "page-2", "a1-b2-c3"])("accepts %j", (code) => {
    expect(isPageCode(code)).toBe(true);
  });

  it.each(["", "Cgv", "ma page", "-cgv", "cgv-", "a--b", "a_b", "é", "ma-page-", "x".repeat(101)])(
    "refuses %j",
    (code) => {
      expect(isPageCode(code)).toBe(false);
    },
  );

  it("agrees with the pages_code_slug CHECK of the database", () => {
    const databaseCheck = /^[a-z0-9]+(-[a-z0-9]+)*$/;
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "z", "0", "9", "-", " ", "A", "_"), maxLength: 12 }),
        (raw) => {
          const code = pageCodeFromInput(raw);
          if (isPageCode(code)) expect(code).toMatch(databaseCheck);
          else expect(databaseCheck.test(code) && code.length <= 100).toBe(false);
        },
      ),
    );
  });
});

describe("pageCodeConflictMessage", () => {
  it("says an active page is already online when both would be active", () => {
    expect(pageCodeConflictMessage({ code: "cgv", newPageIsActive: true, existingPageIsActive: true })).toBe(
      pageMessages.activeDuplicate,
    );
  });

  it("says the code exists when either page is inactive", () => {
    for (const [newPageIsActive, existingPageIsActive] of [
      [true, false],
      [false, true],
      [false, false],
    ] as const) {
      expect(pageCodeConflictMessage({ code: "cgv", newPageIsActive, existingPageIsActive })).toBe(
        pageMessages.duplicateCode,
      );
    }
  });

  it("exempts the winter page from the active-page rule", () => {
    expect(
      pageCodeConflictMessage({ code: WINTER_PAGE_CODE, newPageIsActive: true, existingPageIsActive: true }),
    ).toBe(pageMessages.duplicateCode);
  });
});

describe("pageInputSchema", () => {
  const valid = { title: "CGV", code: "cgv", content: "<p>Article 1</p>", isActive: true };
  const messageOf = (input: unknown) => pageInputSchema.safeParse(input).error?.issues[0]?.message;

  it("accepts a page and turns the code's spaces into hyphens", () => {
    expect(pageInputSchema.parse({ ...valid, code: "ma page exemple" }).code).toBe("ma-page-exemple");
  });

  it.each(["Ma-Page", "ma_page", "ma--page", "-x", "é"])(
    "refuses the code %j with the slug message",
    (code) => {
      expect(messageOf({ ...valid, code })).toBe(pageMessages.invalidCode);
    },
  );

  it.each([
    { ...valid, title: " " },
    { ...valid, code: "" },
    { ...valid, content: "<p></p>" },
  ])("asks to fill every field: %j", (input) => {
    expect(messageOf(input)).toBe(pageMessages.required);
  });
});
