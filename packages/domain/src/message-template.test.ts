import { describe, expect, it } from "vitest";
import "./zod-french";
import {
  availableTemplateTypes,
  messageTemplateInputSchema,
  MESSAGE_TEMPLATE_TYPES,
  messageTemplateMessages,
  templateTestRequestSchema,
} from "./message-template";
import { ORDER_STATUSES } from "./order-status";

describe("availableTemplateTypes", () => {
  it("offers every order status, then the claim notices, when no template exists", () => {
    expect(availableTemplateTypes([])).toEqual([
      ...ORDER_STATUSES,
      "claim-reserved",
      "claim-reminder",
      "claim-expired",
      "claim-handed-over",
    ]);
  });

  it("leaves out the types that already have a template", () => {
    expect(availableTemplateTypes(["to-pay", "shipped"])).not.toContain("to-pay");
    expect(availableTemplateTypes(["to-pay", "shipped"])).toHaveLength(MESSAGE_TEMPLATE_TYPES.length - 2);
  });

  it("keeps the edited template's own type, in the statuses' order", () => {
    const types = availableTemplateTypes(["to-pay", "shipped"], "shipped");
    expect(types).toContain("shipped");
    expect(types).not.toContain("to-pay");
    expect(types.indexOf("shipped")).toBeLessThan(types.indexOf("delivered"));
  });
});

describe("messageTemplateInputSchema", () => {
  const valid = { type: "to-pay", title: "Votre commande est à régler", body: "<p>Bonjour</p>" };
  const messageOf = (input: unknown) => messageTemplateInputSchema.safeParse(input).error?.issues[0]?.message;

  it("accepts a template of an order status", () => {
    expect(messageTemplateInputSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    { ...valid, type: "" },
    { ...valid, title: "  " },
    { ...valid, body: "<p></p>" },
  ])("asks to fill every field: %j", (input) => {
    expect(messageOf(input)).toBe(messageTemplateMessages.required);
  });

  it("refuses a type that is not an order status", () => {
    expect(messageOf({ ...valid, type: "in-delivery" })).toBe("Le type doit être un statut de commande");
  });
});

describe("templateTestRequestSchema", () => {
  it("needs an address with an @", () => {
    expect(
      templateTestRequestSchema.safeParse({ email: "julie.example.com" }).error?.issues[0]?.message,
    ).toBe("Veuillez saisir une adresse email valide");
    expect(templateTestRequestSchema.parse({ email: " Julie@Example.com " })).toEqual({
      email: "julie@example.com",
    });
  });
});
