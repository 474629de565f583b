import { defineModule } from "../module";
import { productRoutes } from "./routes";
import { createProductService } from "./service";

export const productsModule = defineModule({
  name: "products",
  prefix: "/api/admin/products",
  createService: createProductService,
  routes: productRoutes,
});
