import { defineModule } from "../module";
import { customerLiveRoutes } from "./routes";
import { createCustomerLiveService } from "./service";

export { unheardHandles } from "./queries";

/** The customer's own live page: their claims of the live, read and streamed (decision 032). */
export const customerLiveModule = defineModule({
  name: "customer-live",
  prefix: "/api/customer/live",
  createService: createCustomerLiveService,
  routes: customerLiveRoutes,
});
