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

describe("the refusal to delete a colour in use", () => {
  const SPEC_SENTENCE = "Cette couleur est utilisée par des produits et ne peut pas être supprimée";

  it("is the spec's sentence word for word, on the server and first on the page", () => {
    expect(colorMessages.inUse).toBe(SPEC_SENTENCE);
    expect(colorMessages.usedBy("Corail", 1).startsWith(SPEC_SENTENCE)).toBe(true);
    expect(colorMessages.usedBy("Corail", 3).startsWith(SPEC_SENTENCE)).toBe(true);
  });

  it("then names the colour and counts its products", () => {
    expect(colorMessages.usedBy("Corail", 1)).toBe(
      `${SPEC_SENTENCE} (« Corail » : 1 produit). Changez d'abord la couleur de ce produit.`,
    );
    expect(colorMessages.usedBy("Corail", 3)).toContain(
      "(« Corail » : 3 produits). Changez d'abord la couleur de ces produits.",
    );
  });
});
