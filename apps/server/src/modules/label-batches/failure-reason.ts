import { labelFailureReasons } from "@vitrine/domain";
import { UNKNOWN_ZIP_CODE, type LabelProviderError } from "../../integrations/labels/label-provider";

/**
 * The carrier's refusal as staff can act on it. The provider's own message is for the log
 * (English, with HTTP details); Colissimo's `messageContent` is French already and says which
 * field it refused, so it is passed on after its code.
 */
export function labelFailureReason(error: LabelProviderError | undefined): string {
  if (!error) return labelFailureReasons.unknown;
  if (error.providerCode === UNKNOWN_ZIP_CODE) return labelFailureReasons.zipUnknown;
  if (error.message.includes("unreachable")) return labelFailureReasons.carrierUnreachable;
  const refused = /refused \(HTTP \d+\): (\S+)\s+(.+)$/s.exec(error.message);
  const detail = refused?.[2]?.trim();
  if (detail) return labelFailureReasons.carrierRefused(detail.slice(0, 300));
  return labelFailureReasons.unknown;
}
