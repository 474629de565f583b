import { defineModule } from "../module";
import { instagramWebhookRoutes } from "./routes";
import { createInstagramWebhookService } from "./service";

export const instagramWebhookModule = defineModule({
  name: "instagram-webhook",
  prefix: "/api/webhooks/instagram",
  createService: createInstagramWebhookService,
  routes: instagramWebhookRoutes,
  // The comments its ingestion still holds are written before the pool closes.
  stop: (service) => service.close(),
});
