import { defineModule } from "../module";
import { liveRoutes } from "./routes";
import { createLiveService } from "./service";

export const livesModule = defineModule({
  name: "lives",
  prefix: "/api/admin/lives",
  createService: createLiveService,
  routes: liveRoutes,
});
