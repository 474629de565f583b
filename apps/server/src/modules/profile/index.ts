import { defineModule } from "../module";
import { profileRoutes } from "./routes";
import { createProfileService } from "./service";

export { handleProofCodeOf } from "./service";

export const profileModule = defineModule({
  name: "profile",
  prefix: "/api/customer/profile",
  createService: createProfileService,
  routes: profileRoutes,
});
