import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { RefundCheckService } from "./service";

/**
 * No routes: the app's log is handed to the refund check job, which runs once the app is ready,
 * and the refunds left in flight by a stopped instance get their check again.
 */
export const refundRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<RefundCheckService>> = async (
  app,
  { service },
) => {
  service.useLog(app.log);
  app.addHook("onReady", async () => {
    const resumed = await service.resumeChecks().catch((error: unknown) => {
      app.log.warn({ err: error }, "the refunds in flight could not be checked again");
      return 0;
    });
    if (resumed > 0) app.log.info({ resumed }, "refunds in flight checked again");
  });
};
