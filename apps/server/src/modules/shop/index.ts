import { defineModule } from "../module";
import { shopRoutes } from "./routes";
import { createShopService } from "./service";

export const shopModule = defineModule({
  name: "shop",
  prefix: "/api/shop",
  createService: ({ config }) => createShopService({ shop: config.shop }),
  routes: shopRoutes,
});
