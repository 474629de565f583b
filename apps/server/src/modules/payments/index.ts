import { createRateLimiter } from "../../http/rate-limiter";
import { createPaymentProvider } from "../../integrations/payments/create-payment-provider";
import { findCustomerOrder } from "../customer-orders/queries";
import { defineModule } from "../module";
import { paymentRoutes } from "./routes";
import { createPaymentService } from "./service";

export const paymentsModule = defineModule({
  name: "payments",
  prefix: "/api/payments",
  createService: ({ config, db, authSecret }) =>
    createPaymentService({
      db,
      provider: createPaymentProvider({ config, db, authSecret }),
      appUrl: config.appUrl,
      rateLimiter: createRateLimiter(db),
      rateLimits: config.paymentRateLimits,
      findCustomerOrder: (userId, orderId) => findCustomerOrder(db, userId, orderId),
    }),
  routes: paymentRoutes,
});
