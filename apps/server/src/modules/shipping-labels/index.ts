import { createLabelProvider } from "../../integrations/labels/create-label-provider";
import { createStorage } from "../../integrations/storage/create-storage";
import { defineModule } from "../module";
import { shippingLabelRoutes } from "./routes";
import { createShippingLabelService } from "./service";

// A live's label batch makes each parcel's label through this same service (one label per order);
// the parcels module reads the claim's lifetime.
export { createShippingLabelService, LABEL_CLAIM_SECONDS, type ShippingLabelService } from "./service";

export const shippingLabelsModule = defineModule({
  name: "shipping-labels",
  prefix: "/api/admin/orders/:id/label",
  createService: async ({ config, db }) =>
    createShippingLabelService({
      db,
      provider: createLabelProvider({ config, db }),
      storage: await createStorage(config),
    }),
  routes: shippingLabelRoutes,
});
