import { createRateLimiter } from "../../http/rate-limiter";
import { createPaymentProvider } from "../../integrations/payments/create-payment-provider";
import { defineModule } from "../module";
import { findCustomerOrder } from "../orders";
import { createPaymentReviewRecorder } from "../payment-reviews";
import { paymentRoutes } from "./routes";
import { createPaymentService } from "./service";

export const paymentsModule = defineModule({
  name: "payments",
  prefix: "/api/payments",
  createService: ({ config, db, authSecret, mailer, log }) =>
    createPaymentService({
      db,
      provider: createPaymentProvider({ config, db, authSecret }),
      appUrl: config.appUrl,
      rateLimiter: createRateLimiter(db),
      rateLimits: config.paymentRateLimits,
      findCustomerOrder: (userId, orderId) =>
        findCustomerOrder(db, { userId, verifiedHandlesOnly: config.verifiedHandlesOnly }, orderId),
      recordPaymentToReview: createPaymentReviewRecorder({
        mailer,
        shop: { ...config.shop, appUrl: config.appUrl },
        onMailFailure: (error) =>
          log.error({ err: error }, "the shop was not mailed about a payment to review"),
      }),
    }),
  routes: paymentRoutes,
});
