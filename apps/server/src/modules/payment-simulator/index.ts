import { createCardSimulator } from "../../integrations/payments/card-simulator";
import { simulatorKeys } from "../../integrations/payments/simulator-provider";
import { defineModule } from "../module";
import { paymentSimulatorRoutes } from "./routes";

/** The bank side of the default payment provider; absent when the shop uses Lyra, and in production. */
export const paymentSimulatorModule = defineModule({
  name: "payment-simulator",
  prefix: "/api/payment-simulator",
  isEnabled: (config) => config.paymentProvider === "simulator" && !config.isProduction,
  createService: ({ db, authSecret }) => createCardSimulator({ db, keys: simulatorKeys(authSecret) }),
  routes: paymentSimulatorRoutes,
});
