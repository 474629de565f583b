import { defineModule } from "../module";
import { customerPushRoutes } from "./routes";
import { createCustomerNoticesService } from "./service";

/*
 * Customers told of their live claims (decision 032): the notices the claims' triggers write are
 * mailed through the shop's templates and pushed to the browsers the customer allowed. The
 * orders' trigger writes one more of each order paid or shipped (decision 039), mailed only.
 */
export { createCustomerNoticesService } from "./service";

export const customerNoticesModule = defineModule({
  name: "customer-notices",
  prefix: "/api/customer/push",
  createService: (context) => createCustomerNoticesService(context),
  routes: customerPushRoutes,
});
