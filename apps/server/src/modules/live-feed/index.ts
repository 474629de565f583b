import { defineModule } from "../module";
import { liveFeedRoutes } from "./routes";
import { createLiveFeedService } from "./service";

export const liveFeedModule = defineModule({
  name: "live-feed",
  prefix: "/api/admin/live-feed",
  createService: createLiveFeedService,
  routes: liveFeedRoutes,
});
