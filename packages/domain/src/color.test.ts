import { describe, expect, it } from "vitest";
import { colorInputSchema, colorMessages, isHexColor, normalizeHexColor } from "./color";

const messagesOf = (input: unknown) =>
  colorInputSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("colour rules", () => {
  it("accepts # followed by six hexadecimal digits only", () => {
    for (const hex of ["#000000", "#ffffff", "#1E3A8a"]) expect(isHexColor(hex)).toBe(true);
    for (const hex of ["000000", "#fff", "#1234567", "#GGGGGG", "# 12345", "", "#12345g"]) {
      expect(isHexColor(hex)).toBe(false);
    }
  });

  it("stores the code in capitals", () => {
    expect(normalizeHexColor(" #1e3a8a ")).toBe("#1E3A8A");
    expect(colorInputSchema.parse({ name: " Bleu marine ", hexCode: "#1e3a8a" })).toEqual({
      name: "Bleu marine",
      hexCode: "#1E3A8A",
    });
  });

  it("asks to fill every field when the name or the code is missing or blank", () => {
    expect(messagesOf({})).toEqual([
      ["name", colorMessages.required],
      ["hexCode", colorMessages.required],
    ]);
    expect(messagesOf({ name: "  ", hexCode: "" })).toEqual([
      ["name", colorMessages.required],
      ["hexCode", colorMessages.required],
    ]);
    expect(colorMessages.required).toBe("Veuillez remplir tous les champs");
  });

  it("refuses a malformed code, a long name, markup and wrong types, naming the field", () => {
    expect(messagesOf({ name: "Rouge", hexCode: "red" })).toEqual([["hexCode", colorMessages.invalidHex]]);
    expect(messagesOf({ name: "x".repeat(51), hexCode: "#000000" })).toEqual([
      ["name", "Le nom doit contenir au plus 50 caractères."],
    ]);
    expect(messagesOf({ name: "<script>alert(1)</script>", hexCode: "#000000" })).toEqual([
      ["name", "Le nom ne doit pas contenir les caractères < ou >."],
    ]);
    expect(messagesOf({ name: 12, hexCode: true })).toEqual([
      ["name", "Le champ « name » doit être un texte (reçu : un nombre)."],
      ["hexCode", "Le champ « hexCode » doit être un texte (reçu : un booléen (true ou false))."],
    ]);
  });
});
