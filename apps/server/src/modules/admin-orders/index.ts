import { defineModule } from "../module";
import { adminOrderRoutes } from "./routes";
import { createAdminOrderService } from "./service";

export { fetchOrderList, orderListStatements, type OrderExportRow } from "./queries";

export const adminOrdersModule = defineModule({
  name: "admin-orders",
  prefix: "/api/admin/orders",
  createService: createAdminOrderService,
  routes: adminOrderRoutes,
});
