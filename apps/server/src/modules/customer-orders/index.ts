import { defineModule } from "../module";
import { customerOrderRoutes } from "./routes";
import { createCustomerOrderService } from "./service";

export const customerOrdersModule = defineModule({
  name: "customer-orders",
  prefix: "/api/customer/orders",
  createService: ({ db, config }) =>
    createCustomerOrderService({ db, verifiedHandlesOnly: config.verifiedHandlesOnly }),
  routes: customerOrderRoutes,
});
