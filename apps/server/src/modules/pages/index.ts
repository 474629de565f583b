import { defineModule } from "../module";
import { pageRoutes } from "./routes";
import { createPageService } from "./service";

export const pagesModule = defineModule({
  name: "pages",
  prefix: "/api/pages",
  createService: createPageService,
  routes: pageRoutes,
});
