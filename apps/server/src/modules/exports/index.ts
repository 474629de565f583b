import { defineModule } from "../module";
import { exportRoutes } from "./routes";
import { createExportService } from "./service";

export const exportsModule = defineModule({
  name: "exports",
  prefix: "/api/admin/exports",
  createService: createExportService,
  routes: exportRoutes,
  stop: (service) => service.close(),
});

export { EXPORT_BATCH_ROWS } from "./csv-stream";
