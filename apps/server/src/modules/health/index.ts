import { defineModule } from "../module";
import { healthRoutes } from "./routes";
import { createHealthService } from "./service";

export const healthModule = defineModule({
  name: "health",
  prefix: "",
  createService: createHealthService,
  routes: healthRoutes,
});
