import { defineModule } from "../module";
import { auditEventRoutes } from "./routes";
import { createAuditEventService } from "./service";

/** Reading the audit log; modules write to it with `record.ts`. */
export const auditEventsModule = defineModule({
  name: "audit-events",
  prefix: "/api/admin/audit-events",
  createService: createAuditEventService,
  routes: auditEventRoutes,
});
