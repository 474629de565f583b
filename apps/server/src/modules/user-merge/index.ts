import { defineModule } from "../module";
import { userMergeRoutes } from "./routes";
import { createUserMergeService } from "./service";

export const userMergeModule = defineModule({
  name: "user-merge",
  prefix: "/api/admin/user-merge",
  createService: ({ db }) => createUserMergeService({ db }),
  routes: userMergeRoutes,
});
