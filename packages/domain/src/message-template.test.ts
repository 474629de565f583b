import { describe, expect, it } from "vitest";
import "./zod-french";
import {
  availableTemplateTypes,
  fillTemplatePlaceholders,
  MESSAGE_TEMPLATE_PLACEHOLDERS,
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

describe("fillTemplatePlaceholders", () => {
  const values = {
    numero_commande: "HF-12-3",
    suivi: "6A123",
    lien_suivi: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A123",
    prenom: "Léa",
  };

  it("writes each placeholder's value, as many times as it comes, and leaves unknown ones", () => {
    expect(
      fillTemplatePlaceholders(
        "Bonjour {{prenom}}, commande {{numero_commande}} ({{suivi}}, {{ suivi }}) {{autre}}",
        values,
      ),
    ).toBe("Bonjour Léa, commande HF-12-3 (6A123, 6A123) {{autre}}");
  });

  it("encodes the values only (a body's HTML escaping), never the template", () => {
    expect(
      fillTemplatePlaceholders("<p>{{prenom}}</p>", { ...values, prenom: "<b>Zoé</b>" }, (v) =>
        v.replace(/</g, "&lt;").replace(/>/g, "&gt;"),
      ),
    ).toBe("<p>&lt;b&gt;Zoé&lt;/b&gt;</p>");
  });

  it("drops an empty value with the space before it", () => {
    expect(fillTemplatePlaceholders("<p>Bonjour {{prenom}},</p>", { ...values, prenom: "" })).toBe(
      "<p>Bonjour,</p>",
    );
  });

  it("names every placeholder for the editor", () => {
    expect(Object.keys(MESSAGE_TEMPLATE_PLACEHOLDERS).map((name) => `{{${name}}}`)).toEqual([
      "{{numero_commande}}",
      "{{suivi}}",
      "{{lien_suivi}}",
      "{{prenom}}",
    ]);
  });
});
