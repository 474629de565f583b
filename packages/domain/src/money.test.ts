import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatEuros, orderTotalCents, SHIPPING_FEE_CENTS } from "./money";

/** Intl's fr-FR: a narrow no-break space between thousands, a no-break space before the euro sign. */
const NNBSP = "\u202f";
const NBSP = "\u00a0";

describe("formatEuros", () => {
  it.each([
    [0, `0,00${NBSP}€`],
    [5, `0,05${NBSP}€`],
    [600, `6,00${NBSP}€`],
    [1250, `12,50${NBSP}€`],
    [1999, `19,99${NBSP}€`],
    [123456, `1${NNBSP}234,56${NBSP}€`],
    [123456789, `1${NNBSP}234${NNBSP}567,89${NBSP}€`],
    [-300, `-3,00${NBSP}€`],
  ])("formats %i cents as %j", (cents, text) => {
    expect(formatEuros(cents)).toBe(text);
  });

  it("always shows two decimals and the euro sign", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const text = formatEuros(cents);
        expect(text).toMatch(/^\d{1,3}(\u202f\d{3})*,\d{2}\u00a0€$/);
        expect(Number(text.replace(/[\u202f\u00a0€]/g, "").replace(",", "."))).toBeCloseTo(cents / 100, 2);
      }),
    );
  });
});

describe("orderTotalCents", () => {
  it("adds 6 euros of shipping to the items", () => {
    expect(SHIPPING_FEE_CENTS).toBe(600);
    expect(orderTotalCents([])).toBe(600);
    expect(orderTotalCents([1500])).toBe(2100);
    expect(orderTotalCents([1500, 2999, 1])).toBe(5100);
  });

  it("is always the sum of the items plus 600 cents", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 50 }), (prices) => {
        const sum = prices.reduce((a, b) => a + b, 0);
        expect(orderTotalCents(prices)).toBe(sum + 600);
      }),
    );
  });
});
