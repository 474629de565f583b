import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BULK_PRODUCTS_MAX,
  bulkEndForStart,
  bulkProductCount,
  bulkProductMessages,
  bulkProductsFormSchema,
  bulkProductsInputSchema,
  bulkRangeMessage,
  bulkSubmitLabel,
  firstBulkRange,
  formatRefList,
  nextBulkRange,
} from "./bulk-products";
import { euroAmountMessages } from "./money";

const LIVE = "5f0c6d2e-8a4b-4c1d-9e2f-3a4b5c6d7e8f";
const COLOR = "0b7c9a52-3f6e-4d21-8c4a-6e2f1d3b9a70";
const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("bulk ranges", () => {
  it("starts after the live's highest reference, or at 1, ten wide", () => {
    expect(firstBulkRange(null)).toEqual({ start: 1, end: 10 });
    expect(firstBulkRange(42)).toEqual({ start: 43, end: 52 });
  });

  it("moves on to the next ten after a creation", () => {
    expect(nextBulkRange(10)).toEqual({ start: 11, end: 20 });
  });

  it("pulls the end to start+9 only when it is empty or lower than the start", () => {
    expect(bulkEndForStart(5, null)).toBe(14);
    expect(bulkEndForStart(20, 10)).toBe(29);
    expect(bulkEndForStart(5, 30)).toBe(30);
    expect(bulkEndForStart(5, 5)).toBe(5);
    expect(bulkEndForStart(0, 8)).toBe(8);
  });

  it("counts the products of a range, 0 for a range that is not one", () => {
    expect(bulkProductCount(1, 10)).toBe(10);
    expect(bulkProductCount(7, 7)).toBe(1);
    expect(bulkProductCount(10, 1)).toBe(0);
    expect(bulkProductCount(null, 3)).toBe(0);
    expect(bulkProductCount(0, 3)).toBe(0);
    expect(bulkSubmitLabel(10)).toBe("Créer 10 produit(s)");
  });

  it("lists existing references with runs shortened", () => {
    expect(formatRefList([3, 1, 2, 7, 9, 10])).toBe("1 à 3, 7, 9, 10");
    expect(bulkProductMessages.existing([12, 13])).toBe(
      "Les produits avec les références suivantes existent déjà : 12, 13",
    );
    expect(bulkProductMessages.created(10)).toBe("10 produits créés avec succès");
  });

  it("always names every reference once, in order", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 40 }), (refs) => {
        const named = formatRefList(refs)
          .split(", ")
          .filter(Boolean)
          .flatMap((part) => {
            const [from, to] = part.split(" à ").map(Number);
            return to === undefined
              ? [from]
              : Array.from({ length: to - (from ?? 0) + 1 }, (_, i) => (from ?? 0) + i);
          });
        expect(named).toEqual([...new Set(refs)].sort((a, b) => a - b));
      }),
    );
  });
});

describe("a range as it is typed", () => {
  it("says an end before the start, or too many products, and nothing for a good range", () => {
    expect(bulkRangeMessage(10, 9)).toBe(bulkProductMessages.endBeforeStart);
    expect(bulkRangeMessage(1, BULK_PRODUCTS_MAX + 1)).toBe(bulkProductMessages.tooMany);
    expect(bulkRangeMessage(5, 5)).toBeUndefined();
    expect(bulkRangeMessage(1, BULK_PRODUCTS_MAX)).toBeUndefined();
  });
});

describe("bulk body", () => {
  const valid = { liveId: LIVE, name: "Robe", priceCents: 1500, colorId: COLOR, start: 1, end: 10 };

  it("accepts a complete range", () => {
    expect(bulkProductsInputSchema.parse(valid)).toEqual(valid);
  });

  it("gives each of the spec's messages", () => {
    expect(issues(bulkProductsInputSchema.safeParse({}))).toEqual([
      ["liveId", bulkProductMessages.liveRequired],
      ["name", bulkProductMessages.nameRequired],
      ["priceCents", bulkProductMessages.pricePositive],
      ["colorId", bulkProductMessages.colorRequired],
      ["start", bulkProductMessages.startInvalid],
      ["end", bulkProductMessages.endInvalid],
    ]);
    expect(
      issues(bulkProductsInputSchema.safeParse({ ...valid, priceCents: 0, start: 0, end: 1.5 })),
    ).toEqual([
      ["priceCents", bulkProductMessages.pricePositive],
      ["start", bulkProductMessages.startInvalid],
      ["end", bulkProductMessages.endInvalid],
    ]);
    expect(issues(bulkProductsInputSchema.safeParse({ ...valid, start: 10, end: 9 }))).toEqual([
      ["end", bulkProductMessages.endBeforeStart],
    ]);
    expect(bulkProductMessages.endBeforeStart).toBe(
      "L'index de fin doit être supérieur ou égal à l'index de début",
    );
  });

  it(`caps one submit at ${BULK_PRODUCTS_MAX} products`, () => {
    expect(bulkProductsInputSchema.safeParse({ ...valid, start: 1, end: 500 }).success).toBe(true);
    expect(issues(bulkProductsInputSchema.safeParse({ ...valid, start: 1, end: 501 }))).toEqual([
      ["end", bulkProductMessages.tooMany],
    ]);
  });

  it("turns the form's text into the body", () => {
    const form = { liveId: LIVE, name: " Robe ", price: "15", colorId: COLOR, start: "1", end: "10" };
    expect(bulkProductsFormSchema.parse(form)).toEqual(valid);
    expect(issues(bulkProductsFormSchema.safeParse({ ...form, price: "0", start: "a", end: "" }))).toEqual([
      ["price", bulkProductMessages.pricePositive],
      ["start", bulkProductMessages.startInvalid],
      ["end", bulkProductMessages.endInvalid],
    ]);
  });

  it("reads a price typed the French way, and refuses one it cannot read", () => {
    const form = { liveId: LIVE, name: "Robe", price: "12,5 €", colorId: COLOR, start: "1", end: "10" };
    expect(bulkProductsFormSchema.parse(form).priceCents).toBe(1250);
    expect(issues(bulkProductsFormSchema.safeParse({ ...form, price: "12,555" }))).toEqual([
      ["price", euroAmountMessages.tooPrecise],
    ]);
    expect(issues(bulkProductsFormSchema.safeParse({ ...form, price: "douze" }))).toEqual([
      ["price", euroAmountMessages.notANumber],
    ]);
  });
});
