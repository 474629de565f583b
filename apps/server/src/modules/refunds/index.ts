import { createPaymentProvider } from "../../integrations/payments/create-payment-provider";
import { defineModule } from "../module";
import { refundRoutes } from "./routes";
import { createRefundCheckService } from "./service";

/*
 * Refunds: money given back on an order through the payment provider, written once for every
 * caller (a cancelled paid order, a combined parcel's fee). A refund is committed before the
 * provider is called and settled after (decision 034); the module's only route-side work is the
 * job that reads back a refund whose answer never came. Staff's status changes go through
 * `changeOrderStatus`, which refunds a paid order it cancels.
 */
export {
  makeRefund,
  readRefundBack,
  refundCheckDelayMs,
  refundOrderPayment,
  requestRefund,
  type RefundIntent,
  type RefundOrderRequest,
  type RefundOutcome,
} from "./refund";
export {
  changeOrderStatus,
  changeOrderStatusOrThrow,
  listOrderRefunds,
  type StatusChange,
  type StatusChangeOutcome,
} from "./cancel";

export const refundsModule = defineModule({
  name: "refunds",
  // No routes: the prefix only keeps the modules' addresses apart.
  prefix: "/api/admin/refunds",
  createService: ({ config, db, authSecret, jobs, log }) =>
    createRefundCheckService({ db, jobs, log, provider: createPaymentProvider({ config, db, authSecret }) }),
  routes: refundRoutes,
  // The refunds left in flight by a stopped instance get their check again.
  start: async (service, { log }) => {
    const resumed = await service.resumeChecks().catch((error: unknown) => {
      log.warn({ err: error }, "the refunds in flight could not be checked again");
      return 0;
    });
    if (resumed > 0) log.info({ resumed }, "refunds in flight checked again");
  },
});
