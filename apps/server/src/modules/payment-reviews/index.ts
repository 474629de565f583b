import { createPaymentProvider } from "../../integrations/payments/create-payment-provider";
import { claimRules } from "../live-claims";
import { defineModule } from "../module";
import { paymentReviewRoutes } from "./routes";
import { createPaymentReviewService } from "./service";

export { createPaymentReviewRecorder, type RecordPaymentToReview } from "./record";

/** "Paiements à vérifier": payments the provider took that moved no order (decision 022). */
export const paymentReviewsModule = defineModule({
  name: "payment-reviews",
  prefix: "/api/admin/payment-reviews",
  createService: ({ config, db, authSecret, liveHub, jobs }) =>
    createPaymentReviewService({
      db,
      provider: createPaymentProvider({ config, db, authSecret }),
      claimRules: claimRules(config),
      liveHub,
      jobs,
    }),
  routes: paymentReviewRoutes,
});
