import { defineModule } from "../module";
import { adminOrderDetailRoutes } from "./routes";
import { createAdminOrderDetailService } from "./service";

export const adminOrderDetailModule = defineModule({
  name: "admin-order-detail",
  prefix: "/api/admin/orders/:id",
  createService: createAdminOrderDetailService,
  routes: adminOrderDetailRoutes,
});
