import { createPaymentProvider } from "../../integrations/payments/create-payment-provider";
import { defineModule } from "../module";
import { adminOrderDetailRoutes } from "./routes";
import { createAdminOrderDetailService } from "./service";

export const adminOrderDetailModule = defineModule({
  name: "admin-order-detail",
  prefix: "/api/admin/orders/:id",
  createService: ({ config, db, authSecret }) =>
    createAdminOrderDetailService({ db, provider: createPaymentProvider({ config, db, authSecret }) }),
  routes: adminOrderDetailRoutes,
});
