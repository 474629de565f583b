import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { refusalMessage } from "./server-message";

describe("refusalMessage", () => {
  const fallback = "Erreur lors de la mise à jour de l'adresse de livraison";

  it("gives the server's explanation of a conflict or of an order that is not hers", () => {
    const conflict = new ApiError(409, {
      code: "CONFLICT",
      message: "Cette commande ne peut plus être modifiée.",
    });
    expect(refusalMessage(conflict, fallback)).toBe("Cette commande ne peut plus être modifiée.");
    const notFound = new ApiError(404, { code: "NOT_FOUND", message: "Commande introuvable" });
    expect(refusalMessage(notFound, fallback)).toBe("Commande introuvable");
  });

  it("gives the server's words on too many tries", () => {
    const tooMany = new ApiError(429, { code: "RATE_LIMITED", message: "Trop de demandes de paiement." });
    expect(refusalMessage(tooMany, fallback)).toBe("Trop de demandes de paiement.");
  });

  it("keeps the screen's message for anything else", () => {
    expect(refusalMessage(new ApiError(500, { code: "INTERNAL", message: "boom" }), fallback)).toBe(fallback);
    expect(refusalMessage(new TypeError("Failed to fetch"), fallback)).toBe(fallback);
  });
});
