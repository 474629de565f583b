import { describe, expect, it } from "vitest";
import { euroAmountMessages } from "./money";
import { productFormSchema, productInputFromForm, productInputSchema, productMessages } from "./product";

const LIVE = "5f0c6d2e-8a4b-4c1d-9e2f-3a4b5c6d7e8f";
const COLOR = "0b7c9a52-3f6e-4d21-8c4a-6e2f1d3b9a70";
const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("product body", () => {
  const valid = { liveId: LIVE, name: "Robe fleurie", ref: 12, priceCents: 1250, size: "M", colorId: COLOR };

  it("accepts a complete product and leaves size and colour optional", () => {
    expect(productInputSchema.parse(valid)).toEqual(valid);
    expect(productInputSchema.parse({ ...valid, size: " ", colorId: null })).toMatchObject({
      size: null,
      colorId: null,
    });
    expect(productInputSchema.parse({ liveId: LIVE, name: "Jean", ref: 1, priceCents: 0 })).toMatchObject({
      size: null,
      colorId: null,
    });
  });

  it("asks for every required field with the spec's message", () => {
    expect(issues(productInputSchema.safeParse({ name: " " }))).toEqual([
      ["liveId", productMessages.required],
      ["name", productMessages.required],
      ["ref", productMessages.required],
      ["priceCents", productMessages.required],
    ]);
    expect(productMessages.required).toBe("Veuillez remplir tous les champs obligatoires");
  });

  it("keeps prices in whole, non-negative cents and references whole and positive", () => {
    expect(issues(productInputSchema.safeParse({ ...valid, priceCents: -1 }))).toEqual([
      ["priceCents", productMessages.priceNegative],
    ]);
    expect(issues(productInputSchema.safeParse({ ...valid, priceCents: 12.5 }))).toEqual([
      ["priceCents", productMessages.priceNotCents],
    ]);
    expect(issues(productInputSchema.safeParse({ ...valid, priceCents: "1250" }))[0]?.[0]).toBe("priceCents");
    expect(issues(productInputSchema.safeParse({ ...valid, ref: 0 }))).toEqual([
      ["ref", productMessages.refInvalid],
    ]);
    expect(issues(productInputSchema.safeParse({ ...valid, ref: 1.5 }))).toEqual([
      ["ref", productMessages.refInvalid],
    ]);
    expect(issues(productInputSchema.safeParse({ ...valid, ref: 1_000_000 }))).toEqual([
      ["ref", productMessages.refTooLarge],
    ]);
  });

  it("refuses markup and over-long texts", () => {
    expect(issues(productInputSchema.safeParse({ ...valid, name: "<img src=x onerror=alert(1)>" }))).toEqual([
      ["name", "Le nom ne doit pas contenir les caractères < ou >."],
    ]);
    expect(issues(productInputSchema.safeParse({ ...valid, size: "x".repeat(31) }))).toEqual([
      ["size", "La taille doit contenir au plus 30 caractères."],
    ]);
  });
});

describe("product form", () => {
  const filled = { liveId: LIVE, name: "Robe", ref: "12", price: "12,50", size: "", colorId: "" };

  it("turns the typed fields into the API body, price in cents", () => {
    expect(productInputFromForm(productFormSchema.parse(filled))).toEqual({
      liveId: LIVE,
      name: "Robe",
      ref: 12,
      priceCents: 1250,
      size: null,
      colorId: null,
    });
  });

  it.each([
    ["9,90", 990],
    ["9.90", 990],
    ["9,9", 990],
    ["10", 1000],
    ["1\u202f234,50\u00a0€", 123450],
  ])("reads the price %j as %i cents", (price, cents) => {
    expect(productFormSchema.parse({ ...filled, price }).price).toBe(cents);
  });

  it("shows the spec's message on each empty required field", () => {
    expect(
      issues(productFormSchema.safeParse({ ...filled, liveId: "", name: "", ref: "", price: "" })),
    ).toEqual([
      ["liveId", productMessages.required],
      ["name", productMessages.required],
      ["ref", productMessages.required],
      ["price", productMessages.required],
    ]);
  });

  it("explains a price or a reference that cannot be one", () => {
    expect(issues(productFormSchema.safeParse({ ...filled, price: "12,555" }))).toEqual([
      ["price", euroAmountMessages.tooPrecise],
    ]);
    expect(issues(productFormSchema.safeParse({ ...filled, price: "-2" }))).toEqual([
      ["price", euroAmountMessages.negative],
    ]);
    expect(issues(productFormSchema.safeParse({ ...filled, ref: "12.5" }))).toEqual([
      ["ref", productMessages.refInvalid],
    ]);
    expect(issues(productFormSchema.safeParse({ ...filled, ref: "0" }))).toEqual([
      ["ref", productMessages.refInvalid],
    ]);
  });
});
