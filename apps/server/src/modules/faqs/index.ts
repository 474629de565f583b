import { defineModule } from "../module";
import { faqRoutes } from "./routes";
import { createFaqService } from "./service";

export const faqsModule = defineModule({
  name: "faqs",
  prefix: "/api/faqs",
  createService: createFaqService,
  routes: faqRoutes,
});
