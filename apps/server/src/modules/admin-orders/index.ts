import { createPaymentProvider } from "../../integrations/payments/create-payment-provider";
import { defineModule } from "../module";
import { adminOrderRoutes } from "./routes";
import { createAdminOrderService } from "./service";

export { fetchOrderList, orderListStatements, type OrderExportRow } from "./queries";

export const adminOrdersModule = defineModule({
  name: "admin-orders",
  prefix: "/api/admin/orders",
  createService: ({ config, db, authSecret }) =>
    createAdminOrderService({ db, provider: createPaymentProvider({ config, db, authSecret }) }),
  routes: adminOrderRoutes,
});
