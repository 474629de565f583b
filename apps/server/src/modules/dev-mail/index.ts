import { defineModule } from "../module";
import { devMailRoutes } from "./routes";
import { createDevMailService } from "./service";

/** The development outbox at /dev/mail: never registered in production. */
export const devMailModule = defineModule({
  name: "dev-mail",
  prefix: "/dev",
  createService: createDevMailService,
  routes: devMailRoutes,
  isEnabled: (config) => !config.isProduction,
});
