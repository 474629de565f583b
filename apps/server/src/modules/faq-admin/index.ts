import { defineModule } from "../module";
import { faqAdminRoutes } from "./routes";
import { createFaqAdminService } from "./service";

/**
 * The back office's FAQs. Apart from the public `faqs` module: one module, one prefix, one
 * audience; the writes and their rank transactions stay out of the public read.
 */
export const faqAdminModule = defineModule({
  name: "faq-admin",
  prefix: "/api/admin/faqs",
  createService: createFaqAdminService,
  routes: faqAdminRoutes,
});
