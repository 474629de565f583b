import { describe, expect, it } from "vitest";
import { localParcelNumber, luhnCheckDigit, PARCEL_NUMBER_PATTERN, parcelWeightGrams } from "./parcel";

describe("local parcel numbers", () => {
  it("are 2 letters and 11 digits, the last one Luhn's check digit", () => {
    expect(localParcelNumber(1)).toBe("VT00000000018");
    expect(localParcelNumber(9_999_999_999)).toMatch(PARCEL_NUMBER_PATTERN);
    expect(luhnCheckDigit("7992739871")).toBe(3);
  });

  it("differ for every sequence value", () => {
    const numbers = new Set(Array.from({ length: 1000 }, (_, index) => localParcelNumber(index + 1)));
    expect(numbers.size).toBe(1000);
  });

  it("refuse a value the 10 digits cannot hold", () => {
    expect(() => localParcelNumber(0)).toThrow(RangeError);
    expect(() => localParcelNumber(10_000_000_000)).toThrow(RangeError);
    expect(() => localParcelNumber(1.5)).toThrow(RangeError);
  });
});

describe("parcelWeightGrams", () => {
  it("counts the box and each piece", () => {
    expect(parcelWeightGrams(0)).toBe(150);
    expect(parcelWeightGrams(3)).toBe(1200);
  });
});
