import {
  dashboardResponseSchema,
  idParamsSchema,
  liveFiguresDetailSchema,
  liveFiguresOverviewSchema,
} from "@vitrine/domain";
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

  app.get(
    "/lives",
    { config: { access: "admin" }, schema: { response: { 200: liveFiguresOverviewSchema } } },
    async () => service.getLivesOverview(),
  );

  app.get(
    "/lives/:id",
    {
      config: { access: "admin" },
      schema: { params: idParamsSchema, response: { 200: liveFiguresDetailSchema } },
    },
    async (request) => service.getLiveFigures(request.params.id),
  );
};
