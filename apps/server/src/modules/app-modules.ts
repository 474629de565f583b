import { adminOrderDetailModule } from "./admin-order-detail";
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
import { paymentReviewsModule } from "./payment-reviews";
import { paymentSimulatorModule } from "./payment-simulator";
import { paymentsModule } from "./payments";
import { productsModule } from "./products";
import { profileModule } from "./profile";
import { shopModule } from "./shop";
import { shopSettingsModule } from "./shop-settings";
// Merge, shipping labels, preparation.
import { orderPreparationModule } from "./order-preparation";
import { parcelsModule } from "./parcels";
import { refundsModule } from "./refunds";
import { shippingLabelsModule } from "./shipping-labels";
import { labelBatchesModule } from "./label-batches";
import { userMergeModule } from "./user-merge";
// Users, audit log, messaging.
import { adminUsersModule } from "./admin-users";
import { auditEventsModule } from "./audit-events";
import { adminMessagesModule } from "./admin-messages";
// Live ingestion and the live feed.
import { liveIngestModule } from "./live-ingest";
import { instagramWebhookModule } from "./instagram-webhook";
import { liveFeedModule } from "./live-feed";
// The live-order sidebar.
import { liveSidebarModule } from "./live-sidebar";
// Claims of a live, decided on the server.
import { liveClaimsModule } from "./live-claims";
// The customer's own live page.
import { customerLiveModule } from "./customer-live";
// Customers told of their claims: mails and web push.
import { customerNoticesModule } from "./customer-notices";
// CSV exports of the back office.
import { exportsModule } from "./exports";

/** Every module of the server, registered in this order. A new module is added here. */
export const appModules: AppModule[] = [
  authModule,
  pagesModule,
  faqsModule,
  faqAdminModule,
  pageAdminModule,
  messageTemplatesModule,
  shopModule,
  shopSettingsModule,
  paymentsModule,
  paymentSimulatorModule,
  paymentReviewsModule,
  dashboardModule,
  livesModule,
  productsModule,
  colorsModule,
  customerOrdersModule,
  adminOrderDetailModule,
  adminOrdersModule,
  profileModule,
  // Merge, shipping labels, preparation.
  userMergeModule,
  shippingLabelsModule,
  orderPreparationModule,
  labelBatchesModule,
  parcelsModule,
  refundsModule,
  healthModule,
  devMailModule,
  adminUsersModule,
  auditEventsModule,
  adminMessagesModule,
  // Live ingestion and the live feed.
  liveIngestModule,
  instagramWebhookModule,
  liveFeedModule,
  // The live-order sidebar.
  liveSidebarModule,
  // Claims of a live, decided on the server.
  liveClaimsModule,
  // The customer's own live page.
  customerLiveModule,
  // Customers told of their claims: mails and web push.
  customerNoticesModule,
  // CSV exports of the back office.
  exportsModule,
];
