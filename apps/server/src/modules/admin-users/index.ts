import { defineModule } from "../module";
import { adminUserRoutes } from "./routes";
import { createAdminUserService } from "./service";

/** Customers as staff see them: the list, the edit dialog, and each one's orders. */
export const adminUsersModule = defineModule({
  name: "admin-users",
  prefix: "/api/admin/users",
  createService: createAdminUserService,
  routes: adminUserRoutes,
});
