import { defineModule } from "../module";
import { adminMessageRoutes } from "./routes";
import { createAdminMessageService } from "./service";

/** Mails staff write to customers, wrapped with the shop's heading and footer. */
export const adminMessagesModule = defineModule({
  name: "admin-messages",
  prefix: "/api/admin/messages",
  createService: ({ db, mailer, config }) =>
    createAdminMessageService({
      db,
      mailer,
      shop: { name: config.shop.name, url: config.appUrl, contactEmail: config.shop.contactEmail },
    }),
  routes: adminMessageRoutes,
});
