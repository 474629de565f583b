import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { RefundCheckService } from "./service";

/** No routes: the app's log is handed to the refund check job, which runs once the app is ready. */
export const refundRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<RefundCheckService>> = async (
  app,
  { service },
) => {
  service.useLog(app.log);
};
