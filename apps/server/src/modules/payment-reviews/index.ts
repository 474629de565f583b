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
  createService: ({ config, db, authSecret, liveHub, jobs, log }) =>
    createPaymentReviewService({
      db,
      provider: createPaymentProvider({ config, db, authSecret }),
      claimRules: claimRules(config),
      liveHub,
      jobs,
      log,
    }),
  routes: paymentReviewRoutes,
  // Refunds a stopped instance left in flight are checked again here.
  start: async (service, { log }) => {
    const resumed = await service.resumeRefundChecks().catch((error: unknown) => {
      log.warn({ err: error }, "the refunds of payments to review in flight could not be checked again");
      return 0;
    });
    if (resumed > 0) log.info({ resumed }, "refunds of payments to review checked again");
  },
});
