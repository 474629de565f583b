import { dashboardResponseSchema } from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { DashboardService } from "./service";

export const dashboardRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<DashboardService>> = async (
  app,
  { service },
) => {
  app.get(
    "",
    { config: { access: "admin" }, schema: { response: { 200: dashboardResponseSchema } } },
    async () => ({ dashboard: await service.getDashboard() }),
  );
};
