import { defineModule } from "../module";
import { pageAdminRoutes } from "./routes";
import { createPageAdminService } from "./service";

/** The back office's static pages; the public site reads them through the `pages` module. */
export const pageAdminModule = defineModule({
  name: "page-admin",
  prefix: "/api/admin/pages",
  createService: createPageAdminService,
  routes: pageAdminRoutes,
});
