import { authMessages, emailMessages, tiktokUsernameMessages } from "@vitrine/domain";
import { describe, expect, it } from "vitest";
import { signupResolver, type SignupFormValues } from "./signup-resolver";

function resolve(values: Partial<SignupFormValues>) {
  return signupResolver(
    {
      tiktokUsername: "",
      tiktokUsernameConfirmation: "",
      email: "",
      emailConfirmation: "",
      acceptTerms: true,
      ...values,
    },
    undefined,
    { fields: {}, shouldUseNativeValidation: false },
  );
}

describe("signupResolver", () => {
  it("reports mismatched confirmations while other fields are still unfinished", async () => {
    const { errors } = await resolve({
      tiktokUsername: "@julie.mode",
      tiktokUsernameConfirmation: "julie.autre",
      email: "julie@example.com",
      emailConfirmation: "julia@example.com",
      acceptTerms: undefined,
    });
    expect(errors.tiktokUsernameConfirmation?.message).toBe(tiktokUsernameMessages.mismatch);
    expect(errors.emailConfirmation?.message).toBe(emailMessages.mismatch);
    expect(errors.acceptTerms?.message).toBe(authMessages.termsRequired);
  });

  it("uses the domain's handle rules for the handle field", async () => {
    const { errors } = await resolve({ tiktokUsername: "ju@lie" });
    expect(errors.tiktokUsername?.message).toBe(tiktokUsernameMessages.atSignNotFirst);
  });

  it("returns the normalized values once everything is valid", async () => {
    const result = await resolve({
      tiktokUsername: " @Julie.Mode ",
      tiktokUsernameConfirmation: "julie.mode",
      email: "Julie@Example.com",
      emailConfirmation: "julie@example.com ",
    });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ tiktokUsername: "julie.mode", email: "julie@example.com" });
  });
});
