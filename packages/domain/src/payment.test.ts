import { describe, expect, it } from "vitest";
import {
  cardDigits,
  cardExpiryError,
  cardFormMessages,
  cardNumberError,
  formatCardNumber,
  LYRA_TEST_CARDS,
  paymentMessages,
  securityCodeError,
} from "./payment";

describe("payment messages", () => {
  it("are the spec's French messages, word for word", () => {
    expect(paymentMessages).toMatchObject({
      paymentUrlFailed: "Impossible d'obtenir l'URL de paiement",
      tokenFailed: "Impossible de générer le token de paiement",
      invalidPaymentUrl: "URL de paiement invalide",
      processFailed: "Impossible de traiter le paiement",
      initFailed: "Impossible d'initialiser le paiement. Veuillez réessayer.",
      processingError: "Erreur lors du traitement du paiement. Veuillez réessayer.",
      failed: "Échec du paiement",
      statusUpdateFailed: "Impossible de mettre à jour le statut de paiement",
      succeededToast: "Paiement effectué avec succès",
      succeeded: "Paiement réussi !",
    });
  });
});

describe("the card number", () => {
  it("accepts Lyra's test cards and other numbers passing the Luhn check, typed with spaces or dashes", () => {
    expect(cardNumberError(LYRA_TEST_CARDS.accepted)).toBeNull();
    expect(cardNumberError(LYRA_TEST_CARDS.refused)).toBeNull();
    expect(cardNumberError("4970 1000 0000 0055")).toBeNull();
    expect(cardNumberError("4970-1000-0000-0055")).toBeNull();
    expect(cardNumberError("4111111111111111")).toBeNull();
    expect(cardNumberError("378282246310005")).toBeNull();
  });

  it("refuses a number failing the Luhn check", () => {
    expect(cardNumberError("4970100000000056")).toBe(cardFormMessages.cardNumberInvalid);
    expect(cardNumberError("4111111111111112")).toBe(cardFormMessages.cardNumberInvalid);
  });

  it("refuses letters and numbers shorter than 12 or longer than 19 digits", () => {
    expect(cardNumberError("4970abcd00000055")).toBe(cardFormMessages.cardNumberInvalid);
    expect(cardNumberError("00000000000")).toBe(cardFormMessages.cardNumberInvalid);
    expect(cardNumberError("000000000000")).toBeNull();
    expect(cardNumberError("0".repeat(19))).toBeNull();
    expect(cardNumberError("0".repeat(20))).toBe(cardFormMessages.cardNumberInvalid);
  });

  it("asks for a missing number", () => {
    expect(cardNumberError("")).toBe("Le numéro de carte est obligatoire");
    expect(cardNumberError("  ")).toBe(cardFormMessages.cardNumberRequired);
  });

  it("is shown in groups of four, digits only, 19 at most", () => {
    expect(cardDigits("4970 1000-0000 0055")).toBe("4970100000000055");
    expect(formatCardNumber("4970100000000055")).toBe("4970 1000 0000 0055");
    expect(formatCardNumber("49701")).toBe("4970 1");
    expect(formatCardNumber("4970a100")).toBe("4970 100");
    expect(formatCardNumber("1".repeat(25))).toBe("1111 1111 1111 1111 111");
  });
});

describe("the expiry date", () => {
  const may2026 = new Date("2026-05-15T12:00:00Z");

  it("keeps a card valid until the end of its month", () => {
    expect(cardExpiryError("05/26", may2026)).toBeNull();
    expect(cardExpiryError("12/26", may2026)).toBeNull();
    expect(cardExpiryError("01/31", may2026)).toBeNull();
    expect(cardExpiryError(" 06 / 26 ", may2026)).toBeNull();
  });

  it("refuses an expired card", () => {
    expect(cardExpiryError("04/26", may2026)).toBe("La carte est expirée");
    expect(cardExpiryError("12/25", may2026)).toBe(cardFormMessages.expiryPast);
  });

  it("wants MM/AA with a real month", () => {
    for (const text of ["13/26", "00/26", "5/26", "05/2026", "0526", "ab/cd"]) {
      expect(cardExpiryError(text, may2026)).toBe("La date d'expiration doit être au format MM/AA");
    }
  });

  it("asks for a missing date", () => {
    expect(cardExpiryError("", may2026)).toBe("La date d'expiration est obligatoire");
  });
});

describe("the security code", () => {
  it("takes 3 or 4 digits", () => {
    expect(securityCodeError("123")).toBeNull();
    expect(securityCodeError(" 1234 ")).toBeNull();
    for (const code of ["12", "12345", "12a", "1 23"]) {
      expect(securityCodeError(code)).toBe("Le cryptogramme doit contenir 3 ou 4 chiffres");
    }
  });

  it("asks for a missing code", () => {
    expect(securityCodeError("")).toBe("Le cryptogramme est obligatoire");
  });
});
