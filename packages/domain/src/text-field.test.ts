import { describe, expect, it } from "vitest";
import { optionalTextSchema, requiredTextSchema } from "./text-field";

const title = requiredTextSchema({ label: "Le titre", maxLength: 5, requiredMessage: "Le titre est requis" });
const size = optionalTextSchema({ label: "La taille", maxLength: 3 });
const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("staff text fields", () => {
  it("trims, requires and bounds a text", () => {
    expect(title.parse("  Live ")).toBe("Live");
    expect(messageOf(title.safeParse(undefined))).toBe("Le titre est requis");
    expect(messageOf(title.safeParse("   "))).toBe("Le titre est requis");
    expect(messageOf(title.safeParse("abcdef"))).toBe("Le titre doit contenir au plus 5 caractères.");
    expect(messageOf(title.safeParse(3))).toMatch(/doit être un texte/);
  });

  it("refuses the characters of markup", () => {
    expect(messageOf(title.safeParse("<b>"))).toBe("Le titre ne doit pas contenir les caractères < ou >.");
    expect(messageOf(title.safeParse("a>b"))).toBe("Le titre ne doit pas contenir les caractères < ou >.");
    const longer = requiredTextSchema({ label: "Le titre", maxLength: 20, requiredMessage: "requis" });
    expect(longer.parse("L'été & co")).toBe("L'été & co");
  });

  it("turns a blank, null or absent optional text into null", () => {
    expect(size.parse(undefined)).toBeNull();
    expect(size.parse(null)).toBeNull();
    expect(size.parse("  ")).toBeNull();
    expect(size.parse(" M ")).toBe("M");
    expect(messageOf(size.safeParse("XXXL"))).toBe("La taille doit contenir au plus 3 caractères.");
  });

  it("refuses text PostgreSQL cannot store", () => {
    const nul = `a${String.fromCharCode(0)}b`;
    const message = "Le titre contient un caractère non valide (caractère nul ou mal encodé).";
    expect(messageOf(title.safeParse(nul))).toBe(message);
    expect(messageOf(title.safeParse("a\uD800"))).toBe(message);
    expect(messageOf(size.safeParse("\uDC00"))).toBe(
      "La taille contient un caractère non valide (caractère nul ou mal encodé).",
    );
  });
});
