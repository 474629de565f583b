import { defineModule } from "../module";
import { orderPreparationRoutes } from "./routes";
import { createOrderPreparationService } from "./service";

export const orderPreparationModule = defineModule({
  name: "order-preparation",
  prefix: "/api/admin/preparation",
  createService: ({ db }) => createOrderPreparationService({ db }),
  routes: orderPreparationRoutes,
});
