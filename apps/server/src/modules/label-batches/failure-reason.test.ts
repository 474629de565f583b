import { labelFailureReasons } from "@vitrine/domain";
import { describe, expect, it } from "vitest";
import { LabelProviderError, UNKNOWN_ZIP_CODE } from "../../integrations/labels/label-provider";
import { labelFailureReason } from "./failure-reason";

describe("the carrier's refusal as staff read it", () => {
  it("says which postal code the local provider does not know", () => {
    expect(labelFailureReason(new LabelProviderError("unknown postal code 00000", UNKNOWN_ZIP_CODE))).toBe(
      labelFailureReasons.zipUnknown,
    );
  });

  it("passes on Colissimo's own French message, without its code or HTTP details", () => {
    const error = new LabelProviderError(
      "Colissimo generateLabel refused (HTTP 400): 30109 Le code postal du destinataire est invalide",
      "30109",
    );
    expect(labelFailureReason(error)).toBe(
      "Refusée par Colissimo : Le code postal du destinataire est invalide",
    );
  });

  it("asks to try again later when the carrier cannot be reached", () => {
    expect(labelFailureReason(new LabelProviderError("Colissimo generateLabel unreachable: timeout"))).toBe(
      labelFailureReasons.carrierUnreachable,
    );
    expect(labelFailureReason(undefined)).toBe(labelFailureReasons.unknown);
  });
});
