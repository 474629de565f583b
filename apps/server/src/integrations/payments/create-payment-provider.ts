import type { AppConfig } from "../../config";
import type { Queryable } from "../../db/client";
import { createLyraProvider } from "./lyra-provider";
import type { PaymentProvider } from "./payment-provider";
import { createSimulatorProvider, simulatorKeys } from "./simulator-provider";

/** The provider PAYMENT_PROVIDER names. */
export function createPaymentProvider({
  config,
  db,
  authSecret,
}: {
  config: AppConfig;
  db: Queryable;
  authSecret: string;
}): PaymentProvider {
  if (config.paymentProvider === "lyra") {
    if (!config.lyra) throw new Error("PAYMENT_PROVIDER=lyra without its settings");
    return createLyraProvider(config.lyra);
  }
  return createSimulatorProvider({ db, keys: simulatorKeys(authSecret) });
}
