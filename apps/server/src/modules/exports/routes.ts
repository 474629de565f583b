import { adminOrderListQuerySchema, idParamsSchema } from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { ExportService } from "./service";

const admin = { access: "admin" } as const;

/**
 * The back office's CSV files (French Excel: BOM, semicolons, decimal commas), streamed as they
 * are read: the orders with the orders page's own filters, a live's sales, the users.
 */
export const exportRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<ExportService>> = async (
  app,
  { service },
) => {
  app.get(
    "/orders.csv",
    { config: admin, schema: { querystring: adminOrderListQuerySchema } },
    (request, reply) => service.sendOrders(reply, request.query),
  );

  app.get("/lives/:id/sales.csv", { config: admin, schema: { params: idParamsSchema } }, (request, reply) =>
    service.sendLiveSales(reply, request.params.id),
  );

  app.get("/users.csv", { config: admin }, (_request, reply) => service.sendUsers(reply));
};
