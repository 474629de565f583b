import {
  idParamsSchema,
  preparationListResponseSchema,
  preparationValidatedResponseSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { OrderPreparationService } from "./service";

/** Order preparation (spec: /admin/orders-preparation). */
export const orderPreparationRoutes: FastifyPluginAsyncZod<
  ModuleRouteOptions<OrderPreparationService>
> = async (app, { service }) => {
  app.get(
    "",
    { config: { access: "admin" }, schema: { response: { 200: preparationListResponseSchema } } },
    async () => ({ orders: await service.listOrdersToPrepare() }),
  );

  app.post(
    "/:id/validate",
    {
      config: { access: "admin" },
      schema: { params: idParamsSchema, response: { 200: preparationValidatedResponseSchema } },
    },
    async (request) => ({ order: await service.validatePreparation(request.params.id) }),
  );
};
