import { createLabelProvider } from "../../integrations/labels/create-label-provider";
import { createStorage } from "../../integrations/storage/create-storage";
import { defineModule } from "../module";
import { shippingLabelRoutes } from "./routes";
import { createShippingLabelService } from "./service";

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

export { LABEL_CLAIM_SECONDS } from "./service";
