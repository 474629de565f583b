import { defineModule } from "../module";
import { liveSidebarRoutes } from "./routes";
import { createLiveSidebarService } from "./service";

export const liveSidebarModule = defineModule({
  name: "live-sidebar",
  prefix: "/api/admin/live-sidebar",
  createService: createLiveSidebarService,
  routes: liveSidebarRoutes,
});
