import { defineModule } from "../module";
import { dashboardRoutes } from "./routes";
import { createDashboardService } from "./service";

export const dashboardModule = defineModule({
  name: "dashboard",
  prefix: "/api/admin/dashboard",
  createService: createDashboardService,
  routes: dashboardRoutes,
});
