import { defineModule } from "../module";
import { shopSettingsRoutes } from "./routes";
import { createShopSettingsService } from "./service";

export { minimumOrderCentsOf } from "./service";

export const shopSettingsModule = defineModule({
  name: "shop-settings",
  prefix: "/api/admin/shop-settings",
  createService: ({ db }) => createShopSettingsService({ db }),
  routes: shopSettingsRoutes,
});
