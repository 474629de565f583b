import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  centsToEuroInput,
  euroAmountMessages,
  formatEuros,
  parseEurosToCents,
  SHIPPING_FEE_CENTS,
  understoodEuros,
} from "./money";

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

describe("SHIPPING_FEE_CENTS", () => {
  // A new order keeps the fee of its day (orders.shipping_fee_cents); its total is the database's.
  it("is 6 euros, as the spec says", () => {
    expect(SHIPPING_FEE_CENTS).toBe(600);
  });
});

describe("parseEurosToCents", () => {
  it.each([
    // French writing
    ["9,90", 990],
    ["9,9", 990],
    ["12,5", 1250],
    ["0,99", 99],
    ["19,", 1900],
    // English writing
    ["9.90", 990],
    ["9.9", 990],
    ["12.50", 1250],
    // whole euros
    ["10", 1000],
    ["0", 0],
    // spaces around and as thousands separators, whatever space the keyboard typed
    [" 0,99 ", 99],
    ["1 234,56", 123456],
    ["1\u00a0234,56", 123456],
    ["1\u202f234,56", 123456],
    ["12 345 678", 1234567800],
    ["1 234.5", 123450],
    // a euro sign before or after
    ["9,90 €", 990],
    ["9,90€", 990],
    ["€9.90", 990],
    ["€ 10", 1000],
    ["1\u202f234,50\u00a0€", 123450],
  ])("reads %j as %i cents", (text, cents) => {
    expect(parseEurosToCents(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ["", euroAmountMessages.empty],
    ["   ", euroAmountMessages.empty],
    ["\u00a0", euroAmountMessages.empty],
    ["-3", euroAmountMessages.negative],
    ["-9,90 €", euroAmountMessages.negative],
    ["\u22129,90", euroAmountMessages.negative],
    ["- 3", euroAmountMessages.negative],
    ["12,555", euroAmountMessages.tooPrecise],
    ["9.999", euroAmountMessages.tooPrecise],
    ["1.234", euroAmountMessages.tooPrecise],
    ["abc", euroAmountMessages.notANumber],
    ["9,90 euros", euroAmountMessages.notANumber],
    ["9,9O", euroAmountMessages.notANumber],
    ["dix", euroAmountMessages.notANumber],
    ["€", euroAmountMessages.notANumber],
    ["1e3", euroAmountMessages.notANumber],
    ["12,5,0", euroAmountMessages.notANumber],
    ["1.234,56", euroAmountMessages.notANumber],
    ["1,234.56", euroAmountMessages.notANumber],
    // "12 50" could be 12,50 € or 1 250 €: never guessed.
    ["12 50", euroAmountMessages.notANumber],
    ["1234 567", euroAmountMessages.notANumber],
    [",50", euroAmountMessages.notANumber],
    ["+5", euroAmountMessages.notANumber],
    ["-abc", euroAmountMessages.notANumber],
    ["9,90 € €", euroAmountMessages.notANumber],
  ])("refuses %j", (text, message) => {
    expect(parseEurosToCents(text)).toEqual({ ok: false, message });
  });

  it("says in French what it refuses", () => {
    for (const message of Object.values(euroAmountMessages)) expect(message).toMatch(/^(Le prix|Saisissez)/);
  });

  it("gives back the cents that centsToEuroInput wrote, for every amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(parseEurosToCents(centsToEuroInput(cents))).toEqual({ ok: true, cents });
      }),
    );
    expect(centsToEuroInput(1250)).toBe("12,50");
    expect(centsToEuroInput(5)).toBe("0,05");
  });
});

describe("understoodEuros", () => {
  it("shows what a typed amount was read as, the French way", () => {
    expect(understoodEuros("9,9")).toBe(formatEuros(990));
    expect(understoodEuros("9.90")).toBe(formatEuros(990));
    expect(understoodEuros("1 234,5 €")).toBe(formatEuros(123450));
    expect(formatEuros(990).replace(/\s/g, " ")).toBe("9,90 €");
  });

  it("shows nothing while the amount cannot be read", () => {
    expect(understoodEuros("")).toBeNull();
    expect(understoodEuros("9,999")).toBeNull();
    expect(understoodEuros("-1")).toBeNull();
  });
});
