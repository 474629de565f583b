import { createRateLimiter } from "../../http/rate-limiter";
import { defineModule } from "../module";
import { messageTemplateRoutes } from "./routes";
import { createMessageTemplateService } from "./service";

/** The e-mail templates of the back office (one per order status) and their test sends. */
export const messageTemplatesModule = defineModule({
  name: "message-templates",
  prefix: "/api/admin/message-templates",
  createService: ({ db, mailer }) =>
    createMessageTemplateService({ db, mailer, rateLimiter: createRateLimiter(db) }),
  routes: messageTemplateRoutes,
});
