import { authModule } from "./auth";
import { dashboardModule } from "./dashboard";
import { colorsModule } from "./colors";
import { devMailModule } from "./dev-mail";
import { faqsModule } from "./faqs";
import { healthModule } from "./health";
import { livesModule } from "./lives";
import type { AppModule } from "./module";
import { pagesModule } from "./pages";
import { productsModule } from "./products";
import { shopModule } from "./shop";

/** Every module of the server, registered in this order. A new module is added here. */
export const appModules: AppModule[] = [
  authModule,
  pagesModule,
  faqsModule,
  shopModule,
  dashboardModule,
  livesModule,
  productsModule,
  colorsModule,
  healthModule,
  devMailModule,
];
