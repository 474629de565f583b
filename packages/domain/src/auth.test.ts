import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import {
  adminSignInSchema,
  authMessages,
  magicLinkRequestSchema,
  safeReturnPath,
  signupSchema,
} from "./auth";

const validSignup = {
  tiktokUsername: "julie.mode",
  tiktokUsernameConfirmation: "julie.mode",
  email: "julie@example.com",
  emailConfirmation: "julie@example.com",
  acceptTerms: true,
};

/** The first message for each field, as the form shows it. */
function fieldErrors(result: z.core.util.SafeParseResult<unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? "_");
    fields[field] ??= issue.message;
  }
  return fields;
}

describe("signupSchema", () => {
  it("accepts a valid sign-up and normalizes the handle and the e-mail", () => {
    const result = signupSchema.safeParse({
      ...validSignup,
      tiktokUsername: "  @Julie.Mode ",
      tiktokUsernameConfirmation: "julie.MODE",
      email: "  Julie@Example.COM ",
      emailConfirmation: "julie@example.com",
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      tiktokUsername: "julie.mode",
      email: "julie@example.com",
      acceptTerms: true,
    });
  });

  it("refuses a different handle confirmation with the spec's message", () => {
    const result = signupSchema.safeParse({ ...validSignup, tiktokUsernameConfirmation: "julia.mode" });
    expect(fieldErrors(result)).toEqual({
      tiktokUsernameConfirmation: "Les pseudos TikTok ne correspondent pas",
    });
  });

  it("refuses a different e-mail confirmation with the spec's message", () => {
    const result = signupSchema.safeParse({ ...validSignup, emailConfirmation: "julia@example.com" });
    expect(fieldErrors(result)).toEqual({ emailConfirmation: "Les emails ne correspondent pas" });
  });

  it("compares confirmations after normalization", () => {
    const result = signupSchema.safeParse({
      ...validSignup,
      tiktokUsernameConfirmation: " @JULIE.mode ",
      emailConfirmation: " JULIE@example.com",
    });
    expect(result.success).toBe(true);
  });

  it.each(["", "   ", "@"])("asks for the handle when it is empty (%j)", (handle) => {
    const result = signupSchema.safeParse({
      ...validSignup,
      tiktokUsername: handle,
      tiktokUsernameConfirmation: handle,
    });
    expect(fieldErrors(result).tiktokUsername).toBe("Veuillez saisir votre pseudo TikTok");
  });

  it("asks for the handle when it is missing", () => {
    const { tiktokUsername: _omitted, ...withoutHandle } = validSignup;
    expect(fieldErrors(signupSchema.safeParse(withoutHandle)).tiktokUsername).toBe(
      "Veuillez saisir votre pseudo TikTok",
    );
  });

  it("gives the handle's format message", () => {
    const result = signupSchema.safeParse({
      ...validSignup,
      tiktokUsername: "ju-lie",
      tiktokUsernameConfirmation: "ju-lie",
    });
    expect(fieldErrors(result).tiktokUsername).toBe(
      "Le pseudo TikTok ne doit contenir que des lettres, chiffres, points ou underscore",
    );
  });

  it.each([false, undefined, "true", 1])("requires the terms to be accepted (%j)", (acceptTerms) => {
    const result = signupSchema.safeParse({ ...validSignup, acceptTerms });
    expect(fieldErrors(result)).toEqual({
      acceptTerms: "Vous devez accepter les conditions générales de vente",
    });
    expect(authMessages.termsRequired).toBe("Vous devez accepter les conditions générales de vente");
  });

  it("refuses an invalid e-mail", () => {
    const result = signupSchema.safeParse({ ...validSignup, email: "julie", emailConfirmation: "julie" });
    expect(fieldErrors(result).email).toBe("Veuillez saisir une adresse email valide");
  });
});

describe("magicLinkRequestSchema", () => {
  it.each(["", "   "])("requires the e-mail (%j)", (email) => {
    expect(fieldErrors(magicLinkRequestSchema.safeParse({ email }))).toEqual({ email: "L'email est requis" });
  });

  it("requires the e-mail when absent", () => {
    expect(fieldErrors(magicLinkRequestSchema.safeParse({}))).toEqual({ email: "L'email est requis" });
  });

  it("normalizes the e-mail", () => {
    expect(magicLinkRequestSchema.parse({ email: " Marie@Example.FR " })).toEqual({
      email: "marie@example.fr",
    });
  });

  it("refuses a malformed e-mail", () => {
    expect(fieldErrors(magicLinkRequestSchema.safeParse({ email: "marie@" }))).toEqual({
      email: "Veuillez saisir une adresse email valide",
    });
  });
});

describe("adminSignInSchema", () => {
  it.each([{ password: "" }, {}])("requires the password (%j)", (password) => {
    const result = adminSignInSchema.safeParse({ email: "admin@example.com", ...password });
    expect(fieldErrors(result)).toEqual({ password: "Le mot de passe est requis" });
  });

  it("requires the e-mail", () => {
    const result = adminSignInSchema.safeParse({ email: "", password: "secret-password" });
    expect(fieldErrors(result)).toEqual({ email: "L'email est requis" });
  });

  it("keeps the password as typed and normalizes the e-mail", () => {
    expect(adminSignInSchema.parse({ email: "Admin@Example.com ", password: " Pass word " })).toEqual({
      email: "admin@example.com",
      password: " Pass word ",
    });
  });
});

describe("safeReturnPath", () => {
  it("keeps a page of the customer's area, with its query", () => {
    expect(safeReturnPath("/customer/order/9b2f")).toBe("/customer/order/9b2f");
    expect(safeReturnPath("/customer")).toBe("/customer");
    expect(safeReturnPath("/customer/orders?page=2")).toBe("/customer/orders?page=2");
    expect(safeReturnPath("/payment/9b2f")).toBe("/payment/9b2f");
  });

  it("refuses another site, however it is written", () => {
    for (const raw of [
      "https://evil.example/customer",
      "//evil.example/customer",
      "/\\evil.example",
      "/customer\\..\\..\\evil",
      "javascript:alert(1)",
      "/customer/\u0000x",
      "customer/orders",
    ]) {
      expect(safeReturnPath(raw)).toBeNull();
    }
  });

  it("refuses pages outside the customer's area and the sign-in pages themselves", () => {
    expect(safeReturnPath("/login")).toBeNull();
    expect(safeReturnPath("/auth/verify?token=x")).toBeNull();
    expect(safeReturnPath("/admin/users")).toBeNull();
    expect(safeReturnPath("/customers-evil")).toBeNull();
    expect(safeReturnPath("")).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(`/customer/${"a".repeat(600)}`)).toBeNull();
  });

  it("refuses dot segments, written or encoded: the page they lead to is not the one read", () => {
    expect(safeReturnPath("/customer/../admin")).toBeNull();
    expect(safeReturnPath("/customer/%2E%2E/admin")).toBeNull();
    expect(safeReturnPath("/customer/./orders")).toBeNull();
    expect(safeReturnPath("/customer//evil.example")).toBeNull();
  });
});
