import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cleanTiktokUsername,
  isValidTiktokUsername,
  normalizeTiktokUsername,
  TIKTOK_USERNAME_MAX_LENGTH,
  TIKTOK_USERNAME_MIN_LENGTH,
  tiktokUsernameConfirmationError,
  tiktokUsernameError,
  tiktokUsernameMessages,
} from "./tiktok-username";

const ALLOWED = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._";
const allowedChar = fc.constantFrom(...ALLOWED.split(""));
const handleCore = fc.string({
  unit: allowedChar,
  minLength: TIKTOK_USERNAME_MIN_LENGTH,
  maxLength: TIKTOK_USERNAME_MAX_LENGTH,
});
const padding = fc.string({ unit: fc.constantFrom(" ", "\t"), maxLength: 3 });
/** A valid handle as people type or paste it: spaces around, maybe one leading @. */
const typedHandle = fc
  .record({ core: handleCore, before: padding, after: padding, at: fc.boolean() })
  .map(({ core, before, after, at }) => ({ core, typed: `${before}${at ? "@" : ""}${core}${after}` }));
const messageValues: readonly string[] = Object.values(tiktokUsernameMessages);

describe("tiktokUsernameMessages", () => {
  it("are the spec's French messages with the platform's name", () => {
    expect(tiktokUsernameMessages).toMatchObject({
      required: "Le pseudo TikTok est requis",
      missingAtSubmit: "Veuillez saisir votre pseudo TikTok",
      atSignNotFirst: "L'arobase (@) ne doit être qu'au début du pseudo.",
      tooShort: "Le pseudo TikTok doit contenir au moins 2 caractères",
      tooLong: "Le pseudo TikTok ne peut pas dépasser 24 caractères",
      invalidCharacters: "Le pseudo TikTok ne doit contenir que des lettres, chiffres, points ou underscore",
      mismatch: "Les pseudos TikTok ne correspondent pas",
      taken: "Ce pseudo TikTok est déjà utilisé",
    });
  });
});

describe("cleanTiktokUsername and normalizeTiktokUsername", () => {
  it.each([
    ["julie", "julie"],
    ["  julie  ", "julie"],
    ["@julie", "julie"],
    ["  @Julie.Mode ", "Julie.Mode"],
    ["\t@ju_lie\n", "ju_lie"],
    ["@@julie", "@julie"],
    ["ju@lie", "ju@lie"],
  ])("cleans %j to %j, keeping the case for display", (raw, cleaned) => {
    expect(cleanTiktokUsername(raw)).toBe(cleaned);
  });

  it("lowercases the cleaned handle for storage and comparison", () => {
    expect(normalizeTiktokUsername("  @Julie.Mode_75 ")).toBe("julie.mode_75");
    expect(normalizeTiktokUsername("JULIE")).toBe("julie");
  });
});

describe("tiktokUsernameError", () => {
  it.each(["", "   ", "@", "  @  ", "\t\n"])("requires a handle (%j)", (raw) => {
    expect(tiktokUsernameError(raw)).toBe(tiktokUsernameMessages.required);
  });

  it.each(["ju@lie", "julie@", "@@julie", "@ju@lie", "a@"])(
    "refuses an @ that is not the first character (%j)",
    (raw) => {
      expect(tiktokUsernameError(raw)).toBe("L'arobase (@) ne doit être qu'au début du pseudo.");
    },
  );

  it("accepts exactly 2 to 24 characters", () => {
    expect(tiktokUsernameError("a")).toBe(tiktokUsernameMessages.tooShort);
    expect(tiktokUsernameError("@a")).toBe(tiktokUsernameMessages.tooShort);
    expect(tiktokUsernameError(" a ")).toBe(tiktokUsernameMessages.tooShort);
    expect(tiktokUsernameError("ab")).toBeNull();
    expect(tiktokUsernameError("x".repeat(24))).toBeNull();
    expect(tiktokUsernameError(`  @${"x".repeat(24)}  `)).toBeNull();
    expect(tiktokUsernameError("x".repeat(25))).toBe(tiktokUsernameMessages.tooLong);
    expect(tiktokUsernameError(`@${"x".repeat(25)}`)).toBe(tiktokUsernameMessages.tooLong);
  });

  it.each(["julie", "Julie.Mode", "ju_lie", "_.", "Z9", "a.b_c.D_4"])(
    "accepts letters, digits, dots and underscores (%j)",
    (raw) => {
      expect(tiktokUsernameError(raw)).toBeNull();
      expect(isValidTiktokUsername(raw)).toBe(true);
    },
  );

  it.each(["ju-lie", "ju lie", "julie!", "jülie", "élodie", "ju+lie", "ju/lie", "ab😀", "ju\u00a0lie"])(
    "refuses any other character (%j)",
    (raw) => {
      expect(tiktokUsernameError(raw)).toBe(tiktokUsernameMessages.invalidCharacters);
      expect(isValidTiktokUsername(raw)).toBe(false);
    },
  );
});

describe("tiktokUsernameConfirmationError", () => {
  it("accepts the same handle typed differently", () => {
    expect(tiktokUsernameConfirmationError("@Julie.Mode", "  julie.mode ")).toBeNull();
  });

  it("refuses a different handle", () => {
    expect(tiktokUsernameConfirmationError("julie", "julia")).toBe("Les pseudos TikTok ne correspondent pas");
  });
});

describe("tiktok username properties", () => {
  it("any 2 to 24 letters, digits, dots or underscores are valid, with spaces around and one leading @", () => {
    fc.assert(
      fc.property(typedHandle, ({ typed }) => {
        expect(tiktokUsernameError(typed)).toBeNull();
      }),
    );
  });

  it("normalizing a valid handle gives its lowercase core, and normalizing again changes nothing", () => {
    fc.assert(
      fc.property(typedHandle, ({ core, typed }) => {
        const normalized = normalizeTiktokUsername(typed);
        expect(normalized).toBe(core.toLowerCase());
        expect(normalized).toMatch(/^[a-z0-9._]+$/);
        expect(normalizeTiktokUsername(normalized)).toBe(normalized);
        expect(tiktokUsernameError(normalized)).toBeNull();
      }),
    );
  });

  it("a handle of valid length with any character outside the set (and no @) gets the invalid-characters message", () => {
    const outsider = fc
      .string({ unit: "binary", minLength: 1, maxLength: 1 })
      .filter((char) => !/^[A-Za-z0-9._@]$/.test(char));
    fc.assert(
      fc.property(
        fc.string({ unit: allowedChar, minLength: 1, maxLength: 10 }),
        outsider,
        fc.string({ unit: allowedChar, minLength: 1, maxLength: 10 }),
        (before, bad, after) => {
          expect(tiktokUsernameError(`${before}${bad}${after}`)).toBe(
            tiktokUsernameMessages.invalidCharacters,
          );
        },
      ),
    );
  });

  it("a handle longer than 24 characters is always rejected", () => {
    fc.assert(
      fc.property(fc.string({ unit: allowedChar, minLength: 25, maxLength: 80 }), (long) => {
        expect(tiktokUsernameError(long)).toBe(tiktokUsernameMessages.tooLong);
        expect(tiktokUsernameError(`@${long}`)).toBe(tiktokUsernameMessages.tooLong);
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 25, maxLength: 80 }), (raw) => {
        fc.pre(cleanTiktokUsername(raw).length > TIKTOK_USERNAME_MAX_LENGTH);
        expect(tiktokUsernameError(raw)).not.toBeNull();
      }),
    );
  });

  it("never throws on arbitrary input and only answers null or one of its messages", () => {
    const anyText = fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }));
    fc.assert(
      fc.property(anyText, (raw) => {
        const error = tiktokUsernameError(raw);
        expect(error === null || messageValues.includes(error)).toBe(true);
        expect(isValidTiktokUsername(raw)).toBe(error === null);
        expect(() => normalizeTiktokUsername(raw)).not.toThrow();
      }),
    );
  });
});
