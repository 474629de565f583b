import { defineModule } from "../module";
import { auditEventRoutes } from "./routes";
import { createAuditEventService } from "./service";

export { recordAuditEvent, recordImpersonatedWrite, recordImpersonationEnd } from "./record";

/** Reading the audit log; modules write to it with the functions above. */
export const auditEventsModule = defineModule({
  name: "audit-events",
  prefix: "/api/admin/audit-events",
  createService: createAuditEventService,
  routes: auditEventRoutes,
});
