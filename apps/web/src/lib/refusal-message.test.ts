import { handleProofMessages, httpMessages } from "@vitrine/domain";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { customerRefusalMessage, staffRefusalMessage } from "./refusal-message";

const fallback = "Erreur lors de la mise à jour de l'adresse de livraison";

describe("customerRefusalMessage", () => {
  it("gives the server's explanation of a conflict or of an order that is not hers", () => {
    const conflict = new ApiError(409, {
      code: "CONFLICT",
      message: "Cette commande ne peut plus être modifiée.",
    });
    expect(customerRefusalMessage(conflict, fallback)).toBe("Cette commande ne peut plus être modifiée.");
    const notFound = new ApiError(404, { code: "NOT_FOUND", message: "Commande introuvable" });
    expect(customerRefusalMessage(notFound, fallback)).toBe("Commande introuvable");
  });

  it("gives the server's words on too many tries", () => {
    const tooMany = new ApiError(429, { code: "RATE_LIMITED", message: "Trop de demandes de paiement." });
    expect(customerRefusalMessage(tooMany, fallback)).toBe("Trop de demandes de paiement.");
  });

  it("gives the server's words when a change waits for her handle's proof, the code to comment with them", () => {
    const message = handleProofMessages.changeNeedsProof("VT-7K3QX");
    const unproven = new ApiError(403, { code: "HANDLE_NOT_PROVEN", message });
    expect(customerRefusalMessage(unproven, fallback)).toBe(message);
    // Any other refusal of access keeps the screen's message.
    const forbidden = new ApiError(403, {
      code: "FORBIDDEN",
      message: "Vous n'avez pas accès à cette ressource.",
    });
    expect(customerRefusalMessage(forbidden, fallback)).toBe(fallback);
  });

  it("keeps the screen's message for anything else, a refused input included", () => {
    const invalid = new ApiError(400, { code: "VALIDATION_FAILED", message: "Données invalides" });
    expect(customerRefusalMessage(invalid, fallback)).toBe(fallback);
    expect(customerRefusalMessage(new ApiError(500, { code: "INTERNAL", message: "boom" }), fallback)).toBe(
      fallback,
    );
    expect(customerRefusalMessage(new TypeError("Failed to fetch"), fallback)).toBe(fallback);
  });
});

describe("staffRefusalMessage", () => {
  it("gives the server's reason for every refusal, a refused input included", () => {
    const sold = new ApiError(409, {
      code: "CONFLICT",
      message: "Ce produit a déjà été vendu dans ce live.",
    });
    expect(staffRefusalMessage(sold, fallback)).toBe("Ce produit a déjà été vendu dans ce live.");
    const invalid = new ApiError(400, { code: "VALIDATION_FAILED", message: "Référence invalide" });
    expect(staffRefusalMessage(invalid, fallback)).toBe("Référence invalide");
  });

  it("keeps the screen's message when the server or the network failed", () => {
    expect(staffRefusalMessage(new ApiError(500, { code: "INTERNAL", message: "boom" }), fallback)).toBe(
      fallback,
    );
    expect(
      staffRefusalMessage(new ApiError(502, { code: "PAYMENT_PROVIDER_FAILED", message: "down" }), fallback),
    ).toBe(fallback);
    expect(staffRefusalMessage(new TypeError("Failed to fetch"), fallback)).toBe(fallback);
  });

  it("says the database was out of reach and nothing was written, in the server's words", () => {
    const unreachable = new ApiError(503, {
      code: "DATABASE_UNREACHABLE",
      message: httpMessages.databaseUnreachable,
    });
    expect(staffRefusalMessage(unreachable, fallback)).toBe(
      "La base de données est injoignable : action non enregistrée, réessayez.",
    );
  });
});
