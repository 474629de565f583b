import { describe, expect, it } from "vitest";
import { isOneSize, pieceLookParts, requestDiffers, requestMismatchText } from "./piece-request";

describe("a piece against what the comment asked", () => {
  it("takes a piece without a size, or marked TU, as one size", () => {
    expect(isOneSize(null)).toBe(true);
    expect(isOneSize("T.U.")).toBe(true);
    expect(isOneSize("Taille unique")).toBe(true);
    expect(isOneSize("M")).toBe(false);
    expect(requestDiffers({ sizeRead: "TU", colorRead: null }, { size: null, color: null })).toBe(false);
  });

  it("finds a size or a colour the piece does not have", () => {
    expect(requestDiffers({ sizeRead: "L", colorRead: null }, { size: null, color: "Blanc" })).toBe(true);
    expect(requestDiffers({ sizeRead: "l", colorRead: "noir" }, { size: "L", color: "Noir" })).toBe(false);
    expect(requestDiffers({ sizeRead: null, colorRead: "Noir" }, { size: "M", color: "Blanc" })).toBe(true);
    // A piece with no colour given is not said to differ from the one asked.
    expect(requestDiffers({ sizeRead: null, colorRead: "Noir" }, { size: "M", color: null })).toBe(false);
    expect(requestDiffers({ sizeRead: null, colorRead: null }, { size: "M", color: "Blanc" })).toBe(false);
  });

  it("says the difference plainly, in French", () => {
    expect(requestMismatchText({ sizeRead: "L", colorRead: "Noir" }, { size: null, color: "Blanc" })).toBe(
      "Vous avez demandé L noir\u00a0: cette pièce est blanche, taille unique",
    );
    expect(requestMismatchText({ sizeRead: "S", colorRead: null }, { size: "M", color: "Rouge" })).toBe(
      "Vous avez demandé S\u00a0: cette pièce est rouge, taille M",
    );
    expect(requestMismatchText({ sizeRead: null, colorRead: "Noir" }, { size: "M", color: "Marron" })).toBe(
      "Vous avez demandé noir\u00a0: cette pièce est de couleur marron, taille M",
    );
    expect(requestMismatchText({ sizeRead: "XL", colorRead: null }, { size: "S", color: null })).toBe(
      "Vous avez demandé XL\u00a0: cette pièce est en taille S",
    );
    expect(
      requestMismatchText({ sizeRead: "M", colorRead: "Blanc" }, { size: "M", color: "Blanc" }),
    ).toBeNull();
  });

  it("shows the piece's own size and colour", () => {
    expect(pieceLookParts({ size: null, color: "Blanc" })).toEqual(["Taille unique", "Couleur\u00a0: Blanc"]);
    expect(pieceLookParts({ size: "M", color: null })).toEqual(["Taille\u00a0: M"]);
  });
});
