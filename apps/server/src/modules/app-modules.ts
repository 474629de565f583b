import { adminOrdersModule } from "./admin-orders";
import { authModule } from "./auth";
import { dashboardModule } from "./dashboard";
import { colorsModule } from "./colors";
import { customerOrdersModule } from "./customer-orders";
import { devMailModule } from "./dev-mail";
import { faqAdminModule } from "./faq-admin";
import { faqsModule } from "./faqs";
import { healthModule } from "./health";
import { livesModule } from "./lives";
import { messageTemplatesModule } from "./message-templates";
import type { AppModule } from "./module";
import { pageAdminModule } from "./page-admin";
import { pagesModule } from "./pages";
import { paymentSimulatorModule } from "./payment-simulator";
import { paymentsModule } from "./payments";
import { productsModule } from "./products";
import { profileModule } from "./profile";
import { shopModule } from "./shop";

/** Every module of the server, registered in this order. A new module is added here. */
export const appModules: AppModule[] = [
  authModule,
  pagesModule,
  faqsModule,
  faqAdminModule,
  pageAdminModule,
  messageTemplatesModule,
  shopModule,
  paymentsModule,
  paymentSimulatorModule,
  dashboardModule,
  livesModule,
  productsModule,
  colorsModule,
  customerOrdersModule,
  adminOrdersModule,
  profileModule,
  healthModule,
  devMailModule,
];
