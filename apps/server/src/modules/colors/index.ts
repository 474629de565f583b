import { defineModule } from "../module";
import { colorRoutes } from "./routes";
import { createColorService } from "./service";

export const colorsModule = defineModule({
  name: "colors",
  prefix: "/api/admin/colors",
  createService: createColorService,
  routes: colorRoutes,
});
