import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emailSchema } from "./email";
import "./zod-french";

// The domain's schemas are zod/mini, the server's own (config, health) classic zod: one map for both.
const messagesOf = (schema: z.core.$ZodType, input: unknown) =>
  z.safeParse(schema, input).error?.issues.map((issue) => issue.message) ?? [];

const ENGLISH = /invalid input|expected|received|too (big|small)|must|should|unrecognized/i;

describe("French validation messages", () => {
  const body = z.object({
    token: z.string().min(1).max(5),
    count: z.number().int().min(0).max(10),
    ok: z.boolean(),
    kind: z.enum(["a", "b"]),
    nested: z.object({ id: z.uuid() }),
    tags: z.array(z.string()).max(1),
  });

  it("names the field and says what is wrong, in French, for each kind of mistake", () => {
    expect(
      messagesOf(body, { token: 3, count: 1.5, ok: "yes", kind: "c", nested: { id: "x" }, tags: ["a", "b"] }),
    ).toEqual([
      "Le champ « token » doit être un texte (reçu : un nombre).",
      "Le champ « count » doit être un nombre entier (reçu : un nombre).",
      "Le champ « ok » doit être un booléen (true ou false) (reçu : un texte).",
      "Le champ « kind » doit valoir « a » ou « b ».",
      "Le champ « nested.id » doit être un identifiant (UUID) valide.",
      "Le champ « tags » doit contenir au plus 1 élément.",
    ]);
    expect(messagesOf(body.shape.token, "")).toEqual(["La requête ne doit pas être vide."]);
    expect(
      messagesOf(body, {
        token: "toolong",
        count: 11,
        ok: true,
        kind: "a",
        nested: { id: "5f0c6d2e-8a4b-4c1d-9e2f-3a4b5c6d7e8f" },
        tags: [],
      }),
    ).toEqual([
      "Le champ « token » doit contenir au plus 5 caractères.",
      "Le champ « count » doit être inférieur ou égal à 10.",
    ]);
    expect(messagesOf(z.object({ count: z.number().min(1) }), { count: 0 })).toEqual([
      "Le champ « count » doit être supérieur ou égal à 1.",
    ]);
  });

  it("asks for a missing field and for a JSON object body", () => {
    expect(messagesOf(z.object({ email: z.string() }), {})).toEqual(["Le champ « email » est requis."]);
    expect(messagesOf(body, "a string")).toEqual(["Le corps de la requête doit être un objet JSON."]);
    expect(messagesOf(z.strictObject({ a: z.string() }), { a: "x", b: 1, c: 2 })).toEqual([
      "Champs non reconnus : b, c.",
    ]);
  });

  it("never answers in English, whatever the input", () => {
    const inputs = [null, 1, "x", [], {}, { token: null }, { token: "x".repeat(100) }, { count: -1 }, true];
    for (const input of inputs) {
      for (const message of messagesOf(body, input)) expect(message).not.toMatch(ENGLISH);
    }
  });

  it("keeps the messages written on a schema (the spec's texts)", () => {
    expect(messagesOf(emailSchema, "not-an-email")).toEqual(["Veuillez saisir une adresse email valide"]);
    expect(messagesOf(emailSchema, 42)).toEqual(["L'email est requis"]);
  });
});
