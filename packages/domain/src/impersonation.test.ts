import { describe, expect, it } from "vitest";
import { liveViewerPlaceholderEmail } from "./email";
import { impersonationMessages, impersonationRefusal } from "./impersonation";

describe("impersonation", () => {
  it("speaks the spec's French, word for word", () => {
    expect(impersonationMessages.confirm).toBe(
      "Vous allez être déconnecté de l'admin pour vous connecter en tant qu'utilisateur. Confirmez-vous ?",
    );
    expect(impersonationMessages.noEmail).toBe("Utilisateur sans email, impossible d'impersonifier.");
    expect(impersonationMessages.banner("Julie Martin")).toBe("Vous êtes connecté en tant que Julie Martin");
  });

  it("is for customers with a mailbox of their own, never for an administrator", () => {
    expect(impersonationRefusal({ isAdmin: false, email: "julie@example.com" })).toBeNull();
    expect(impersonationRefusal({ isAdmin: false, email: null })).toBe(impersonationMessages.noEmail);
    expect(impersonationRefusal({ isAdmin: false, email: liveViewerPlaceholderEmail("lea") })).toBe(
      impersonationMessages.noEmail,
    );
    expect(impersonationRefusal({ isAdmin: true, email: "boss@example.com" })).toBe(
      impersonationMessages.targetIsAdmin,
    );
  });
});
